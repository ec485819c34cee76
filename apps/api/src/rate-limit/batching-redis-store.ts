import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { childKeyPrefix, refuseUnsupportedOptions } from './store-options.js';

/**
 * One hit on one key, as @fastify/rate-limit's own Redis store counts it (INCR; a new key gets
 * the window as its expiry) without its `continueExceeding` and `exponentialBackoff` branches,
 * which the portal does not use. Returns the count and the milliseconds left in the window.
 */
const hitScript = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = tonumber(ARGV[1])
  if current == 1 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = redis.call('PTTL', KEYS[1])
  end
  return {current, ttl}
`;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Hit {
  key: string;
  windowMs: number;
  callback: Callback;
}

/** The hit script as a command of the client (`defineCommand`), queued on a pipeline. */
interface BudgetPipeline {
  ipportalBudgetHit(key: string, windowMs: number): BudgetPipeline;
}

/**
 * A @fastify/rate-limit store (`store` option) counting in Redis, like the plugin's own Redis
 * store (same keys: the name space, then the key), except that the hits of one turn of the event
 * loop go to Redis together: one pipeline of the hit script, one socket write and one read for
 * every request parsed in that turn, where the plugin's store writes and reads once per hit.
 * A request costs two hits (its address, then its signed-in user), and under load several
 * requests arrive in one turn; the write and the read were the API's largest cost beyond the
 * handler's own work (docs/adr/0059).
 *
 * The counts stay exact: each hit is still its own atomic INCR, in the order the hits came.
 * A hit waits at most until the end of the current turn of the loop before it is sent.
 * Errors (Redis unreachable, a command timing out) reach every hit of the batch, and the plugin
 * lets those requests through (`skipOnError`, see plugins/rate-limit.ts).
 */
export function batchingRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  if (!('ipportalBudgetHit' in redis))
    redis.defineCommand('ipportalBudgetHit', { numberOfKeys: 1, lua: hitScript });

  let waiting: Hit[] = [];
  const send = () => {
    const hits = waiting;
    waiting = [];
    const pipeline = redis.pipeline();
    const queue = pipeline as unknown as BudgetPipeline;
    for (const hit of hits) queue.ipportalBudgetHit(hit.key, hit.windowMs);
    void pipeline.exec().then(
      (results) => {
        hits.forEach((hit, index) => {
          const [error, reply] = results?.[index] ?? [new Error('Redis answered no result for a budget hit')];
          if (error) return hit.callback(error);
          const [current, ttl] = reply as [number, number];
          hit.callback(null, { current, ttl });
        });
      },
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const hit of hits) hit.callback(failure);
      },
    );
  };

  class BatchingRedisStore implements FastifyRateLimitStore {
    constructor(
      options: RateLimitPluginOptions,
      private readonly prefix = nameSpace,
    ) {
      refuseUnsupportedOptions('batching Redis', options);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ key: this.prefix + key, windowMs: timeWindow, callback });
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new BatchingRedisStore(
        routeOptions as RateLimitPluginOptions,
        this.prefix + childKeyPrefix(routeOptions),
      );
    }
  }
  return BatchingRedisStore;
}
