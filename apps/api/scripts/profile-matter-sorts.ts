/**
 * Profile of the matter list's sorted reads at scale (100,000 matters as in bench/api-list.ts; not part of the app): seeds an
 * organization of N matters (src/seed/scale.ts) on PGlite or a scratch PostgreSQL database, then
 * for each sort key prints the plan of the sorted first page and of the CSV's first and second
 * batches (EXPLAIN ANALYZE of the very SQL the repositories send, caught by Drizzle's logger), and
 * times the first page and the whole CSV written to a string (export generator + csvLines, as
 * the route does, without HTTP).
 *
 * Run: pnpm exec tsx --conditions=@ipportal/source scripts/profile-matter-sorts.ts <pglite|postgres>
 * Env: PROFILE_MATTERS (default 100000), PROFILE_SORTS (comma-separated, default every sort key),
 *      PROFILE_RUNS (CSV runs per sort, default 3), PROFILE_PLANS (0: timings only),
 *      DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { projectListQuerySchema, projectCsvQuerySchema, projectSortFields } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Principal } from '../src/auth/types.js';
import {
  migrateDatabase,
  openDatabase,
  schema,
  type Database,
  type DatabaseOptions,
} from '../src/db/index.js';
import { users } from '../src/db/schema/index.js';
import { exportProjects, listProjects } from '../src/repositories/projects/index.js';
import { csvColumns, csvLines } from '../src/csv/matters.js';
import { seedLargeOrganization } from '../src/seed/scale.js';

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const matters = Number(process.env.PROFILE_MATTERS ?? 100_000);
const sorts = (process.env.PROFILE_SORTS ?? projectSortFields.join(',')).split(',');
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const plans = process.env.PROFILE_PLANS !== '0';
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  const scratch = `profile_${randomBytes(4).toString('hex')}`;
  let url = '';
  if (driver === 'postgres') {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${scratch}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${scratch}`;
    url = u.toString();
  }
  const options: DatabaseOptions =
    driver === 'postgres'
      ? { driver: 'postgres', url, poolMax: 2 }
      : { driver: 'pglite', dataDir: undefined };
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle, options);
    const [user] = await handle.db
      .insert(users)
      .values({
        userType: 'REGULAR',
        identitySub: crypto.randomUUID(),
        email: 'profile@example.com',
        name: 'Profile',
      })
      .returning();
    const started = performance.now();
    const seeded = await seedLargeOrganization(handle.db, { administratorUserId: user!.id, matters });
    await handle.db.execute(sql`analyze`);
    console.log(
      `${driver}: seeded ${matters} matters in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${await load()})`,
    );
    const principal: Principal = {
      userId: user!.id,
      userType: 'REGULAR',
      sub: user!.identitySub,
      email: 'profile@example.com',
      organizationId: seeded.organizationId,
      roleInOrganizationCode: 0,
      firmId: null,
      locale: 'ja',
    };

    // A second Drizzle over the same client that remembers each statement, to EXPLAIN it.
    const caught: { query: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => void caught.push({ query, params }) };
    const { connection } = handle;
    const logged = (connection.driver === 'pglite'
      ? drizzlePglite({ client: connection.client, schema, logger })
      : drizzlePostgres({ client: connection.client, schema, logger })) as unknown as Database;
    const explain = async (statement: { query: string; params: unknown[] }): Promise<string[]> => {
      const text = `explain (analyze, buffers, costs off) ${statement.query}`;
      const result =
        connection.driver === 'pglite'
          ? (await connection.client.query<Record<string, string>>(text, statement.params)).rows
          : await connection.client.unsafe(text, statement.params as never[]);
      return (result as Record<string, string>[]).map((row) => Object.values(row)[0]!);
    };
    const show = (title: string, lines: string[]) => {
      console.log(`  ${title}`);
      for (const line of lines)
        if (!/^\s*(Buffers|Planning:|Heap Fetches)/.test(line)) console.log(`    ${line}`);
    };

    for (const sort of sorts) {
      const listQuery = projectListQuerySchema.parse({ sort, order: 'asc', limit: '100' });
      const csvQuery = projectCsvQuerySchema.parse({ sort, order: 'asc' });
      console.log(`\nsort=${sort} (load ${await load()})`);
      if (plans) {
        caught.length = 0;
        await listProjects(logged, principal, listQuery);
        const page = caught.find((s) => /order by/i.test(s.query) && /limit/i.test(s.query))!;
        show('first page:', await explain(page));
        caught.length = 0;
        const view = await exportProjects(logged, principal, csvQuery);
        let n = 0;
        for await (const _batch of view.batches()) if (++n === 2) break;
        const batches = caught.filter((s) => /with batch as/i.test(s.query));
        show('CSV batch 1:', await explain(batches[0]!));
        if (batches[1]) show('CSV batch 2:', await explain(batches[1]));
      }
      const pageTimes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await listProjects(handle.db, principal, listQuery);
        pageTimes.push(performance.now() - t);
      }
      const csvTimes: string[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const view = await exportProjects(handle.db, principal, csvQuery);
        let text = '';
        let rows = 0;
        for await (const batch of view.batches()) {
          rows += batch.length;
          text += csvLines(batch, csvColumns, (key) => key);
        }
        csvTimes.push(
          `${((performance.now() - t) / 1000).toFixed(2)} s (${rows} rows, ${(text.length / 1e6).toFixed(1)} M chars)`,
        );
      }
      console.log(`  first page (100 rows): ${pageTimes.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
      console.log(`  whole CSV to a string: ${csvTimes.join(', ')} (load ${await load()})`);
    }
  } finally {
    await handle.close();
    if (driver === 'postgres') {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
}

await main();
