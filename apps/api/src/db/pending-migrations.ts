import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.js';
import { migrationsFolder } from './migrate.js';
import { rowsOf } from './rows.js';

interface JournalEntry {
  tag: string;
  /** When the migration was generated; drizzle stores it as `created_at` once applied. */
  when: number;
}

/**
 * The checked-in migrations the database has not applied yet, by tag, oldest first. Drizzle's
 * migrator applies every journal entry newer than the newest one recorded in
 * `drizzle.__drizzle_migrations`, so that is what counts as pending here too.
 */
export async function pendingMigrations(
  handle: DatabaseHandle,
  folder: string = migrationsFolder,
): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const applied = await handle.db
    .execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)
    .then((result) => Number(rowsOf<{ last: string | null }>(result)[0]?.last ?? 0))
    // No migrations table: a new, empty database.
    .catch(() => 0);
  return journal.entries.filter((entry) => entry.when > applied).map((entry) => entry.tag);
}
