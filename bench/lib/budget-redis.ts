import { createConnection } from 'node:net';

/**
 * The Redis a PostgreSQL run's API counts its request budgets in, as the README recommends for
 * heavy traffic and several processes: BENCH_REDIS_URL, by default redis://127.0.0.1:6379 when it
 * answers; '' when unset to '' or not answering (the API then counts them in PostgreSQL, one
 * upsert per budget and request).
 */
export async function budgetRedis(): Promise<string> {
  const url = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!url) return '';
  const { hostname, port } = new URL(url);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  return answers ? url : '';
}
