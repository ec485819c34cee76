import type { FastifyBaseLogger } from 'fastify';
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { childKeyPrefix, refuseUnsupportedOptions } from './store-options.js';

/** How often one process deletes counters whose window has passed (any process may; all do). */
export const counterSweepIntervalMs = 10 * 60 * 1000;

/** At most one warning per this long while the counters fail (the plugin then lets requests through). */
const errorLogIntervalMs = 60 * 1000;

interface CounterRow {
  count: number;
  ttl: number;
}

/**
 * One hit: a single atomic statement, so concurrent requests in any number of processes never
 * lose a count. A new key or a key whose window has passed starts a window of `windowMs` at 1;
 * otherwise the count goes up and the window's end stays. The window is measured with the
 * database's clock, so the processes' clocks do not matter. Returns the count and the
 * milliseconds left in the window, rounded (expires_at keeps milliseconds, now() microseconds:
 * a ceiling would turn a fresh 1000 ms window into 1001 ms and a Retry-After of 2 s).
 */
export async function hitCounter(db: Database, key: string, windowMs: number): Promise<CounterRow> {
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, count, expires_at)
    values (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
    on conflict (key) do update set
      count = case when c.expires_at <= now() then 1 else c.count + 1 end,
      expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
    returning count,
      greatest(1, round(extract(epoch from c.expires_at - now()) * 1000))::integer as ttl`);
  const row = rowsOf<CounterRow>(result)[0];
  if (!row) throw new Error('rate limit counter: the upsert returned no row');
  return { count: Number(row.count), ttl: Number(row.ttl) };
}

/** Deletes the counters whose window has passed (an expired row would be reset on its next hit anyway). */
export async function deleteExpiredCounters(db: Database): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limit_counters where expires_at < now() returning key`,
  );
  return rowsOf(result).length;
}

/**
 * A @fastify/rate-limit store (`store` option) counting in the `rate_limit_counters` table
 * (UNLOGGED, migration 0005), shared by every API process on the same PostgreSQL.
 *
 * The plugin's contract (store/LocalStore.js): `new Store(globalOptions)`,
 * `incr(key, cb, timeWindow, max)` → `cb(null, { current, ttl })` with ttl in ms, and
 * `child(routeOptions)` for a route's own `config.rateLimit` or `app.createRateLimit(...)`.
 * A route's own limit gets its own keys (method and URL in front), as the plugin's Redis store
 * does; `createRateLimit` (no route) keeps the caller's keys, which are prefixed already
 * (`user:...` for the per-user budget). `continueExceeding` and `exponentialBackoff` are not
 * implemented and refused. Errors reach the plugin, which lets the request through when
 * `skipOnError` is set; they are logged here at most once a minute.
 */
export function postgresStore(db: Database, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let failuresSinceLog = 0;
  let lastLogAt = 0;
  const reportFailure = (error: unknown) => {
    failuresSinceLog++;
    const now = Date.now();
    if (now - lastLogAt < errorLogIntervalMs) return;
    log.warn(
      { err: error, failures: failuresSinceLog },
      'rate limit counters failed (PostgreSQL): requests are let through uncounted',
    );
    lastLogAt = now;
    failuresSinceLog = 0;
  };

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      options: RateLimitPluginOptions,
      private readonly prefix = '',
    ) {
      refuseUnsupportedOptions('PostgreSQL', options);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitCounter(db, this.prefix + key, timeWindow).then(
        ({ count, ttl }) => callback(null, { current: count, ttl }),
        (error: unknown) => {
          reportFailure(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new PostgresStore(
        routeOptions as RateLimitPluginOptions,
        this.prefix + childKeyPrefix(routeOptions),
      );
    }
  }
  return PostgresStore;
}
