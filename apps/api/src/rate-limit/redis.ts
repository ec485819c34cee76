import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Key prefix of the request budgets in Redis (the plugin's `nameSpace`). */
export const redisNameSpace = 'ipportal:rate-limit:';

/**
 * The ioredis client for the request budgets (@fastify/rate-limit's `redis` option), tuned to
 * fail fast: a request must never wait long on its budget.
 *
 * - `connectTimeout` 2 s per connection attempt; ioredis keeps reconnecting in the background
 *   (its default backoff, at most a few seconds apart) for as long as the app runs;
 * - `enableOfflineQueue: false`: while Redis is unreachable a hit fails at once instead of
 *   waiting in a queue for the reconnection;
 * - `commandTimeout` 1 s and `maxRetriesPerRequest` 1 bound a hit when Redis hangs or the
 *   connection drops mid-command.
 *
 * Connects before the app starts serving; an unreachable Redis is logged, not fatal (the
 * plugin fails open, see rate-limit.ts). Each loss and return of the connection is logged once.
 */
export async function openRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectionName: 'ipportal-api-rate-limit',
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { err: error },
      'Redis (REDIS_URL) unreachable: request budgets are not counted until it is back (fail open)',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis (REDIS_URL) reachable again: request budgets are counted');
  });
  try {
    await redis.connect();
  } catch {
    // Logged by the error listener; ioredis goes on reconnecting.
  }
  return redis;
}

/** Closes the client: QUIT when connected (pending replies arrive first), otherwise just drop it. */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // fall through
    }
  }
  redis.disconnect();
}
