import type { FastifyReply } from 'fastify';
import type { ObjectStream } from './types.js';

/** RFC 6266 / 5987 Content-Disposition that keeps Japanese file names intact. */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a stored object to the client without buffering it. */
export function sendObject(reply: FastifyReply, object: ObjectStream, fileName: string): FastifyReply {
  return reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(object.body);
}
