import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertAllowedContentType,
  assertContentMatches,
  defaultAllowedContentTypes,
} from './content-type.js';
import { StorageError, type PutOptions } from './types.js';

export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  discard(): Promise<void>;
}

const sniffBytes = 16;

/**
 * Streams an upload into a temporary file while counting, hashing and sniffing it, and stops
 * as soon as it passes the size limit. Drivers then move (local) or stream (S3) the temp file,
 * which gives S3 an exact Content-Length and checksum without holding the file in memory.
 */
export async function receiveToTempFile(
  body: Readable,
  tempDir: string,
  options: PutOptions,
  limit: number,
): Promise<ReceivedFile> {
  assertAllowedContentType(options.contentType, options.allowedContentTypes ?? defaultAllowedContentTypes);
  await mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (size > limit) {
        callback(new StorageError('tooLarge', `upload exceeds ${limit} bytes`));
        return;
      }
      if (!checked) {
        head = Buffer.concat([head, chunk]).subarray(0, sniffBytes);
        if (head.length >= sniffBytes) {
          checked = true;
          try {
            assertContentMatches(options.contentType, head);
          } catch (error) {
            callback(error as Error);
            return;
          }
        }
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (!checked) {
        try {
          assertContentMatches(options.contentType, head);
        } catch (error) {
          callback(error as Error);
          return;
        }
      }
      callback();
    },
  });
  const file = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(body, guard, file);
  } catch (error) {
    // The file may still be opening when the pipeline fails on the first chunk: wait until the
    // stream is closed, or the part file would be created after it was removed.
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await rm(tempPath, { force: true });
    body.resume();
    throw error;
  }
  return { tempPath, size, sha256: hash.digest('hex'), discard: () => rm(tempPath, { force: true }) };
}

/** Keys are relative POSIX paths of safe segments: no traversal, no absolute paths. */
export function assertValidKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    !key.split('/').every((segment) => /^[\w.-]+$/.test(segment) && segment !== '.' && segment !== '..')
  ) {
    throw new StorageError('invalidKey', `invalid storage key ${JSON.stringify(key)}`);
  }
}
