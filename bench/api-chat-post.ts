/**
 * The chat write path under load (the issue "A write path that keeps up"): text-only chat messages POSTed
 * (`POST /user/chat/rooms/:projectId/:requestId/messages`) at 50 connections through two API
 * processes (`src/main.ts`, PROCESS_ROLE=api, request budgets in Redis when it answers) on one
 * PostgreSQL, with BENCH_SUBSCRIBERS websocket subscribers (default 10, the web's own
 * `RealtimeClient`, half on each process) on the rooms, against a bare Fastify handler doing the
 * same writes (apps/api/scripts/bench-chat-server.ts: room row `last_seq + 1`, the message row,
 * `pg_notify` of the signal in one transaction; two processes too) in the same run, in
 * alternating rounds (A B, B A, ...), reporting medians.
 *
 * Every target gets half the connections on each of its two processes (two autocannon runs side
 * by side): req/s is their sum, p50 their mean and p99 the higher of the two (autocannon's
 * histograms cannot be merged). CPU per request is the user + system CPU of the target's two
 * processes (/proc/<pid>/stat) over the answered requests. The bare handler's signal reaches the
 * API processes' buses too, so its rounds fan out to the same subscribers (the machine's load is
 * alike in both); the API processes' CPU during the bare rounds, per message, is printed as the
 * fan-out's cost, which the API figure includes and the bare figure does not. The target (2x the
 * bare handler's CPU per request) is judged on the API's figure with the fan-out taken out: the
 * fan-out is the same work for a message of either target, and only the API's rounds count it.
 *
 * The API is measured with the bodies listed in BENCH_API_BODIES: `json` (`{"body": "..."}`, as
 * the web sends a message without files; the targets are judged on it) and `multipart` (a form
 * with field `body`, as the web sends a message with files, here without any). Messages go to BENCH_ROOMS rooms
 * (default 1: one room's seq lock serialises its writes, the case the issue names), each
 * connection cycling through them. After the rounds the subscribers' frames are compared with
 * the messages the database holds: every subscriber must have every message of its room.
 *
 * Run: pnpm --filter @ipportal/bench api-chat-post
 * Env: BENCH_DURATION (s per round, default 8), BENCH_ROUNDS (default 3), BENCH_ROOMS (default 1),
 *      BENCH_SUBSCRIBERS (default 10), BENCH_API_BODIES (default multipart,json),
 *      BENCH_CPU_PROF (a folder: API process A writes a V8 CPU profile there when it stops),
 *      BENCH_PERF_MAP (1: API process A writes /tmp/perf-<pid>.map, so `perf record -p <pid>`
 *      names its JavaScript frames; perf counts CPU time only, where V8's profile samples the wall clock),
 *      BENCH_REDIS_URL (request budgets; default redis://127.0.0.1:6379 when it answers, '' for
 *      PostgreSQL), DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { RealtimeClient } from '@ipportal/realtime';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { median } from './lib/http-load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { apiModules, type World } from './lib/api-modules.js';
import { startApiProcess, type ApiProcess } from './lib/api-process.js';
import { budgetRedis } from './lib/budget-redis.js';
import { startSubscription } from './lib/realtime-subscription.js';
import { printFigures, type Figure } from './lib/report.js';
import { startServer as startScript, stopServer } from './lib/server-process.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const roomCount = Number(process.env.BENCH_ROOMS ?? 1);
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 10);
const apiBodies = (process.env.BENCH_API_BODIES ?? 'multipart,json').split(',') as ('multipart' | 'json')[];
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const connections = 50;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const boundary = 'benchchatboundary7MA4YWxkTrZu0gW';
const text = 'ベンチマークのメッセージです。 A message of the chat bench.';
const bodies = {
  multipart: {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    ),
  },
  json: { contentType: 'application/json', payload: Buffer.from(JSON.stringify({ body: text })) },
};

type Mode = 'bare' | `api ${'multipart' | 'json'}`;

interface Target {
  mode: Mode;
  ports: [number, number];
  pids: [number, number];
  token: string;
  body: keyof typeof bodies;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  /** API processes' CPU per message while another target writes (their fan-out only). */
  fanOutCpuMs: number;
  non2xx: number;
  errors: number;
  total: number;
}

const cpuOf = async (pids: readonly number[]) =>
  (await Promise.all(pids.map((pid) => processCpuMs(pid)))).reduce((a, b) => a + b, 0);

async function measure(target: Target, rooms: World[], apiPids: number[], seconds: number): Promise<Measure> {
  const { contentType, payload } = bodies[target.body];
  const headers: Record<string, string> = {
    'content-type': contentType,
    ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
  };
  const requests = rooms.map((room) => ({
    method: 'POST' as const,
    path: `/user/chat/rooms/${room.projectId}/${room.number}/messages`,
    body: payload,
    headers,
  }));
  const otherPids = target.mode === 'bare' ? apiPids : [];
  const [cpuBefore, otherBefore] = await Promise.all([cpuOf(target.pids), cpuOf(otherPids)]);
  const results = await Promise.all(
    target.ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: connections / 2,
        duration: seconds,
        requests,
      }),
    ),
  );
  const [cpuAfter, otherAfter] = await Promise.all([cpuOf(target.pids), cpuOf(otherPids)]);
  const answered = results.reduce((n, r) => n + r['2xx'], 0);
  return {
    rps: results.reduce((n, r) => n + r['2xx'] / Math.max(r.duration, 1e-3), 0),
    p50: results.reduce((n, r) => n + r.latency.p50, 0) / results.length,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpuMs: (cpuAfter - cpuBefore) / Math.max(answered, 1),
    fanOutCpuMs: (otherAfter - otherBefore) / Math.max(answered, 1),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    total: answered,
  };
}

function summarize(measures: Measure[]): Measure {
  const mid = (pick: (m: Measure) => number) => median(measures.map(pick));
  return {
    rps: mid((m) => m.rps),
    p50: mid((m) => m.p50),
    p99: mid((m) => m.p99),
    cpuMs: mid((m) => m.cpuMs),
    fanOutCpuMs: mid((m) => m.fanOutCpuMs),
    non2xx: measures.reduce((n, m) => n + m.non2xx, 0),
    errors: measures.reduce((n, m) => n + m.errors, 0),
    total: measures.reduce((n, m) => n + m.total, 0),
  };
}

/** A subscriber of one room, counting the `message` frames it receives. */
interface Subscriber {
  client: RealtimeClient;
  room: World;
  messages: number;
  closed: number;
}

async function subscribe(port: number, token: string, room: World): Promise<Subscriber> {
  const subscriber: Omit<Subscriber, 'client'> = { room, messages: 0, closed: 0 };
  const client = await startSubscription({
    serverUrl: `http://127.0.0.1:${port}`,
    token,
    topic: 'onChatRoom',
    variables: { projectId: room.projectId, requestId: room.number },
    onData: (event) => {
      if (event.kind === 'message') subscriber.messages += 1;
    },
    onSocket: (socket) => socket.on('close', () => (subscriber.closed += 1)),
  });
  return Object.assign(subscriber, { client });
}

async function main(): Promise<void> {
  console.log(`load average at the start: ${loadAverage()} (1 / 5 / 15 min)`);
  const name = `bench_chatpost_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-bench-chatpost-'));
  const redisUrl = await budgetRedis();
  const env: Record<string, string> = {
    PORT: '0',
    // As deployed: outside production every answer is also checked against its zod schema (ADR 0051).
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PROCESS_ROLE: 'api',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '10',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_IP_MAX: '10000000',
    IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  const profileEnv: Record<string, string> = process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` }
    : process.env.BENCH_PERF_MAP
      ? { NODE_OPTIONS: '--perf-basic-prof' }
      : {};
  const apis: ApiProcess[] = [];
  const bares: ChildProcess[] = [];
  const subscribers: Subscriber[] = [];
  const db = postgres(databaseUrl, { max: 2, onnotice: () => undefined });
  try {
    apis.push(await startApiProcess('A', { ...env, ...profileEnv }), await startApiProcess('B', env));
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const [aPort, bPort] = [a, b].map((p) => Number(new URL(p.url).port)) as [number, number];
    const api = await apiModules();
    const database = await api.openDatabase({ driver: 'postgres', url: databaseUrl, poolMax: 2 });
    const world = await api.seedRealtimeWorld(database, databaseUrl, `http://127.0.0.1:${aPort}`);
    await database.close();
    // More rooms: copies of the world's request, numbered 2, 3, ... on the same matter.
    if (roomCount > 1)
      await db`
        insert into requests (project_id, number, name, type, content, office_region_code, office_type,
                              firm_id, assignee_user_id, created_by, updated_by)
        select project_id, g, name, type, content, office_region_code, office_type,
               firm_id, assignee_user_id, created_by, updated_by
          from requests, generate_series(2, ${roomCount}::int) g
         where project_id = ${world.projectId} and number = 1`;
    const rooms: World[] = Array.from({ length: roomCount }, (_, i) => ({ ...world, number: i + 1 }));
    const [sender] = await db<{ id: string }[]>`
      select created_by as id from requests where project_id = ${world.projectId} and number = 1`;

    // Warm-up POSTs through both processes make every room row (the bare handler needs them).
    for (const port of [aPort, bPort])
      for (const room of rooms) {
        const response = await fetch(
          `http://127.0.0.1:${port}/user/chat/rooms/${room.projectId}/${room.number}/messages`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${world.token}`, 'content-type': bodies.multipart.contentType },
            body: bodies.multipart.payload,
          },
        );
        if (response.status !== 201) throw new Error(`warm-up: ${response.status} ${await response.text()}`);
      }

    for (let i = 0; i < 2; i += 1) {
      const started = await startScript('scripts/bench-chat-server.ts', 'bare', [sender!.id], {
        DATABASE_URL: databaseUrl,
        DB_POOL_MAX: '10',
      });
      bares.push(started.child);
      (started.child as ChildProcess & { port?: number }).port = Number(started.info.port);
    }
    const barePorts = bares.map((child) => (child as ChildProcess & { port?: number }).port!) as [
      number,
      number,
    ];

    for (let i = 0; i < subscriberCount; i += 1)
      subscribers.push(await subscribe(i % 2 === 0 ? aPort : bPort, world.token, rooms[i % rooms.length]!));
    const countMessages = async () =>
      new Map(
        (
          await db<{ number: number; messages: number }[]>`
            select r.number, count(m.id)::int as messages
              from requests r join chat_rooms c on c.request_id = r.id
              left join chat_messages m on m.room_id = c.id
             where r.project_id = ${world.projectId} group by r.number`
        ).map((row) => [row.number, row.messages]),
      );
    const messagesBefore = await countMessages();
    const framesBefore = subscribers.map((s) => s.messages);

    const apiPids = apis.map((p) => p.child.pid!);
    const targets: Target[] = [
      ...apiBodies.map((body): Target => ({
        mode: `api ${body}`,
        ports: [aPort, bPort],
        pids: [apiPids[0]!, apiPids[1]!],
        token: world.token,
        body,
      })),
      {
        mode: 'bare',
        ports: barePorts,
        pids: [bares[0]!.pid!, bares[1]!.pid!],
        token: '',
        body: 'json',
      },
    ];
    // Warm-up: JIT, pools, token caches.
    for (const target of targets) await measure(target, rooms, apiPids, 2);

    const measured = new Map<Mode, Measure[]>(targets.map((t) => [t.mode, []]));
    const loadBefore = loadAverage();
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order)
        measured.get(target.mode)!.push(await measure(target, rooms, apiPids, duration));
    }
    const loadAfter = loadAverage();

    // Every subscriber has every message of its room (bounded wait for the last frames).
    const messagesAfter = await countMessages();
    const expected = (s: Subscriber, i: number) =>
      framesBefore[i]! + (messagesAfter.get(s.room.number) ?? 0) - (messagesBefore.get(s.room.number) ?? 0);
    const waitStarted = performance.now();
    while (
      subscribers.some((s, i) => s.messages < expected(s, i)) &&
      performance.now() - waitStarted < 30_000
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    const framesLost = subscribers.reduce((n, s, i) => n + Math.max(0, expected(s, i) - s.messages), 0);
    const framesExpected = subscribers.reduce((n, s, i) => n + expected(s, i) - framesBefore[i]!, 0);
    const socketsClosed = subscribers.reduce((n, s) => n + s.closed, 0);
    // Seq stays gapless in every room: 1..last_seq, each once.
    const [gaps] = await db<{ rooms: number }[]>`
      select count(*)::int as rooms from (
        select c.id from chat_rooms c left join chat_messages m on m.room_id = c.id
         group by c.id, c.last_seq
        having count(m.id) <> c.last_seq or count(distinct m.seq) <> c.last_seq or max(m.seq) <> c.last_seq) g`;

    const bare = summarize(measured.get('bare')!);
    console.log(
      `\n${connections} connections over two processes each, ${roomCount} room(s) (${roomCount === 1 ? 'one room: its seq lock serialises every write' : 'each connection cycling through the rooms'}), ${subscribers.length} subscribers, request budgets in ${redisUrl ? `Redis (${redisUrl})` : 'PostgreSQL'}; median of ${rounds} x ${duration} s; load average (1 / 5 / 15 min) before ${loadBefore}, after ${loadAfter}`,
    );
    printFigures('\nbare handler (same writes, two processes)', [
      { name: 'req/s', value: bare.rps, unit: 'req/s' },
      { name: 'p50', value: bare.p50, unit: 'ms' },
      { name: 'p99', value: bare.p99, unit: 'ms' },
      { name: 'CPU per request (bare processes)', value: bare.cpuMs, unit: 'ms' },
      {
        name: 'CPU per message in the API processes (fan-out only)',
        value: bare.fanOutCpuMs,
        unit: 'ms',
      },
      { name: 'non-2xx + errors', value: bare.non2xx + bare.errors, unit: '' },
    ]);
    for (const target of targets.filter((t) => t.mode !== 'bare')) {
      const m = summarize(measured.get(target.mode)!);
      const ratio = m.cpuMs / Math.max(bare.cpuMs, 0.001);
      const ownRatio = (m.cpuMs - bare.fanOutCpuMs) / Math.max(bare.cpuMs, 0.001);
      // The web sends a text-only message as JSON; a form only with files. The targets are the
      // text-only POST's, so they are judged on the JSON body; the form's figures are for comparison.
      const judged = target.body === 'json';
      const targetOf = (text: string, met: boolean) => (judged ? { target: { text, met } } : {});
      const figures: Figure[] = [
        {
          name: 'req/s',
          value: m.rps,
          unit: 'req/s',
          ...targetOf('>= 300', m.rps >= 300),
        },
        { name: 'p50', value: m.p50, unit: 'ms' },
        { name: 'p99', value: m.p99, unit: 'ms', ...targetOf('<= 200 ms', m.p99 <= 200) },
        { name: 'throughput API/bare', value: (m.rps / Math.max(bare.rps, 1e-3)) * 100, unit: '%' },
        { name: 'CPU per request (API processes, fan-out included)', value: m.cpuMs, unit: 'ms' },
        { name: 'CPU per request bare', value: bare.cpuMs, unit: 'ms' },
        { name: 'CPU per request API/bare, fan-out included', value: ratio, unit: 'x' },
        // The like-for-like figure: the bare handler's messages are fanned out too, by the API
        // processes, whose CPU the bare figure leaves out (see the header).
        {
          name: 'CPU per request API/bare, fan-out taken out',
          value: ownRatio,
          unit: 'x',
          ...targetOf('<= 2x', ownRatio <= 2),
        },
        { name: 'non-2xx + errors', value: m.non2xx + m.errors, unit: '' },
      ];
      printFigures(
        `\n${target.mode} (text only${judged ? ', as the web sends it' : '; the web sends a form only with files'})`,
        figures,
      );
    }
    printFigures('\nsubscribers', [
      { name: 'message frames expected (all rounds)', value: framesExpected, unit: '' },
      { name: 'frames lost', value: framesLost, unit: '', target: { text: 'none', met: framesLost === 0 } },
      { name: 'sockets closed', value: socketsClosed, unit: '' },
      { name: 'rooms whose seq has a gap', value: gaps?.rooms ?? -1, unit: '' },
    ]);
    console.log(`\nload average at the end: ${loadAverage()} (1 / 5 / 15 min)`);
  } finally {
    for (const subscriber of subscribers) subscriber.client.dispose();
    await Promise.all(bares.map((child) => stopServer(child)));
    for (const p of apis) {
      p.child.kill('SIGTERM');
      await p.exit;
    }
    await db.end();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
