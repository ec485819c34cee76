import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, type DatabaseHandle } from '../../src/db/index.js';
import { createTestDatabase, type TestDatabase } from './db.js';

/**
 * A copy of the migrations folder that ends before `tag`, for a test that fills a database as
 * an earlier release left it and then applies the rest (the caller removes the folder).
 */
export async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ipportal-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`no migration before ${tag} in ${migrationsFolder}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/**
 * A fresh test database and a migrations folder that ends before `tag`: the test migrates to
 * `earlier`, fills rows as that release left them, then migrates the rest. `close` ends both.
 */
export async function databaseBefore(tag: string): Promise<{
  testDb: TestDatabase;
  handle: DatabaseHandle;
  earlier: string;
  close: () => Promise<void>;
}> {
  const testDb = await createTestDatabase();
  const handle = await testDb.open();
  const earlier = await migrationsBefore(tag);
  return {
    testDb,
    handle,
    earlier,
    close: async () => {
      await handle.close();
      await testDb.drop();
      await rm(earlier, { recursive: true, force: true });
    },
  };
}
