import { Redis } from 'ioredis';

/** The Redis the tests count budgets in (REDIS_URL_TEST; the one running on this machine by default). */
export const redisTestUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` within a second; tests that need one skip without it. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
