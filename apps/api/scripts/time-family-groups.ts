/**
 * In-process timing of the grouped matter list at scale (not part of the app; figures in
 * bench/README.md). Seeds one organization with BENCH_MATTERS matters (src/seed/scale.ts) on
 * in-memory PGlite and on a scratch PostgreSQL database, then times, as its administrator and as
 * a member: the family group sizes (`listFamilyGroups`: the first call counts, later ones of the
 * same scope version are served from the cache), and pages of 100 rows of the grouped view
 * (`listProjects` with `group: 'family'`) at offsets 0 and half-way, beside the ungrouped first
 * page. Medians of BENCH_RUNS runs; the load average is printed with them.
 *
 * Run: cd apps/api && pnpm exec tsx --conditions=@ipportal/source scripts/time-family-groups.ts
 * Env: BENCH_MATTERS (default 100000), BENCH_RUNS (default 5), BENCH_DRIVERS (pglite,postgres),
 *      DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OrganizationRole } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Principal } from '../src/auth/types.js';
import { migrateDatabase, openDatabase, type DatabaseOptions } from '../src/db/index.js';
import { projectScopeVersions, users } from '../src/db/schema/index.js';
import { listFamilyGroups, listProjects, type ProjectListQuery } from '../src/repositories/projects/index.js';
import { seedLargeOrganization } from '../src/seed/scale.js';

const matters = Number(process.env.BENCH_MATTERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function timeDriver(driver: string): Promise<void> {
  let options: DatabaseOptions;
  let drop = async () => {};
  if (driver === 'pglite') options = { driver: 'pglite', dataDir: undefined };
  else {
    const name = `bench_fg_${randomBytes(4).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    options = { driver: 'postgres', url: url.toString(), poolMax: 5 };
    drop = async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle, options);
    const db = handle.db;
    const [user] = await db
      .insert(users)
      .values({ userType: 'REGULAR', identitySub: randomUUID(), email: 'bench@example.com', name: 'Bench' })
      .returning();
    const seedStarted = performance.now();
    const seeded = await seedLargeOrganization(db, { administratorUserId: user!.id, matters, members: 20 });
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const base = {
      sub: 'bench',
      email: 'bench@example.com',
      organizationId: seeded.organizationId,
      firmId: null,
      locale: 'ja',
      userType: 'REGULAR',
    } as const;
    const who: Record<string, Principal> = {
      administrator: { ...base, userId: user!.id, roleInOrganizationCode: OrganizationRole.Administrator },
      member: { ...base, userId: seeded.memberUserIds[0]!, roleInOrganizationCode: OrganizationRole.Member },
    };
    console.log(`\n${driver}: ${matters} matters seeded in ${seedSeconds.toFixed(1)} s; load ${loadavg()}`);
    for (const [role, principal] of Object.entries(who)) {
      const view = { tab: 'all', status: 'all' } as const;
      // Cold: a new scope version (as after any change to a matter) makes the cache miss.
      const cold: number[] = [];
      for (let i = 0; i < runs; i++) {
        await db.execute(
          sql`update ${projectScopeVersions} set version = version + 1 where scope = ${`o:${seeded.organizationId}`}`,
        );
        cold.push(await time(() => listFamilyGroups(db, principal, view)));
      }
      const warm: number[] = [];
      for (let i = 0; i < runs; i++) warm.push(await time(() => listFamilyGroups(db, principal, view)));
      const groups = await listFamilyGroups(db, principal, view);
      const page = (query: Partial<ProjectListQuery>) => async () => {
        const samples: number[] = [];
        for (let i = 0; i < runs; i++)
          samples.push(
            await time(() =>
              listProjects(db, principal, {
                ...view,
                sort: 'updateDate',
                order: 'desc',
                limit: 100,
                ...query,
              }),
            ),
          );
        return median(samples);
      };
      const rows = groups.reduce((sum, group) => sum + group.count, 0);
      const figures = {
        'group sizes, counted (ms)': median(cold),
        'group sizes, cached (ms)': median(warm),
        'ungrouped first page (ms)': await page({})(),
        'grouped first page (ms)': await page({ group: 'family' })(),
        'grouped page at half (ms)': await page({ group: 'family', offset: Math.floor(rows / 2) })(),
        'grouped by title, first page (ms)': await page({ group: 'family', sort: 'title', order: 'asc' })(),
      };
      console.log(`  ${role}: ${groups.length} groups over ${rows} rows; load ${loadavg()}`);
      for (const [name, ms] of Object.entries(figures))
        console.log(`    ${name.padEnd(36)} ${ms.toFixed(1)}`);
    }
  } finally {
    await handle.close();
    await drop();
  }
}

for (const driver of drivers) await timeDriver(driver);
