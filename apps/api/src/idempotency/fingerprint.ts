import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Busboy } from '@fastify/busboy';
import stringify from 'safe-stable-stringify';

/** What identifies a request besides its body: the method, the route and its parameters. */
export interface RequestShape {
  method: string;
  route: string;
  params: unknown;
  query: unknown;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The fingerprint of a JSON request: its shape and its parsed body with keys in a fixed order. */
export function jsonFingerprint(shape: RequestShape, body: unknown): string {
  return sha256(stringify([shape.method, shape.route, shape.params, shape.query, body ?? null]) ?? '');
}

interface Part {
  field: string;
  /** A text field's value, or a file's name, type and the SHA-256 of its bytes. */
  value?: string;
  file?: { name: string; type: string; sha256: string };
}

/**
 * The fingerprint of a multipart request, part by part (names, values, file names and types and
 * each file's SHA-256) rather than byte by byte: a client that sends the same form again chooses a
 * new boundary, and the same form must still count as the same body.
 *
 * `feed` takes the raw body's bytes as they arrive; `digest` resolves once they have all been
 * read, and rejects on a body that is not well-formed multipart.
 */
export function multipartFingerprint(shape: RequestShape, headers: IncomingHttpHeaders) {
  const parts: Part[] = [];
  const pending: Promise<void>[] = [];
  const parser = new Busboy({
    headers: headers as IncomingHttpHeaders & { 'content-type': string },
    limits: { fieldSize: Infinity },
  });
  parser.on('field', (field: string, value: string) => parts.push({ field, value }));
  parser.on(
    'file',
    (field: string, stream: NodeJS.ReadableStream, name: string, _e: string, type: string) => {
      const part: Part = { field };
      parts.push(part);
      const hash = createHash('sha256');
      stream.on('data', (chunk: Buffer) => hash.update(chunk));
      pending.push(
        new Promise((resolve, reject) => {
          stream.on('end', () => {
            part.file = { name, type, sha256: hash.digest('hex') };
            resolve();
          });
          stream.on('error', reject);
        }),
      );
    },
  );
  const digest = new Promise<string>((resolve, reject) => {
    parser.on('finish', () => {
      Promise.all(pending).then(
        () => resolve(jsonFingerprint(shape, parts)),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
    parser.on('error', reject);
  });
  // Nobody may wait for it (a request answered before its body was read): no unhandled rejection.
  digest.catch(() => undefined);
  return {
    digest,
    /** Reads the raw body beside whoever else reads it (the route's own multipart parser). */
    tee(raw: IncomingMessage) {
      raw.on('data', (chunk: Buffer) => parser.write(chunk));
      raw.on('end', () => parser.end());
      raw.on('error', (error) => parser.destroy(error));
    },
  };
}
