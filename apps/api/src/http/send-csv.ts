import type { Readable } from 'node:stream';
import { todayInJapan } from '@ipportal/domain';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../storage/http.js';

/** A plain ASCII file name needs no RFC 5987 `filename*` (RFC 6266 section 4.3). */
const plainFileName = /^[\w.-]+$/;

/**
 * Sends a CSV export (csv/writer.ts) as a download named `<name>-<YYYYMMDD>.csv` (Japan's date),
 * never cached. A file held whole carries its length; a streamed one does not. The web reads the
 * file name, and any header in `exposed`, across origins.
 */
export function sendCsv(
  reply: FastifyReply,
  body: Buffer | Readable,
  name: string,
  exposed: Record<string, string> = {},
): FastifyReply {
  const fileName = `${name}-${todayInJapan().replaceAll('-', '')}.csv`;
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      plainFileName.test(fileName) ? `attachment; filename="${fileName}"` : contentDisposition(fileName),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('access-control-expose-headers', [...Object.keys(exposed), 'content-disposition'].join(', '));
  for (const [header, value] of Object.entries(exposed)) reply.header(header, value);
  if (Buffer.isBuffer(body)) reply.header('content-length', body.length);
  return reply.send(body);
}
