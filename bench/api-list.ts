/**
 * The matter list under load (benchmark, up to 100,000 matters). For the
 * administrator of an organization with 10,000 and 100,000 matters (20 members, assignments,
 * a request on every fourth matter: apps/api/src/seed/scale.ts) it measures the first page
 * (100 rows), a filtered page (tab, status, 電池), a family page and a sorted page with
 * autocannon at 50 connections,
 * against the real API server and, in the same run, a bare Fastify handler running the same SQL
 * (apps/api/scripts/bench-list-server.ts), on PGlite and on PostgreSQL. Prints req/s, p50/p99 of
 * both and their ratios. Targets on PostgreSQL: API >= 90% of the bare throughput and its CPU per
 * request <= 1.15x the bare handler's (the API's own cost: auth, budgets, hooks, validation and
 * the response serializer), p99 <= 2x;
 * the targets: every page >= 400 req/s with p99 <= 200 ms on PostgreSQL, >= 150 req/s on PGlite.
 * A last table prints each size's API figures side by side. Each figure also has the CPU time the
 * server process used per request: on a machine shared with other work, req/s and latency
 * follow the load, the CPU per request much less (for PGlite it is the whole cost, the database
 * runs in the process; for PostgreSQL the database backends' CPU is not in it).
 *
 * The two servers run side by side and are measured in alternating rounds (A B, B A, A B, ...),
 * reporting medians, so load from other processes on the machine hits both alike. The lowest and
 * highest CPU ratio of single rounds (each API round against the bare one beside it) show how far
 * one run's rounds spread. PGlite is one process per folder: the bare handler gets a copy of the
 * seeded folder.
 *
 * Run: pnpm --filter @ipportal/api bench:list
 * Env: BENCH_DURATION (s per round, default 8), BENCH_ROUNDS (default 3), BENCH_WARMUP (s of
 *      load per page and server before the rounds, default 8), BENCH_MATTERS (comma-separated sizes, default 10000,100000), BENCH_DRIVERS (pglite,postgres),
 *      DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test),
 *      AUTH_CACHE_TTL_MS (passed to the API server; 0 verifies every token),
 *      BENCH_CPU_PROF (a folder: the API server writes a V8 CPU profile there when it stops;
 *      with BENCH_CPU_PROF_BARE=1 the bare handler does too),
 *      BENCH_REDIS_URL (PostgreSQL runs: the API counts request budgets in this Redis, as the README
 *      recommends for heavy traffic; default redis://127.0.0.1:6379 when it answers; '' counts
 *      them in PostgreSQL, one upsert per budget and request).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { budgetRedis } from './lib/budget-redis.js';
import { loadFor, median } from './lib/http-load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { printFigures, type Figure } from './lib/report.js';
import { startServer, stopServer, type Ready } from './lib/server-process.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP ?? 8);
const sizes = (process.env.BENCH_MATTERS ?? '10000,100000').split(',').map(Number);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const connections = 50;
/** The load average (1 min) as printed beside every figure: the machine may be shared. */
const load = () => loadavg()[0]!.toFixed(1);

const scenarios = [
  { name: 'first page', path: '/user/projects?limit=100' },
  {
    name: 'filtered page',
    path: `/user/projects?limit=100&tab=patent&status=1&q=${encodeURIComponent('電池')}`,
  },
  { name: 'family page', path: `/user/projects?limit=100&family=${encodeURIComponent('Family 200')}` },
  { name: 'sorted page', path: '/user/projects?limit=100&sort=title&order=asc' },
];

/** API figures of every run, printed side by side at the end. */
const summary: { driver: string; matters: number; scenario: string; api: Measure }[] = [];

/** Runs the server script in a mode and resolves with its READY line (the child keeps running for api/bare). */
const server = (mode: string, args: string[], env: Record<string, string>) =>
  startServer('scripts/bench-list-server.ts', mode, args, {
    ...(process.env.AUTH_CACHE_TTL_MS ? { AUTH_CACHE_TTL_MS: process.env.AUTH_CACHE_TTL_MS } : {}),
    // The API process serves requests only, as behind a separate worker (PROCESS_ROLE=api): the
    // start-up refresh of every matter's deadlines and the other jobs would spend the CPU measured.
    ...(mode === 'api' ? { PROCESS_ROLE: 'api' } : {}),
    ...(process.env.BENCH_CPU_PROF && (mode === 'api' || process.env.BENCH_CPU_PROF_BARE)
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` }
      : {}),
    ...env,
  });
const stop = stopServer;

interface Measure {
  rps: number;
  /** CPU the server process used per answered request (user + system): what a loaded machine does not change much. */
  cpuMs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Target {
  port: number;
  token: string;
  pid: number;
}

async function measure(target: Target, urlPath: string, seconds: number): Promise<Measure> {
  const cpuBefore = await processCpuMs(target.pid);
  const { total, ...figures } = await loadFor(target, urlPath, seconds, connections);
  const cpuUsed = (await processCpuMs(target.pid)) - cpuBefore;
  return { ...figures, cpuMs: cpuUsed / Math.max(total, 1) };
}

function summarize(measures: Measure[]): Measure {
  return {
    rps: median(measures.map((m) => m.rps)),
    cpuMs: median(measures.map((m) => m.cpuMs)),
    p50: median(measures.map((m) => m.p50)),
    p99: median(measures.map((m) => m.p99)),
    non2xx: measures.reduce((n, m) => n + m.non2xx, 0),
    errors: measures.reduce((n, m) => n + m.errors, 0),
  };
}

async function runDriver(driver: string, matters: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-bench-'));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dbName = '';
  try {
    if (driver === 'postgres') {
      let created: Ready;
      try {
        created = await server('createdb', [adminUrl], {});
      } catch (error) {
        console.log(
          `\nPostgreSQL not reachable at ${adminUrl}: PostgreSQL run skipped (${String(error).split('\n')[0]})`,
        );
        return;
      }
      dbName = String(created.info.name);
      env = { ...env, DATABASE_URL: String(created.info.url), DB_POOL_MAX: '10' };
      const redisUrl = await budgetRedis();
      if (redisUrl) env.REDIS_URL = redisUrl;
      console.log(
        `\n[postgres] request budgets counted in ${redisUrl ? `Redis (${redisUrl})` : 'PostgreSQL'}`,
      );
    }
    const seeded = await server('seed', [String(matters)], env);
    await stop(seeded.child); // exits by itself; wait so its database is closed before use
    console.log(`\n[${driver}] seeded ${JSON.stringify(seeded.info)}`);

    const bareEnv = { ...env };
    if (driver === 'pglite') {
      const copy = path.join(dataDir, 'bare');
      await cp(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
      bareEnv.DATA_DIR = copy;
    }
    const apiServer = await server('api', [], env);
    const bareServer = await server('bare', [], bareEnv);
    const targets: Record<'api' | 'bare', Target> = {
      api: {
        port: Number(apiServer.info.port),
        token: typeof apiServer.info.token === 'string' ? apiServer.info.token : '',
        pid: apiServer.child.pid ?? 0,
      },
      bare: { port: Number(bareServer.info.port), token: '', pid: bareServer.child.pid ?? 0 },
    };
    const results: Record<string, Record<'api' | 'bare', Measure>> = {};
    /** Each round's CPU ratio (the API's round against the bare handler's beside it): the spread of one run. */
    const roundRatios: Record<string, number[]> = {};
    const loads: Record<string, string> = {};
    try {
      for (const mode of ['api', 'bare'] as const) {
        // Both answer the same page for the same query: check before measuring.
        const { port, token } = targets[mode];
        const probe = await fetch(`http://127.0.0.1:${port}${scenarios[0]!.path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const body = (await probe.json()) as { items?: unknown[] };
        if (probe.status !== 200 || body.items?.length !== 100)
          throw new Error(`${mode} answered ${probe.status} with ${body.items?.length} items`);
        // Warm-up: JIT, caches, pools, and the heap grown to its working size. The API runs far
        // more code than the bare handler and reached its steady CPU per request only after some
        // 20,000-30,000 requests; 2 s per page left the first page measuring the API's warm-up.
        for (const scenario of scenarios) await measure(targets[mode], scenario.path, warmup);
      }
      for (const scenario of scenarios) {
        const measured: Record<'api' | 'bare', Measure[]> = { api: [], bare: [] };
        const loadBefore = load();
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
          for (const mode of order)
            measured[mode].push(await measure(targets[mode], scenario.path, duration));
        }
        results[scenario.name] = { api: summarize(measured.api), bare: summarize(measured.bare) };
        roundRatios[scenario.name] = measured.api.map(
          (api, round) => api.cpuMs / Math.max(measured.bare[round]!.cpuMs, 0.001),
        );
        loads[scenario.name] = `${loadBefore} before, ${load()} after`;
      }
    } finally {
      await Promise.all([stop(apiServer.child), stop(bareServer.child)]);
    }

    for (const scenario of scenarios) {
      const { api, bare } = results[scenario.name]!;
      const ratio = api.rps / bare.rps;
      const p99Ratio = api.p99 / Math.max(bare.p99, 1);
      const cpuRatio = api.cpuMs / Math.max(bare.cpuMs, 0.001);
      const targets = driver === 'postgres';
      summary.push({ driver, matters, scenario: scenario.name, api });
      const figures: Figure[] = [
        { name: 'API req/s', value: api.rps, unit: 'req/s' },
        { name: 'bare req/s', value: bare.rps, unit: 'req/s' },
        {
          name: 'throughput API/bare',
          value: ratio * 100,
          unit: '%',
          ...(targets ? { target: { text: '>= 90%', met: ratio >= 0.9 } } : {}),
        },
        { name: 'API CPU per request', value: api.cpuMs, unit: 'ms' },
        { name: 'bare CPU per request', value: bare.cpuMs, unit: 'ms' },
        {
          name: 'CPU per request API/bare',
          value: cpuRatio,
          unit: 'x',
          ...(targets ? { target: { text: '<= 1.15x', met: cpuRatio <= 1.15 } } : {}),
        },
        { name: 'CPU API/bare, lowest round', value: Math.min(...roundRatios[scenario.name]!), unit: 'x' },
        { name: 'CPU API/bare, highest round', value: Math.max(...roundRatios[scenario.name]!), unit: 'x' },
        { name: 'API p50', value: api.p50, unit: 'ms' },
        { name: 'bare p50', value: bare.p50, unit: 'ms' },
        { name: 'API p99', value: api.p99, unit: 'ms' },
        { name: 'bare p99', value: bare.p99, unit: 'ms' },
        {
          name: 'p99 API/bare',
          value: p99Ratio,
          unit: 'x',
          ...(targets ? { target: { text: '<= 2x', met: p99Ratio <= 2 } } : {}),
        },
        {
          name: 'non-2xx + errors (API, bare)',
          value: api.non2xx + api.errors + bare.non2xx + bare.errors,
          unit: '',
        },
      ];
      printFigures(
        `\n${driver}: ${scenario.name} (${matters} matters, ${connections} connections, median of ${rounds} x ${duration} s, load average ${loads[scenario.name]})  ${scenario.path}`,
        figures,
      );
    }
  } finally {
    if (dbName)
      await server('dropdb', [adminUrl, dbName], {}).catch((error: unknown) =>
        console.error(`could not drop ${dbName}: ${String(error)}`),
      );
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`,
);
for (const driver of drivers) for (const matters of sizes) await runDriver(driver, matters);
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`,
);

// The targets per page, each size beside the other.
for (const driver of drivers) {
  const minRps = driver === 'postgres' ? 400 : 150;
  for (const scenario of scenarios) {
    const figures: Figure[] = [];
    for (const row of summary.filter((r) => r.driver === driver && r.scenario === scenario.name)) {
      figures.push(
        {
          name: `${row.matters} matters: req/s`,
          value: row.api.rps,
          unit: 'req/s',
          target: { text: `>= ${minRps}`, met: row.api.rps >= minRps },
        },
        { name: `${row.matters} matters: CPU/request (API process)`, value: row.api.cpuMs, unit: 'ms' },
        {
          name: `${row.matters} matters: p50`,
          value: row.api.p50,
          unit: 'ms',
        },
        {
          name: `${row.matters} matters: p99`,
          value: row.api.p99,
          unit: 'ms',
          ...(driver === 'postgres' ? { target: { text: '<= 200 ms', met: row.api.p99 <= 200 } } : {}),
        },
      );
    }
    if (figures.length > 0) printFigures(`\n${driver}, API: ${scenario.name} by size`, figures);
  }
}
