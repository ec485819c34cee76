/**
 * Deadlines at scale (benchmark). One user administers an organization of 10,000
 * matters (apps/api/src/seed/scale.ts) whose matters carry filing and registration dates, yearly
 * payments and request periods (scale-deadline-dates.ts); the deadlines table is filled by the
 * start-up refresh job's handler, as in production. Then, on PGlite and on PostgreSQL:
 *  (a) the /terms first page (GET /user/deadlines?state=open&limit=200, the web's default query)
 *      with autocannon at 50 connections against the real API and, in the same run, a bare Fastify
 *      handler running the same repository SQL (listDeadlines), in alternating rounds: req/s,
 *      p50, p99. Target: the API's p99 at most 2x the bare handler's;
 *  (b) the user's whole ICS feed through its real secret URL (created with POST
 *      /user/calendar-feeds), fetched one at a time with gzip like a calendar client: time to the
 *      last byte (median and max of several runs), the API process's CPU per fetch (what the
 *      load of a shared machine changes least), size and events. Target: at most 1 s;
 *  (c) the hourly reminders job's handler (reminders.plan, planReminders) for 10,000 matters with
 *      the 6 default offsets: the day's first planning (reminders inserted, mails queued in the
 *      outbox) and the hourly re-run that finds them planned, with the planning process's CPU
 *      (on PGlite the database's work too). Target: at most 10 s.
 * The seeding and the deadline refresh are timed too (no target). Servers run HTTP only
 * (PROCESS_ROLE=api), so no background job competes with what is measured.
 *
 * Run: pnpm --filter @ipportal/api bench:terms
 * Env: BENCH_DURATION (s per round, default 8), BENCH_ROUNDS (default 3), BENCH_MATTERS (default
 *      10000), BENCH_DRIVERS (pglite,postgres), BENCH_ICS_RUNS (default 5), BENCH_TODAY (the day
 *      planned, default today in Japan), DATABASE_URL_TEST (admin URL; default
 *      postgres://postgres@127.0.0.1:5432/test).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadFor, median, medianOf, type LoadFigures, type LoadTarget } from './lib/http-load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { printFigures, type Figure } from './lib/report.js';
import { startServer, stopServer, type Ready } from './lib/server-process.js';
import { timedGet } from './lib/timed-get.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const matters = Number(process.env.BENCH_MATTERS ?? 10_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const icsRuns = Number(process.env.BENCH_ICS_RUNS ?? 5);
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const connections = 50;
const termsPath = '/user/deadlines?state=open&limit=200';
const termsScript = 'scripts/bench-terms-server.ts';
const dbScript = 'scripts/bench-list-server.ts';

/** Every driver's figures with a target, printed together at the end. */
const verdicts: { driver: string; figure: Figure }[] = [];

function report(driver: string, title: string, figures: Figure[]): void {
  printFigures(`\n${driver}: ${title}`, figures);
  for (const figure of figures) if (figure.target) verdicts.push({ driver, figure });
}

async function measureTermsPage(driver: string, api: LoadTarget, bare: LoadTarget): Promise<void> {
  const first: Record<string, unknown[]> = {};
  for (const [name, target] of Object.entries({ api, bare })) {
    const probe = await fetch(`http://127.0.0.1:${target.port}${termsPath}`, {
      headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
    });
    const body = (await probe.json()) as { items?: unknown[] };
    if (probe.status !== 200 || !body.items?.length)
      throw new Error(`${name} answered ${probe.status} with ${body.items?.length} items`);
    first[name] = body.items;
    await loadFor(target, termsPath, 2, connections); // warm-up: JIT, caches, pools
  }
  // Both must answer the same page, or the comparison means nothing.
  // (Key order aside: the API writes objects in its schema's order, jsonb sorts them.)
  if (!isDeepStrictEqual(first.api, first.bare))
    throw new Error('the API and the bare handler answered different pages');
  const measured: Record<'api' | 'bare', LoadFigures[]> = { api: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
    for (const mode of order)
      measured[mode].push(await loadFor({ api, bare }[mode], termsPath, duration, connections));
  }
  const a = medianOf(measured.api);
  const b = medianOf(measured.bare);
  const p99Ratio = a.p99 / Math.max(b.p99, 1);
  // A round in which nothing was answered has no p99 to compare: not met, whatever the ratio.
  const answered = a.rps > 0 && b.rps > 0;
  report(
    driver,
    `/terms first page, ${first.api!.length} rows (${connections} connections, median of ${rounds} x ${duration} s)  ${termsPath}`,
    [
      { name: 'API req/s', value: a.rps, unit: 'req/s' },
      { name: 'bare req/s', value: b.rps, unit: 'req/s' },
      { name: 'API p50', value: a.p50, unit: 'ms' },
      { name: 'bare p50', value: b.p50, unit: 'ms' },
      { name: 'API p99', value: a.p99, unit: 'ms' },
      { name: 'bare p99', value: b.p99, unit: 'ms' },
      {
        name: '/terms p99 API/bare',
        value: p99Ratio,
        unit: 'x',
        target: { text: '<= 2x', met: answered && p99Ratio <= 2 },
      },
      { name: 'non-2xx + errors (API, bare)', value: a.non2xx + a.errors + b.non2xx + b.errors, unit: '' },
    ],
  );
}

async function measureFeed(driver: string, port: number, pid: number, feedPath: string): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  let last = { wireBytes: 0, body: '' };
  for (let run = 0; run < icsRuns + 1; run++) {
    const cpuBefore = await processCpuMs(pid);
    const response = await timedGet(port, feedPath);
    if (response.status !== 200) throw new Error(`feed answered ${response.status}`);
    if (run > 0) {
      // The first fetch warms the route up.
      times.push(response.ms);
      cpu.push((await processCpuMs(pid)) - cpuBefore);
    }
    last = response;
  }
  const events = last.body.split('BEGIN:VEVENT').length - 1;
  const mid = median(times);
  const max = Math.max(...times);
  report(driver, `ICS feed, whole response with gzip (${icsRuns} runs after one warm-up)`, [
    { name: 'ICS feed median', value: mid, unit: 'ms', target: { text: '<= 1000 ms', met: mid <= 1000 } },
    { name: 'ICS feed max', value: max, unit: 'ms', target: { text: '<= 1000 ms', met: max <= 1000 } },
    { name: 'ICS feed: CPU of the API process (median)', value: median(cpu), unit: 'ms' },
    { name: 'events', value: events, unit: '' },
    { name: 'size (decoded)', value: Buffer.byteLength(last.body) / 1024, unit: 'KB' },
    { name: 'size (gzip, on the wire)', value: last.wireBytes / 1024, unit: 'KB' },
  ]);
}

async function measurePlanning(driver: string, env: Record<string, string>): Promise<void> {
  const planned = await startServer(
    termsScript,
    'plan',
    process.env.BENCH_TODAY ? [process.env.BENCH_TODAY] : [],
    {
      ...env,
      PROCESS_ROLE: 'api',
    },
  );
  await stopServer(planned.child);
  const info = planned.info as Record<string, number | string>;
  const first = Number(info.firstSeconds);
  const rerun = Number(info.rerunSeconds);
  report(driver, `reminder planning for ${info.today} (${matters} matters, 6 default offsets)`, [
    {
      name: 'planning, first run of the day',
      value: first,
      unit: 's',
      target: { text: '<= 10 s', met: first <= 10 },
    },
    {
      name: 'planning, hourly re-run',
      value: rerun,
      unit: 's',
      target: { text: '<= 10 s', met: rerun <= 10 },
    },
    {
      name: 'planning, first run: CPU of the planning process',
      value: Number(info.firstCpuSeconds),
      unit: 's',
    },
    {
      name: 'planning, re-run: CPU of the planning process',
      value: Number(info.rerunCpuSeconds) * 1000,
      unit: 'ms',
    },
    { name: 'reminders planned', value: Number(info.reminders), unit: '' },
    { name: 'mails queued', value: Number(info.mails), unit: '' },
    { name: 'open deadlines from that day on', value: Number(info.openAhead), unit: '' },
  ]);
}

async function runDriver(driver: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-bench-terms-'));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dbName = '';
  try {
    if (driver === 'postgres') {
      let created: Ready;
      try {
        created = await startServer(dbScript, 'createdb', [adminUrl], {});
      } catch (error) {
        console.log(
          `\nPostgreSQL not reachable at ${adminUrl}: PostgreSQL run skipped (${String(error).split('\n')[0]})`,
        );
        return;
      }
      dbName = String(created.info.name);
      env = { ...env, DATABASE_URL: String(created.info.url), DB_POOL_MAX: '10' };
    }
    const started = performance.now();
    const seeded = await startServer(termsScript, 'seed', [String(matters)], env);
    await stopServer(seeded.child); // exits by itself; wait so its database is closed before use
    const info = seeded.info as Record<string, number>;
    report(driver, `seeded ${info.matters} matters`, [
      { name: 'deadlines stored (live)', value: Number(info.deadlines), unit: '' },
      { name: 'of them from requests', value: Number(info.requestDeadlines), unit: '' },
      {
        name: 'deadline refresh of every matter (start-up job)',
        value: Number(info.refreshSeconds),
        unit: 's',
      },
      { name: 'seed in all', value: (performance.now() - started) / 1000, unit: 's' },
    ]);

    const bareEnv = { ...env };
    if (driver === 'pglite') {
      // PGlite is one process per folder: the bare handler reads a copy.
      const copy = path.join(dataDir, 'bare');
      await cp(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
      bareEnv.DATA_DIR = copy;
    }
    const apiServer = await startServer(termsScript, 'api', [], { ...env, PROCESS_ROLE: 'api' });
    const bareServer = await startServer(termsScript, 'bare', [], bareEnv);
    try {
      const api = { port: Number(apiServer.info.port), token: String(apiServer.info.token) };
      const bare = { port: Number(bareServer.info.port), token: '' };
      await measureTermsPage(driver, api, bare);
      await stopServer(bareServer.child); // the feed alone on the machine
      await measureFeed(driver, api.port, apiServer.child.pid ?? 0, String(apiServer.info.feedPath));
    } finally {
      await Promise.all([stopServer(apiServer.child), stopServer(bareServer.child)]);
    }
    await measurePlanning(driver, env);
  } finally {
    if (dbName)
      await startServer(dbScript, 'dropdb', [adminUrl, dbName], {}).catch((error: unknown) =>
        console.error(`could not drop ${dbName}: ${String(error)}`),
      );
    await rm(dataDir, { recursive: true, force: true });
  }
}

const benchStarted = performance.now();
for (const driver of drivers) await runDriver(driver);

console.log(`\nTargets (${matters} matters; load average ${await loadAverage()})`);
for (const { driver, figure } of verdicts)
  console.log(
    `  ${driver.padEnd(8)}  ${figure.name.padEnd(34)} ${`${figure.value.toFixed(2)} ${figure.unit}`.padStart(14)}  target ${figure.target!.text}: ${figure.target!.met ? 'met' : 'NOT MET'}`,
  );
console.log(`bench wall time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);

async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ').slice(0, 3).join(' ');
}
