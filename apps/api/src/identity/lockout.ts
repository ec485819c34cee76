/**
 * Failed sign-in tracking with a growing lockout, per user name and per client IP.
 *
 * Keys are what the caller typed (normalised), not user ids, so an unknown user name locks exactly
 * like a real one and the lockout itself reveals nothing. The counters live in the database
 * (identity_sign_in_failures), shared by every API process: each failure is one atomic upsert, so
 * two processes counting the same key at once never lose a failure. The policy itself is the pure
 * `afterFailure`, which the SQL mirrors and the in-memory store (tests) uses directly.
 */
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { identitySignInFailures } from '../db/schema/index.js';

export interface LockoutRule {
  /** Failures within `windowSeconds` that trigger a lock. */
  maxFailures: number;
  windowSeconds: number;
  /** First lock length; every further lock of the same key doubles it, up to `maxLockSeconds`. */
  baseLockSeconds: number;
  maxLockSeconds: number;
}

export interface LockoutPolicy {
  user: LockoutRule;
  ip: LockoutRule;
}

export const defaultLockoutPolicy: LockoutPolicy = {
  user: { maxFailures: 5, windowSeconds: 15 * 60, baseLockSeconds: 60, maxLockSeconds: 60 * 60 },
  // Several people can share one address (offices behind NAT), so the per-IP rule is looser.
  ip: { maxFailures: 30, windowSeconds: 15 * 60, baseLockSeconds: 60, maxLockSeconds: 60 * 60 },
};

/** One key's counter, as stored. */
export interface FailureState {
  /** Failures since `windowStartedAt`; back to 0 when the window passes or a lock starts. */
  failures: number;
  windowStartedAt: Date;
  /** Locks so far: each doubles the next one's length. */
  locks: number;
  lockedUntil: Date | null;
  lastFailedAt: Date;
}

/** A key's lock history is forgotten after a day without failures. */
export const forgetAfterMs = 24 * 60 * 60 * 1000;
/** Locks double at most this many times before `maxLockSeconds` caps them anyway (keeps 2^n finite). */
const maxDoublings = 40;

function lockSeconds(rule: LockoutRule, locksBefore: number): number {
  return Math.min(rule.baseLockSeconds * 2 ** Math.min(locksBefore, maxDoublings), rule.maxLockSeconds);
}

/**
 * The policy: a key's state after one more failure at `now`. The window is fixed, starting at
 * the first failure counted in it; reaching `maxFailures` in it starts a lock and a new window.
 */
export function afterFailure(state: FailureState | undefined, rule: LockoutRule, now: Date): FailureState {
  const time = now.getTime();
  const locksBefore = !state || time - state.lastFailedAt.getTime() > forgetAfterMs ? 0 : state.locks;
  const windowOver = !state || time - state.windowStartedAt.getTime() >= rule.windowSeconds * 1000;
  const counted = windowOver ? 1 : state.failures + 1;
  if (counted >= rule.maxFailures) {
    return {
      failures: 0,
      windowStartedAt: now,
      locks: locksBefore + 1,
      lockedUntil: new Date(time + lockSeconds(rule, locksBefore) * 1000),
      lastFailedAt: now,
    };
  }
  return {
    failures: counted,
    windowStartedAt: windowOver ? now : state.windowStartedAt,
    locks: locksBefore,
    lockedUntil: state?.lockedUntil ?? null,
    lastFailedAt: now,
  };
}

/** Whether a stored counter is of no further use: not locked and no failure for a day. */
export function isStale(state: FailureState, now: Date): boolean {
  return (
    (state.lockedUntil === null || state.lockedUntil <= now) &&
    now.getTime() - state.lastFailedAt.getTime() > forgetAfterMs
  );
}

/** Where the counters are kept. */
export interface LockoutStore {
  /** Whether any of the keys is locked at `now`. */
  anyLocked(keys: string[], now: Date): Promise<boolean>;
  recordFailure(key: string, rule: LockoutRule, now: Date): Promise<FailureState>;
  clear(key: string): Promise<void>;
  /** Housekeeping: drops counters that no longer matter; returns how many. */
  deleteStale(now: Date): Promise<number>;
}

/** Counters in one process's memory: for tests of the policy without a database. */
export class MemoryLockoutStore implements LockoutStore {
  readonly entries = new Map<string, FailureState>();

  anyLocked(keys: string[], now: Date): Promise<boolean> {
    return Promise.resolve(
      keys.some((key) => {
        const until = this.entries.get(key)?.lockedUntil;
        return until !== undefined && until !== null && until > now;
      }),
    );
  }

  recordFailure(key: string, rule: LockoutRule, now: Date): Promise<FailureState> {
    const state = afterFailure(this.entries.get(key), rule, now);
    this.entries.set(key, state);
    return Promise.resolve(state);
  }

  clear(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  deleteStale(now: Date): Promise<number> {
    let deleted = 0;
    for (const [key, state] of this.entries) {
      if (isStale(state, now)) {
        this.entries.delete(key);
        deleted += 1;
      }
    }
    return Promise.resolve(deleted);
  }
}

const t = identitySignInFailures;

/**
 * Counters in identity_sign_in_failures, shared by every process. A failure is one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`: the row is locked while the new values are
 * computed from the stored ones, so concurrent failures of one key are all counted.
 */
export class DatabaseLockoutStore implements LockoutStore {
  constructor(private readonly db: Executor) {}

  async anyLocked(keys: string[], now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ key: t.key })
      .from(t)
      .where(and(inArray(t.key, keys), sql`${t.lockedUntil} > ${instant(now)}`))
      .limit(1);
    return row !== undefined;
  }

  async recordFailure(key: string, rule: LockoutRule, now: Date): Promise<FailureState> {
    const at = instant(now);
    // `afterFailure` in SQL, over the stored row (unqualified columns in DO UPDATE are the stored values).
    const locksBefore = sql`(case when ${t.lastFailedAt} < ${at} - make_interval(secs => ${forgetAfterMs / 1000}::float8) then 0 else ${t.locks} end)`;
    const windowOver = sql`(${t.windowStartedAt} <= ${at} - make_interval(secs => ${rule.windowSeconds}::float8))`;
    const counted = sql`(case when ${windowOver} then 1 else ${t.failures} + 1 end)`;
    const trips: SQL = sql`(${counted} >= ${rule.maxFailures}::int)`;
    const lockLength = sql`least(${rule.baseLockSeconds}::float8 * power(2::float8, least(${locksBefore}, ${maxDoublings}::int)), ${rule.maxLockSeconds}::float8)`;
    const [row] = await this.db
      .insert(t)
      .values({ key, ...afterFailure(undefined, rule, now) })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: sql`case when ${trips} then 0 else ${counted} end`,
          windowStartedAt: sql`case when ${trips} or ${windowOver} then ${at} else ${t.windowStartedAt} end`,
          locks: sql`case when ${trips} then ${locksBefore} + 1 else ${locksBefore} end`,
          lockedUntil: sql`case when ${trips} then ${at} + make_interval(secs => ${lockLength}) else ${t.lockedUntil} end`,
          lastFailedAt: now,
        },
      })
      .returning({
        failures: t.failures,
        windowStartedAt: t.windowStartedAt,
        locks: t.locks,
        lockedUntil: t.lockedUntil,
        lastFailedAt: t.lastFailedAt,
      });
    if (!row) throw new Error('sign-in failure upsert returned nothing');
    return row;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(t).where(eq(t.key, key));
  }

  async deleteStale(now: Date): Promise<number> {
    const rows = await this.db
      .delete(t)
      .where(
        and(
          or(isNull(t.lockedUntil), lt(t.lockedUntil, now)),
          lt(t.lastFailedAt, new Date(now.getTime() - forgetAfterMs)),
        ),
      )
      .returning({ key: t.key });
    return rows.length;
  }
}

function instant(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

export class SignInLockout {
  constructor(
    private readonly store: LockoutStore,
    private readonly policy: LockoutPolicy = defaultLockoutPolicy,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether a sign-in for this user name from this address must be refused without looking at the password. */
  isLocked(userKey: string, ip: string): Promise<boolean> {
    return this.store.anyLocked([`user:${userKey}`, `ip:${ip}`], new Date(this.clock()));
  }

  async recordFailure(userKey: string, ip: string): Promise<void> {
    const now = new Date(this.clock());
    await this.store.recordFailure(`user:${userKey}`, this.policy.user, now);
    await this.store.recordFailure(`ip:${ip}`, this.policy.ip, now);
  }

  /** A correct password clears the user's failures (not the address's: others may be guessing from it). */
  recordSuccess(userKey: string): Promise<void> {
    return this.store.clear(`user:${userKey}`);
  }

  /** Drops counters nobody needs any more (the identity housekeeping). */
  housekeeping(): Promise<number> {
    return this.store.deleteStale(new Date(this.clock()));
  }
}
