import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createStorage } from '../storage/index.js';
import { databaseFileName, dumpDatabase } from './database.js';
import { manifestFormat, writeManifest, type Manifest } from './manifest.js';
import { copyObjectsOut, hashFile } from './objects.js';

/**
 * Writes a backup of the database and every stored object into `dir` (new or empty), manifest last:
 * a folder without `manifest.json` is an unfinished backup.
 *
 * The database is dumped before the objects are copied. Uploads store their bytes before the row
 * that names them is written, so every object the dump refers to already exists when the copy
 * starts (objects stored later are copied too and stay unreferenced).
 */
export async function backUp(config: AppConfig, dir: string): Promise<Manifest> {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new Error(`${dir} is not empty: back up into a new folder`);
  await mkdir(dir, { recursive: true });

  const kind = config.database.driver;
  const databaseFile = databaseFileName[kind];
  await dumpDatabase(config.database, path.join(dir, databaseFile));

  const storage = createStorage(config.storage);
  let objects: Manifest['storage']['objects'];
  try {
    objects = await copyObjectsOut(storage, dir);
  } finally {
    await storage.close();
  }

  const manifest: Manifest = {
    format: manifestFormat,
    version: 1,
    createdAt: new Date().toISOString(),
    database: { kind, file: databaseFile, ...(await hashFile(path.join(dir, databaseFile))) },
    storage: { driver: storage.driver, objects },
  };
  await writeManifest(dir, manifest);
  return manifest;
}
