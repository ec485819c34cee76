import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { childKeyPrefix, refuseUnsupportedOptions } from './store-options.js';

/**
 * The hits of one turn, each on its key in the order given, as @fastify/rate-limit's own Redis
 * store counts one (INCR; a new key gets the window as its expiry) without its
 * `continueExceeding` and `exponentialBackoff` branches, which the portal does not use.
 * KEYS are the hits' keys, ARGV their windows in ms. Answers two values per hit: the count and
 * the milliseconds left in the window, or -1 and Redis's error for a key it refused to count
 * (`pcall`: one bad key must not fail the others of its turn).
 */
const hitsScript = `
  local answers = {}
  for i = 1, #KEYS do
    local current = redis.pcall('INCR', KEYS[i])
    if type(current) == 'table' and current.err then
      answers[2 * i - 1] = -1
      answers[2 * i] = current.err
    else
      local ttl = tonumber(ARGV[i])
      if current == 1 then
        redis.call('PEXPIRE', KEYS[i], ttl)
      else
        ttl = redis.call('PTTL', KEYS[i])
      end
      answers[2 * i - 1] = current
      answers[2 * i] = ttl
    end
  end
  return answers
`;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Hit {
  key: string;
  windowMs: number;
  callback: Callback;
}

/** The hits script as a command of the client (`defineCommand`; the key count comes first). */
interface BudgetCommands {
  ipportalBudgetHits(keyCount: number, ...keysThenWindows: (string | number)[]): Promise<unknown>;
}

/**
 * A @fastify/rate-limit store (`store` option) counting in Redis, like the plugin's own Redis
 * store (same keys: the name space, then the key), except that the hits of one turn of the event
 * loop go to Redis together: one socket write and one read for every request parsed in that
 * turn, where the plugin's store writes and reads once per hit. A request costs two hits (its
 * address, then its signed-in user), and under load several requests arrive in one turn; the
 * write and the read were the API's largest cost beyond the handler's own work (docs/adr/0059).
 * The turn's hits are one call of the hits script rather than a pipeline of one call per hit:
 * each command costs ioredis a command object, a timer and a reply to decode, which weighed on
 * every request (docs/adr/0063).
 *
 * The counts stay exact: each hit is still its own INCR, in the order the hits came, and the
 * whole turn is counted atomically.
 * A hit waits at most until the end of the current turn of the loop before it is sent.
 * Errors (Redis unreachable, a command timing out) reach every hit of the batch, and the plugin
 * lets those requests through (`skipOnError`, see plugins/rate-limit.ts).
 */
export function batchingRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  if (!('ipportalBudgetHits' in redis)) redis.defineCommand('ipportalBudgetHits', { lua: hitsScript });

  let waiting: Hit[] = [];
  const send = () => {
    const hits = waiting;
    waiting = [];
    const keysThenWindows: (string | number)[] = hits.map((hit) => hit.key);
    for (const hit of hits) keysThenWindows.push(hit.windowMs);
    (redis as unknown as BudgetCommands).ipportalBudgetHits(hits.length, ...keysThenWindows).then(
      (answer) => {
        const answers = answer as (number | string)[];
        hits.forEach((hit, index) => {
          const current = answers[2 * index];
          const ttl = answers[2 * index + 1];
          if (typeof current !== 'number' || current < 0)
            return hit.callback(new Error(`Redis did not count a budget hit: ${String(ttl)}`));
          hit.callback(null, { current, ttl: Number(ttl) });
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
