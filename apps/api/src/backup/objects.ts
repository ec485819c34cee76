import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey } from '../storage/receive.js';
import type { Storage } from '../storage/types.js';
import type { ManifestObject } from './manifest.js';

/** Stored objects sit under this folder of a backup, each at its storage key. */
export const objectsFolder = 'objects';

const objectPath = (dir: string, key: string) => {
  assertValidKey(key);
  return path.join(dir, objectsFolder, ...key.split('/'));
};

/** A pass-through that hashes what flows by. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}

/** Hex SHA-256 and size of a file in the backup folder. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Copies every stored object into the backup folder; answers the manifest's list. */
export async function copyObjectsOut(storage: Storage, dir: string): Promise<ManifestObject[]> {
  const copied: ManifestObject[] = [];
  for await (const listed of storage.list()) {
    const target = objectPath(dir, listed.key);
    await mkdir(path.dirname(target), { recursive: true });
    const hash = hashing();
    await pipeline(
      (await storage.get(listed.key)).body,
      hash.stream,
      createWriteStream(target, { flags: 'wx' }),
    );
    const { sha256, size } = hash.result();
    copied.push({
      key: listed.key,
      size,
      sha256,
      contentType: listed.contentType,
      writeOnce: listed.writeOnce,
    });
  }
  return copied;
}

/** Object files whose bytes no longer match the manifest (a damaged or edited backup). */
export async function damagedObjects(dir: string, objects: readonly ManifestObject[]): Promise<string[]> {
  const damaged: string[] = [];
  for (const object of objects) {
    const found = await hashFile(objectPath(dir, object.key)).catch(() => undefined);
    if (found?.sha256 !== object.sha256 || found.size !== object.size) damaged.push(object.key);
  }
  return damaged;
}

/** Puts each object back with its content type and write-once mark; checks what was stored. */
export async function restoreObjects(storage: Storage, dir: string, objects: readonly ManifestObject[]) {
  for (const object of objects) {
    const stored = await storage.put(object.key, createReadStream(objectPath(dir, object.key)), {
      contentType: object.contentType,
      allowedContentTypes: [object.contentType],
      writeOnce: object.writeOnce,
    });
    if (stored.sha256 !== object.sha256)
      throw new Error(`${object.key}: stored bytes differ from the backup (sha256 ${stored.sha256})`);
  }
}
