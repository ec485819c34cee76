/**
 * One GET timed from the request to the last byte of the body, as a calendar client sees it:
 * `accept-encoding: gzip` (what calendar apps send), the bytes on the wire and the decoded text.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface TimedResponse {
  status: number;
  ms: number;
  wireBytes: number;
  body: string;
}

export function timedGet(port: number, urlPath: string): Promise<TimedResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: urlPath, headers: { 'accept-encoding': 'gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const decoded = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            ms,
            wireBytes: raw.length,
            body: decoded.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
