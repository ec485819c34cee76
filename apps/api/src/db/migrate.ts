import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle, DatabaseOptions } from './client.js';

/** apps/api/drizzle: the checked-in migrations (src/db and dist/db are both two levels below apps/api). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number from a fixed string: the advisory lock that serialises concurrent start-ups on PostgreSQL. */
const migrationLockKey = 0x1970_1ee1;

/**
 * Applies the checked-in migrations (the tests of a data migration pass a folder holding the
 * earlier ones only). On PostgreSQL a dedicated single connection holds an advisory lock
 * meanwhile, so several instances starting together migrate once.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: DatabaseOptions,
  folder: string = migrationsFolder,
): Promise<void> {
  if (options.driver === 'pglite') {
    // PGlite is one in-process connection: migrate through the handle's own client.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    return;
  }
  const client = postgres(options.url, { max: 1, onnotice: () => undefined });
  try {
    await client`select pg_advisory_lock(${migrationLockKey})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: folder });
    await client`select pg_advisory_unlock(${migrationLockKey})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
