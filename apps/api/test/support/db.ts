import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../../src/db/index.js';

export type TestDriver = 'pglite' | 'postgres';

/** The driver of this vitest project (see vitest.config.ts). */
export const testDriver: TestDriver = process.env.DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** The admin URL the global setup found reachable, or '' when PostgreSQL runs are skipped. */
export function postgresAdminUrl(): string {
  return testDriver === 'postgres' ? inject('postgresAdminUrl') : '';
}

/** True when this file's tests cannot run (postgres project, no server). */
export const skipDriver = testDriver === 'postgres' && postgresAdminUrl() === '';

export interface TestDatabase {
  options: DatabaseOptions;
  /** DATABASE_URL for a config pointing at this database (postgres only). */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database
 * `t_<random>` (dropped afterwards) so parallel files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    return {
      options: { driver: 'pglite', dataDir: undefined },
      env: {},
      open: () => openDatabase({ driver: 'pglite', dataDir: undefined }),
      drop: async () => {},
    };
  }
  const admin = postgresAdminUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const sql = postgres(admin, { max: 1, onnotice: () => undefined });
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  const url = withDatabase(admin, name);
  return {
    options: { driver: 'postgres', url, poolMax: 5 },
    env: { DATABASE_URL: url, DB_POOL_MAX: '5' },
    open: () => openDatabase({ driver: 'postgres', url, poolMax: 5 }),
    async drop() {
      const client = postgres(admin, { max: 1, onnotice: () => undefined });
      await client.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
