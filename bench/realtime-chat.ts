/**
 * Realtime chat fan-out (ADR 0031): BENCH_SUBSCRIBERS websocket subscribers (default 1,000), half
 * on each of two API processes on one PostgreSQL, all subscribed to one request's chat room
 * (`onChatRoom`) over the AppSync protocol; messages are POSTed
 * (`POST /user/chat/rooms/:projectId/:requestId/messages`, multipart field `body`) through the
 * processes in turn.
 *
 *   1. one message fanned out to all, BENCH_SINGLE_ROUNDS times (default 20), one at a time:
 *      delivery time of every `message` frame measured from the moment the POST's answer arrived
 *      (p50/p99/max; negative when the frame beat the answer). Target p99 <= 100 ms.
 *   2. BENCH_RATE messages a second (default 100) for BENCH_SECONDS (default 30): every
 *      subscriber must receive every message (none lost), counted per message and per socket
 *      once the writers stop (bounded wait of 30 s). BENCH_RATE_VIA=rest (default) POSTs through
 *      both processes; BENCH_RATE_VIA=sql writes each message as the send transaction writes it
 *      for the bus (room row locked for the next seq, the message, pg_notify of
 *      chat.messageSent at commit), so the fan-out is measured without the REST route.
 *   3. memory per idle connection: both processes' RSS (/proc) before the sockets open and once
 *      all are subscribed and idle, divided by the sockets. Target <= 50 KiB.
 *
 * The client is the web app's own (@ipportal/realtime's RealtimeClient) over `ws` sockets on
 * loopback (no tool downloads): one client per subscriber, opened in batches of 100, each
 * connection_init -> connection_ack -> start -> start_ack, with the header subprotocol Amplify v6
 * sends; a dropped socket reconnects and re-starts as in the browser. It shares the two cores with both API processes and PostgreSQL; the load
 * average (/proc/loadavg) is printed before and after, as other work on the machine moves every
 * figure. Sockets the server closed are counted by close code, and apart from them the times each
 * process's event bus listened again (its log's "event bus: listening again"): a resync close
 * (4000) means a broken bus only when a bus reconnect stands beside it.
 *
 * Run: pnpm --filter @ipportal/bench realtime-chat
 * Env: BENCH_SUBSCRIBERS, BENCH_SINGLE_ROUNDS, BENCH_RATE, BENCH_SECONDS, BENCH_RATE_VIA,
 *      DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RealtimeClient } from '@ipportal/realtime';
import postgres from 'postgres';
import { busReconnectsOf, startApiProcess, type ApiProcess } from './lib/api-process.js';
import { apiModules, type World } from './lib/api-modules.js';
import { startSubscription } from './lib/realtime-subscription.js';
import { printFigures, type Figure } from './lib/report.js';
import { SocketCloses } from './lib/socket-closes.js';

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const singleRounds = Number(process.env.BENCH_SINGLE_ROUNDS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const rateVia = process.env.BENCH_RATE_VIA === 'sql' ? 'sql' : 'rest';
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

/** POSTs a chat message to the world's request room through `serverUrl`; answers its id. */
async function postChatMessage(serverUrl: string, world: World, text: string): Promise<string> {
  const form = new FormData();
  form.set('body', text);
  const response = await fetch(`${serverUrl}/user/chat/rooms/${world.projectId}/${world.number}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`chat: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { item: { id: string } }).item.id;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const rssKiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** One subscriber: its socket, when each message reached it, how many data frames it got. */
interface Subscriber {
  client: RealtimeClient;
  received: number;
  onData?: (messageId: string, at: number) => void;
}

/** Sockets the server closed during the run (e.g. cut as too slow a reader, or a resync). */
const closes = new SocketCloses();

async function openSubscriber(serverUrl: string, world: World): Promise<Subscriber> {
  const subscriber: Omit<Subscriber, 'client'> = { received: 0 };
  const client = await startSubscription({
    serverUrl,
    token: world.token,
    topic: 'onChatRoom',
    variables: { projectId: world.projectId, requestId: world.number },
    onData: (event) => {
      subscriber.received += 1;
      // Only new messages: the room's other events (edited, withdrawn, read) are not what is counted.
      if (event.kind === 'message' && event.messageId)
        subscriber.onData?.(event.messageId, performance.now());
    },
    onSocket: (socket) => closes.watch(socket),
  });
  return Object.assign(subscriber, { client });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const name = `bench_chat_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-bench-chat-'));
  const env = {
    PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_IP_MAX: '10000000',
    IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const servers: ApiProcess[] = [];
  const sockets: Subscriber[] = [];
  try {
    servers.push(await startApiProcess('A', env));
    servers.push(await startApiProcess('B', env));
    const [a, b] = servers as [ApiProcess, ApiProcess];
    const api = await apiModules();
    const database = await api.openDatabase({ driver: 'postgres', url: databaseUrl, poolMax: 2 });
    const world = await api.seedRealtimeWorld(database, databaseUrl, a.url);
    await database.close();
    // Warm both processes' chat route and token caches.
    await postChatMessage(a.url, world, 'warm-up');
    await postChatMessage(b.url, world, 'warm-up');
    const loadBefore = loadAverage();

    const rssBefore = servers.map((server) => rssKiB(server.child.pid!));
    const connectStarted = performance.now();
    for (let start = 0; start < subscribers; start += 100) {
      const batch = Array.from({ length: Math.min(100, subscribers - start) }, (_, i) =>
        openSubscriber((start + i) % 2 === 0 ? a.url : b.url, world),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    const connectMs = performance.now() - connectStarted;
    // Let the sockets' buffers settle before reading the processes' memory.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssAfter = servers.map((server) => rssKiB(server.child.pid!));
    const perConnectionKiB = (rssAfter[0]! + rssAfter[1]! - rssBefore[0]! - rssBefore[1]!) / subscribers;
    console.log(
      `${subscribers} subscribers in ${Math.round(connectMs)} ms; RSS A ${rssBefore[0]} -> ${rssAfter[0]} KiB, B ${rssBefore[1]} -> ${rssAfter[1]} KiB`,
    );

    // 1. One message to everyone, one round at a time.
    const latencies: number[] = [];
    let singleLost = 0;
    for (let round = 0; round < singleRounds; round += 1) {
      const arrivals = new Map<Subscriber, number>();
      const expected: { messageId?: string } = {};
      const early: { subscriber: Subscriber; messageId: string; at: number }[] = [];
      const allArrived = new Promise<void>((resolve) => {
        for (const subscriber of sockets) {
          subscriber.onData = (messageId, at) => {
            if (expected.messageId === undefined) early.push({ subscriber, messageId, at });
            else if (messageId === expected.messageId) arrivals.set(subscriber, at);
            if (arrivals.size === sockets.length) resolve();
          };
        }
      });
      const messageId = await postChatMessage(round % 2 === 0 ? a.url : b.url, world, `single ${round}`);
      const answeredAt = performance.now();
      expected.messageId = messageId;
      for (const entry of early) if (entry.messageId === messageId) arrivals.set(entry.subscriber, entry.at);
      if (arrivals.size < sockets.length)
        await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      singleLost += sockets.length - arrivals.size;
      for (const at of arrivals.values()) latencies.push(at - answeredAt);
    }
    latencies.sort((x, y) => x - y);

    // 2. BENCH_RATE messages a second for BENCH_SECONDS. BENCH_RATE_VIA=rest (default): real POSTs
    // through both processes. sql: each message written as the send transaction writes it for the
    // bus (the room row locked for the next seq, the message, pg_notify of chat.messageSent at
    // commit), from alternating connections, so the figure is the fan-out's (bus, reload, sockets).
    const writer = postgres(databaseUrl, { max: 4, onnotice: () => undefined });
    const [roomRow] = await writer<{ id: string; senderUserId: string }[]>`
      select c.id, r.created_by as "senderUserId"
        from chat_rooms c join requests r on r.id = c.request_id
       where r.project_id = ${world.projectId} and r.number = ${world.number}`;
    const writeMessage = async (i: number): Promise<string> => {
      if (rateVia === 'rest') return postChatMessage(i % 2 === 0 ? a.url : b.url, world, `rate ${i}`);
      return writer.begin(async (tx) => {
        const [room] = await tx<{ seq: string }[]>`
          update chat_rooms set last_seq = last_seq + 1, last_message_at = now()
           where id = ${roomRow!.id} returning last_seq as seq`;
        const [row] = await tx<{ id: string }[]>`
          insert into chat_messages (room_id, seq, sender_user_id, sender_side, body, created_by)
          values (${roomRow!.id}, ${room!.seq}, ${roomRow!.senderUserId}, 'client', ${`rate ${i}`}, ${roomRow!.senderUserId})
          returning id`;
        await tx`select pg_notify('ipportal_bus', ${JSON.stringify({ t: 'chat.messageSent', i: row!.id })})`;
        return row!.id;
      });
    };
    const perMessage = new Map<string, number>();
    // When each frame arrived and when each write was answered: delivery after the answer, per frame.
    const arrivals = new Map<string, number[]>();
    const answeredAt = new Map<string, number>();
    const before = sockets.map((subscriber) => subscriber.received);
    for (const subscriber of sockets) {
      subscriber.onData = (messageId, at) => {
        perMessage.set(messageId, (perMessage.get(messageId) ?? 0) + 1);
        const times = arrivals.get(messageId) ?? [];
        times.push(at);
        arrivals.set(messageId, times);
      };
    }
    const total = rate * seconds;
    const posted: string[] = [];
    let postErrors = 0;
    const errorReasons = new Map<string, number>();
    const postLatencies: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const runStarted = performance.now();
    for (let i = 0; i < total; i += 1) {
      const due = runStarted + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sentAt = performance.now();
      const post = writeMessage(i)
        .then((id) => {
          posted.push(id);
          answeredAt.set(id, performance.now());
          postLatencies.push(performance.now() - sentAt);
        })
        .catch((error: unknown) => {
          postErrors += 1;
          const cause =
            error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
          const reason = error instanceof Error ? `${error.message}${cause}`.slice(0, 120) : String(error);
          errorReasons.set(reason, (errorReasons.get(reason) ?? 0) + 1);
        })
        .finally(() => inFlight.delete(post));
      inFlight.add(post);
    }
    await Promise.all(inFlight);
    await writer.end();
    const sendSeconds = (performance.now() - runStarted) / 1000;
    const complete = () => posted.every((id) => perMessage.get(id) === sockets.length);
    const drainStarted = performance.now();
    while (!complete() && performance.now() - drainStarted < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const drainMs = performance.now() - drainStarted;
    const expectedFrames = posted.length * sockets.length;
    const deliveredFrames = posted.reduce((sum, id) => sum + (perMessage.get(id) ?? 0), 0);
    const socketsShort = sockets.filter(
      (subscriber, i) => subscriber.received - before[i]! < posted.length,
    ).length;
    postLatencies.sort((x, y) => x - y);
    const rateDelivery = posted
      .flatMap((id) => (arrivals.get(id) ?? []).map((at) => at - answeredAt.get(id)!))
      .sort((x, y) => x - y);

    for (const [reason, count] of errorReasons) console.log(`write error x${count}: ${reason}`);
    for (const line of closes.lines()) console.log(line);
    const busReconnects = busReconnectsOf(servers);
    for (const line of busReconnects.lines) console.log(line);
    for (const server of servers) {
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.trim() && !line.includes('running at'));
      if (logged.length > 0)
        console.log(
          `process ${server.name} logged ${logged.length} lines, the last:\n${logged.slice(-5).join('\n')}`,
        );
    }
    const loadAfter = loadAverage();
    console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${loadAfter}`);
    const figures: Figure[] = [
      { name: 'subscribers (A + B)', value: sockets.length, unit: '' },
      { name: 'connect + subscribe all', value: Math.round(connectMs), unit: 'ms' },
      { name: `single: deliveries (${singleRounds} messages)`, value: latencies.length, unit: '' },
      { name: 'single: lost', value: singleLost, unit: '' },
      { name: 'single: p50 after POST answered', value: percentile(latencies, 50), unit: 'ms' },
      {
        name: 'single: p99 after POST answered',
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { text: '<= 100 ms', met: percentile(latencies, 99) <= 100 },
      },
      { name: 'single: max', value: latencies.at(-1) ?? Number.NaN, unit: 'ms' },
      {
        name: `rate: messages committed (${rate}/s x ${seconds} s, via ${rateVia})`,
        value: posted.length,
        unit: '',
      },
      { name: 'rate: write errors', value: postErrors, unit: '' },
      { name: 'rate: sending took', value: sendSeconds, unit: 's' },
      { name: 'rate: write p50', value: percentile(postLatencies, 50), unit: 'ms' },
      { name: 'rate: write p99', value: percentile(postLatencies, 99), unit: 'ms' },
      { name: 'rate: frames delivered / expected', value: deliveredFrames, unit: `/ ${expectedFrames}` },
      {
        name: 'rate: frames lost',
        value: expectedFrames - deliveredFrames,
        unit: '',
        target: { text: 'none', met: expectedFrames === deliveredFrames && postErrors === 0 },
      },
      { name: 'rate: sockets missing a message', value: socketsShort, unit: '' },
      { name: 'rate: delivery p50 after the answer', value: percentile(rateDelivery, 50), unit: 'ms' },
      {
        name: 'rate: delivery p99 after the answer',
        value: percentile(rateDelivery, 99),
        unit: 'ms',
        target: { text: '<= 150 ms', met: percentile(rateDelivery, 99) <= 150 },
      },
      { name: 'sockets closed by the server during the run', value: closes.total, unit: '' },
      { name: 'sockets closed with resync (4000)', value: closes.resync, unit: '' },
      {
        name: 'bus reconnects (A + B; each closes its sockets with resync)',
        value: busReconnects.total,
        unit: '',
        target: { text: 'none', met: busReconnects.total === 0 },
      },
      { name: 'rate: last frames after the last answer', value: Math.round(drainMs), unit: 'ms' },
      {
        name: 'memory per idle subscribed connection',
        value: perConnectionKiB,
        unit: 'KiB',
        target: { text: '<= 50 KiB', met: perConnectionKiB <= 50 },
      },
    ];
    printFigures(
      `realtime chat, ${sockets.length} onChatRoom subscribers over two API processes on PostgreSQL (load ${loadBefore} -> ${loadAfter})`,
      figures,
    );
  } finally {
    for (const subscriber of sockets) subscriber.client.dispose();
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
