/**
 * Invoices at scale (benchmark). A client (the administrator of an organization) has
 * 50,000 issued invoices from three offices (apps/api/scripts/bench-invoices-server.ts: issued rows
 * with totals, numbers, issue and due dates; a tenth paid in full, others partly paid by
 * confirmed or recorded transfers, so balances differ). Then, on PGlite and on PostgreSQL:
 * - the unpaid list (GET /user/invoices?view=unpaid, the web's default query: sort dueDate desc,
 *   limit 100) with autocannon at 50 connections against the real API and, in the same run, a bare
 *   Fastify handler running the same repository SQL (listInvoices), in alternating rounds: req/s,
 *   p50, p99. Target: the API's p99 at most 2x the bare handler's.
 * - the first page of the client's unpaid, overdue and paid lists and of the office's unpaid list
 *   through the API at 50 connections. Targets: PostgreSQL >= 400 req/s with p99 <= 200 ms;
 *   PGlite >= 150 req/s; no request timing out.
 * - in process, without HTTP (apps/api/scripts/bench-invoices-timing.ts): each of those lists'
 *   median time over sequential calls and, on PostgreSQL, each statement's EXPLAIN (ANALYZE,
 *   BUFFERS) execution time and buffers: what a list costs whatever else loads the machine.
 * The seeding is timed too (no target). Servers run HTTP only (PROCESS_ROLE=api), so no
 * background job competes with what is measured.
 *
 * Run: pnpm --filter @ipportal/api bench:invoices
 * Env: BENCH_DURATION (s per round, default 8), BENCH_ROUNDS (default 3), BENCH_INVOICES (default
 *      50000), BENCH_DRIVERS (pglite,postgres), DATABASE_URL_TEST (admin URL; default
 *      postgres://postgres@127.0.0.1:5432/test), BENCH_TIMING_CALLS (in-process calls per list,
 *      default 12). To keep a seeded database between runs (seeding 50,000 takes minutes; a kept
 *      one is migrated and reused): BENCH_PG_DATABASE (a database name on that server, created
 *      when missing, never dropped), BENCH_PGLITE_DIR (a folder, never removed), BENCH_REDIS_URL
 *      (PostgreSQL runs: the API counts request budgets in this Redis; see lib/budget-redis.ts).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { budgetRedis } from './lib/budget-redis.js';
import { loadFor, medianOf, type LoadFigures, type LoadTarget } from './lib/http-load.js';
import { printFigures, type Figure } from './lib/report.js';
import { startServer, stopServer, type Ready } from './lib/server-process.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const invoiceCount = Number(process.env.BENCH_INVOICES ?? 50_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const connections = 50;
const listPath = '/user/invoices?view=unpaid';
const timingCalls = Number(process.env.BENCH_TIMING_CALLS ?? 12);
const keptPgDatabase = process.env.BENCH_PG_DATABASE ?? '';
const keptPgliteDir = process.env.BENCH_PGLITE_DIR ?? '';
const invoicesScript = 'scripts/bench-invoices-server.ts';
const timingScript = 'scripts/bench-invoices-timing.ts';
const dbScript = 'scripts/bench-list-server.ts';

/** Every driver's figures with a target, printed together at the end. */
const verdicts: { driver: string; figure: Figure }[] = [];

function report(driver: string, title: string, figures: Figure[]): void {
  printFigures(`\n${driver}: ${title}`, figures);
  for (const figure of figures) if (figure.target) verdicts.push({ driver, figure });
}

interface ListPage {
  items?: unknown[];
  total?: number;
  balanceSum?: number;
}

async function measureUnpaidList(driver: string, api: LoadTarget, bare: LoadTarget): Promise<void> {
  const first: Record<string, ListPage> = {};
  for (const [name, target] of Object.entries({ api, bare })) {
    const probe = await fetch(`http://127.0.0.1:${target.port}${listPath}`, {
      headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
    });
    const body = (await probe.json()) as ListPage;
    if (probe.status !== 200 || !body.items?.length)
      throw new Error(`${name} answered ${probe.status} with ${body.items?.length} items`);
    first[name] = body;
    await loadFor(target, listPath, 2, connections); // warm-up: JIT, caches, pools
  }
  // Both must answer the same page, or the comparison means nothing.
  const same = (page: ListPage) => ({ items: page.items, total: page.total, balanceSum: page.balanceSum });
  if (!isDeepStrictEqual(same(first.api!), same(first.bare!)))
    throw new Error('the API and the bare handler answered different pages');
  const measured: Record<'api' | 'bare', LoadFigures[]> = { api: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
    for (const mode of order)
      measured[mode].push(await loadFor({ api, bare }[mode], listPath, duration, connections));
  }
  const a = medianOf(measured.api);
  const b = medianOf(measured.bare);
  const p99Ratio = a.p99 / Math.max(b.p99, 1);
  // A round in which nothing was answered has no p99 to compare, and autocannon leaves requests
  // that timed out (10 s) out of its latencies, so a p99 with timeouts is cut short: not met,
  // whatever the ratio.
  const answered = a.rps > 0 && b.rps > 0 && a.errors + b.errors === 0;
  report(
    driver,
    `unpaid invoices, ${first.api!.items!.length} rows of ${first.api!.total} (${connections} connections, median of ${rounds} x ${duration} s, load average ${await loadAverage()})  ${listPath}`,
    [
      { name: 'API req/s', value: a.rps, unit: 'req/s' },
      { name: 'bare req/s', value: b.rps, unit: 'req/s' },
      { name: 'API p50', value: a.p50, unit: 'ms' },
      { name: 'bare p50', value: b.p50, unit: 'ms' },
      { name: 'API p99', value: a.p99, unit: 'ms' },
      { name: 'bare p99', value: b.p99, unit: 'ms' },
      {
        name: 'unpaid list p99 API/bare',
        value: p99Ratio,
        unit: 'x',
        target: { text: '<= 2x', met: answered && p99Ratio <= 2 },
      },
      { name: 'non-2xx (API, bare)', value: a.non2xx + b.non2xx, unit: '' },
      { name: 'errors and timeouts (API)', value: a.errors, unit: '' },
      { name: 'errors and timeouts (bare)', value: b.errors, unit: '' },
    ],
  );
}

/** The money lists a user opens, first page as the web asks for it. */
const lists = [
  {
    name: 'client: unpaid',
    path: '/user/invoices?view=unpaid&sort=dueDate&order=desc&limit=100',
    side: 'client',
  },
  {
    name: 'client: overdue',
    path: '/user/invoices?view=overdue&sort=dueDate&order=desc&limit=100',
    side: 'client',
  },
  {
    name: 'client: paid',
    path: '/user/invoices?view=paid&sort=dueDate&order=desc&limit=100',
    side: 'client',
  },
  {
    name: 'office: unpaid',
    path: '/patent/invoices?view=unpaid&sort=dueDate&order=desc&limit=100',
    side: 'office',
  },
] as const;

/** Throughput and latency of each list through the real API, against the issue's targets. */
async function measureLists(driver: string, api: LoadTarget, officeToken: string): Promise<void> {
  const targetRps = driver === 'postgres' ? 400 : 150;
  for (const list of lists) {
    const target = { ...api, token: list.side === 'office' ? officeToken : api.token };
    const probe = await fetch(`http://127.0.0.1:${target.port}${list.path}`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    const page = (await probe.json()) as ListPage;
    if (probe.status !== 200 || !page.items?.length)
      throw new Error(`${list.name} answered ${probe.status} with ${page.items?.length} items`);
    await loadFor(target, list.path, 2, connections);
    const runs: LoadFigures[] = [];
    for (let round = 0; round < rounds; round++)
      runs.push(await loadFor(target, list.path, duration, connections));
    const m = medianOf(runs);
    const clean = m.errors === 0 && m.non2xx === 0;
    report(
      driver,
      `${list.name}, ${page.items.length} rows of ${page.total} (${connections} connections, median of ${rounds} x ${duration} s, load average ${await loadAverage()})  ${list.path}`,
      [
        {
          name: `${list.name} req/s`,
          value: m.rps,
          unit: 'req/s',
          target: { text: `>= ${targetRps}`, met: clean && m.rps >= targetRps },
        },
        { name: `${list.name} p50`, value: m.p50, unit: 'ms' },
        ...(driver === 'postgres'
          ? [
              {
                name: `${list.name} p99`,
                value: m.p99,
                unit: 'ms',
                target: { text: '<= 200 ms', met: clean && m.p99 <= 200 },
              },
            ]
          : [{ name: `${list.name} p99`, value: m.p99, unit: 'ms' }]),
        {
          name: `${list.name} errors, timeouts, non-2xx`,
          value: m.errors + m.non2xx,
          unit: '',
          target: { text: '0', met: clean },
        },
      ],
    );
  }
}

interface ListTiming {
  name: string;
  rows: number;
  total: number;
  medianMs: number;
  cpuMs: number;
  statements: { statement: string; executionMs: number; buffers: number }[];
}

/** Each list in process, sequentially: its median time and its statements' plans (PostgreSQL). */
async function measureInProcess(driver: string, env: Record<string, string>): Promise<void> {
  const before = await loadAverage();
  const timed = await startServer(timingScript, String(timingCalls), [], env);
  await stopServer(timed.child);
  const lists = (timed.info as { lists: ListTiming[] }).lists;
  report(
    driver,
    `in process, sequential, median of ${timingCalls} calls per list (load average ${before} -> ${await loadAverage()})`,
    lists.flatMap((list) => [
      { name: `${list.name} (${list.rows} of ${list.total})`, value: list.medianMs, unit: 'ms' },
      { name: `  CPU of the calling process per call`, value: list.cpuMs, unit: 'ms' },
      ...list.statements.flatMap((s) => [
        { name: `  ${s.statement}: execution`, value: s.executionMs, unit: 'ms' },
        { name: `  ${s.statement}: buffers`, value: s.buffers, unit: '' },
      ]),
    ]),
  );
}

/** The PostgreSQL database of the run: a scratch one, or BENCH_PG_DATABASE (kept). */
async function postgresDatabase(): Promise<{ url: string; scratch: string } | undefined> {
  if (keptPgDatabase) {
    if (!/^\w+$/.test(keptPgDatabase)) throw new Error(`BENCH_PG_DATABASE: ${keptPgDatabase}?`);
    const url = new URL(adminUrl);
    url.pathname = `/${keptPgDatabase}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    try {
      const [found] = await admin`select 1 from pg_database where datname = ${keptPgDatabase}`;
      if (!found) await admin.unsafe(`CREATE DATABASE ${keptPgDatabase}`);
    } finally {
      await admin.end();
    }
    return { url: url.toString(), scratch: '' };
  }
  let created: Ready;
  try {
    created = await startServer(dbScript, 'createdb', [adminUrl], {});
  } catch (error) {
    console.log(
      `\nPostgreSQL not reachable at ${adminUrl}: PostgreSQL run skipped (${String(error).split('\n')[0]})`,
    );
    return undefined;
  }
  return { url: String(created.info.url), scratch: String(created.info.name) };
}

async function runDriver(driver: string): Promise<void> {
  const dataDir =
    driver === 'pglite' && keptPgliteDir
      ? keptPgliteDir
      : await mkdtemp(path.join(tmpdir(), 'ipportal-bench-invoices-'));
  const scratchDir = dataDir !== keptPgliteDir;
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dbName = '';
  try {
    if (driver === 'postgres') {
      const database = await postgresDatabase();
      if (!database) return;
      dbName = database.scratch;
      env = { ...env, DATABASE_URL: database.url, DB_POOL_MAX: '10' };
      const redisUrl = await budgetRedis();
      if (redisUrl) env.REDIS_URL = redisUrl;
      console.log(
        `\n[postgres] request budgets counted in ${redisUrl ? `Redis (${redisUrl})` : 'PostgreSQL'}`,
      );
    }
    const started = performance.now();
    const seeded = await startServer(invoicesScript, 'seed', [String(invoiceCount)], env);
    await stopServer(seeded.child); // exits by itself; wait so its database is closed before use
    const info = seeded.info as Record<string, number>;
    report(
      driver,
      `${info.reused ? 'reused' : 'seeded'} ${info.invoices} invoices of ${info.offices} offices over ${info.matters} matters`,
      [
        { name: 'paid in full', value: Number(info.paid), unit: '' },
        { name: 'partly paid (confirmed or recorded)', value: Number(info.partly), unit: '' },
        { name: 'seed in all', value: (performance.now() - started) / 1000, unit: 's' },
      ],
    );
    await measureInProcess(driver, env);

    const bareEnv = { ...env };
    if (driver === 'pglite') {
      // PGlite is one process per folder: the bare handler reads a copy.
      const copy = path.join(dataDir, 'bare');
      await cp(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
      bareEnv.DATA_DIR = copy;
    }
    const apiServer = await startServer(invoicesScript, 'api', [], { ...env, PROCESS_ROLE: 'api' });
    const bareServer = await startServer(invoicesScript, 'bare', [], bareEnv);
    try {
      const api = { port: Number(apiServer.info.port), token: String(apiServer.info.token) };
      await measureUnpaidList(driver, api, { port: Number(bareServer.info.port), token: '' });
      await measureLists(driver, api, String(apiServer.info.officeToken));
    } finally {
      await Promise.all([stopServer(apiServer.child), stopServer(bareServer.child)]);
    }
  } finally {
    if (dbName)
      await startServer(dbScript, 'dropdb', [adminUrl, dbName], {}).catch((error: unknown) =>
        console.error(`could not drop ${dbName}: ${String(error)}`),
      );
    if (scratchDir) await rm(dataDir, { recursive: true, force: true });
    else await rm(path.join(dataDir, 'bare'), { recursive: true, force: true });
  }
}

const benchStarted = performance.now();
for (const driver of drivers) await runDriver(driver);

console.log(`\nTargets (${invoiceCount} invoices; load average ${await loadAverage()})`);
for (const { driver, figure } of verdicts)
  console.log(
    `  ${driver.padEnd(8)}  ${figure.name.padEnd(28)} ${`${figure.value.toFixed(2)} ${figure.unit}`.padStart(14)}  target ${figure.target!.text}: ${figure.target!.met ? 'met' : 'NOT MET'}`,
  );
console.log(`bench wall time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);

async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ').slice(0, 3).join(' ');
}
