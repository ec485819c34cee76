import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { preparedStatements } from './prepared-statements.js';
import * as schema from './schema/index.js';
import { postgresLanes, sameConnectionLanes, type WriteLanes } from './write-lanes.js';

export { schema };

/** The Drizzle database every module uses; the same type over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction or the database itself: repository functions accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseOptions =
  | {
      driver: 'pglite';
      /** Folder of the embedded database; undefined keeps it in memory (tests). */ dataDir:
        string | undefined;
    }
  | { driver: 'postgres'; url: string; poolMax?: number };

/** The driver's own client, for what Drizzle does not do: LISTEN (src/events) and the job queue (src/jobs). */
export type DatabaseConnection =
  { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; client: postgres.Sql; url: string };

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  readonly connection: DatabaseConnection;
  /** Where single-statement writes of a hot row (a chat room's messages) run (ADR 0061). */
  readonly lanes: WriteLanes;
  /** Resolves when the database answers a trivial query (GET /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'pglite') {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      connection: { driver: 'pglite', client },
      lanes: sameConnectionLanes(db),
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
      },
    };
  }
  // Prepared statements (ADR 0058) are still planned with each run's parameters, as the
  // unprepared queries were: a generic plan, which PostgreSQL may pick after five runs, is
  // chosen without the values, and the matter list's filters are skewed by organization.
  const planning = { plan_cache_mode: 'force_custom_plan' };
  const client = preparedStatements(
    postgres(options.url, {
      max: options.poolMax ?? 10,
      onnotice: () => undefined,
      connection: { application_name: 'ipportal-api', ...planning },
    }),
  );
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  const lanes = postgresLanes(options.url, { application_name: 'ipportal-api-lane', ...planning });
  return {
    db,
    driver: 'postgres',
    connection: { driver: 'postgres', client, url: options.url },
    lanes,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([client.end({ timeout: 5 }), lanes.close()]);
    },
  };
}
