import { refuse, type Refusal, type Refused } from '@ipportal/domain';
import type { FastifyReply } from 'fastify';
import { contentDisposition, sendObject } from '../storage/http.js';
import { StorageError, type Storage } from '../storage/types.js';

/**
 * Streams a stored file as a download (Content-Disposition: attachment). Bytes missing from the
 * storage answer `missing`, as a missing row does: the caller cannot tell the two apart.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Pick<Storage, 'get'>,
  file: { storageKey: string; name: string },
  missing: Refusal,
): Promise<FastifyReply | Refused> {
  try {
    return sendObject(reply, await storage.get(file.storageKey), file.name);
  } catch (error) {
    if (error instanceof StorageError && error.code === 'notFound') return refuse(missing);
    throw error;
  }
}

/** Sends generated text (a transcript) as a UTF-8 download named `fileName`. */
export function sendTextFile(reply: FastifyReply, bytes: Buffer, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-length', bytes.length)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
