import { createReadStream } from 'node:fs';
import { chmod, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, receiveToTempFile } from './receive.js';
import {
  StorageError,
  type ListedObject,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './types.js';

interface Meta {
  contentType: string;
  size: number;
  sha256: string;
  writeOnce: boolean;
  createdAt: string;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * Objects in `<root>/objects/<key>`, metadata beside them in `<root>/meta/<key>.json`.
 * A write-once key is claimed by creating its metadata file exclusively and its bytes are
 * hard-linked into place (never renamed over) and made read-only.
 */
export function createLocalStorage(options: { root: string; maxUploadBytes: number }): Storage {
  const objectsDir = path.join(options.root, 'objects');
  const metaDir = path.join(options.root, 'meta');
  const tempDir = path.join(options.root, 'tmp');
  const objectPath = (key: string) => path.join(objectsDir, ...key.split('/'));
  const metaPath = (key: string) => `${path.join(metaDir, ...key.split('/'))}.json`;

  async function readMeta(key: string): Promise<Meta | undefined> {
    try {
      return JSON.parse(await readFile(metaPath(key), 'utf8')) as Meta;
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return undefined;
      throw error;
    }
  }

  return {
    driver: 'local',
    maxUploadBytes: options.maxUploadBytes,

    async put(key: string, body: Readable, putOptions: PutOptions): Promise<StoredObject> {
      assertValidKey(key);
      const limit = Math.min(putOptions.maxBytes ?? options.maxUploadBytes, options.maxUploadBytes);
      const existing = await readMeta(key);
      if (existing && (existing.writeOnce || putOptions.writeOnce)) {
        body.resume();
        throw new StorageError('writeOnce', `${key} already exists and is write-once`);
      }
      const received = await receiveToTempFile(body, tempDir, putOptions, limit);
      const writeOnce = putOptions.writeOnce ?? false;
      const meta: Meta = {
        contentType: putOptions.contentType,
        size: received.size,
        sha256: received.sha256,
        writeOnce,
        createdAt: new Date().toISOString(),
      };
      try {
        await mkdir(path.dirname(objectPath(key)), { recursive: true });
        await mkdir(path.dirname(metaPath(key)), { recursive: true });
        if (writeOnce) {
          try {
            await writeFile(metaPath(key), JSON.stringify(meta), { flag: 'wx', mode: 0o444 });
          } catch (error) {
            if (isErrno(error, 'EEXIST'))
              throw new StorageError('writeOnce', `${key} already exists and is write-once`);
            throw error;
          }
          await link(received.tempPath, objectPath(key));
          await chmod(objectPath(key), 0o444);
        } else {
          await rename(received.tempPath, objectPath(key));
          await writeFile(metaPath(key), JSON.stringify(meta));
        }
      } finally {
        await received.discard();
      }
      return {
        key,
        size: meta.size,
        sha256: meta.sha256,
        contentType: meta.contentType,
        writeOnce,
        retainUntil: null,
      };
    },

    async get(key: string): Promise<ObjectStream> {
      assertValidKey(key);
      const meta = await readMeta(key);
      if (!meta) throw new StorageError('notFound', `${key} not found`);
      const info = await stat(objectPath(key));
      return { body: createReadStream(objectPath(key)), size: info.size, contentType: meta.contentType };
    },

    async exists(key: string): Promise<boolean> {
      assertValidKey(key);
      return (await readMeta(key)) !== undefined;
    },

    async *list(): AsyncIterable<ListedObject> {
      let names: string[];
      try {
        names = await readdir(metaDir, { recursive: true });
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return;
        throw error;
      }
      const keys = names
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length).split(path.sep).join('/'))
        .sort();
      for (const key of keys) {
        const meta = await readMeta(key);
        if (meta) yield { key, size: meta.size, contentType: meta.contentType, writeOnce: meta.writeOnce };
      }
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      const meta = await readMeta(key);
      if (!meta) return;
      if (meta.writeOnce) throw new StorageError('writeOnce', `${key} is write-once and cannot be deleted`);
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },

    async close() {},
  };
}
