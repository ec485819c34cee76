import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createStorage } from '../storage/index.js';
import type { Storage } from '../storage/types.js';
import { databaseNotEmpty, loadDatabase } from './database.js';
import { readManifest, type Manifest } from './manifest.js';
import { damagedObjects, hashFile, restoreObjects } from './objects.js';

async function isEmpty(storage: Storage): Promise<boolean> {
  for await (const _object of storage.list()) return false;
  return true;
}

const targetOf = {
  pglite: 'the embedded PGlite database (DATA_DIR, no DATABASE_URL)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/**
 * Restores a backup folder into an empty database and empty storage. Every check runs before
 * anything is written: the backup's bytes against its manifest, the target's kind, its emptiness
 * and the storage ceiling. A refusal changes nothing.
 */
export async function restore(config: AppConfig, dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const databaseFile = path.join(dir, manifest.database.file);

  const kind = manifest.database.kind;
  if (kind !== config.database.driver)
    throw new Error(
      `this backup holds ${targetOf[kind]}; it cannot be restored into ${targetOf[config.database.driver]}`,
    );

  const dump = await hashFile(databaseFile).catch(() => undefined);
  if (dump?.sha256 !== manifest.database.sha256)
    throw new Error(`${databaseFile} is missing or does not match the manifest: the backup is damaged`);
  const damaged = await damagedObjects(dir, manifest.storage.objects);
  if (damaged.length > 0)
    throw new Error(
      `the backup is damaged: ${damaged.length} stored object(s) missing or changed (${damaged.slice(0, 5).join(', ')})`,
    );

  const databaseProblem = await databaseNotEmpty(config.database);
  if (databaseProblem) throw new Error(databaseProblem);

  const storage = createStorage(config.storage);
  try {
    if (!(await isEmpty(storage))) {
      const where =
        config.storage.driver === 's3'
          ? `the bucket ${config.storage.bucket}`
          : `the folder ${config.storage.root}`;
      throw new Error(`${where} already holds stored objects; restore into empty storage`);
    }
    const tooLarge = manifest.storage.objects.filter((object) => object.size > storage.maxUploadBytes);
    if (tooLarge.length > 0)
      throw new Error(
        `${tooLarge.length} object(s) exceed UPLOAD_MAX_BYTES (${storage.maxUploadBytes} bytes), e.g. ${tooLarge[0]!.key}: raise it for the restore`,
      );

    await loadDatabase(config.database, databaseFile);
    await restoreObjects(storage, dir, manifest.storage.objects);
  } finally {
    await storage.close();
  }
  return manifest;
}
