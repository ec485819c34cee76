/**
 * Sign-in lockout counters in identity_sign_in_failures, on PGlite and PostgreSQL: the same
 * policy as the pure `afterFailure`, and no failure lost when processes count one key at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { identitySignInFailures } from '../../src/db/schema/index.js';
import {
  DatabaseLockoutStore,
  SignInLockout,
  afterFailure,
  type FailureState,
  type LockoutRule,
} from '../../src/identity/lockout.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';

describe.skipIf(skipDriver)('sign-in lockout in the database', () => {
  let testDb: TestDatabase;
  /** Two handles on PostgreSQL (two processes' pools); PGlite is one in-process connection. */
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    first = await testDb.open();
    await migrateDatabase(first, testDb.options);
    second = testDriver === 'postgres' ? await testDb.open() : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await testDb?.drop();
  });

  const stored = async (key: string) =>
    (await first.db.select().from(identitySignInFailures).where(eq(identitySignInFailures.key, key)))[0];

  it('locks after the limit, for longer each time, per user and per address; a success clears the user', async () => {
    let clock = Date.parse('2026-04-01T00:00:00Z');
    const lockout = new SignInLockout(
      new DatabaseLockoutStore(first.db),
      {
        user: { maxFailures: 3, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 200 },
        ip: { maxFailures: 10, windowSeconds: 600, baseLockSeconds: 30, maxLockSeconds: 30 },
      },
      () => clock,
    );
    const fail = async (times: number, user = 'u', ip = '1.1.1.1') => {
      for (let i = 0; i < times; i += 1) await lockout.recordFailure(user, ip);
    };
    await fail(3);
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 60_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await fail(3);
    clock += 119_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 1_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await fail(3);
    clock += 199_000; // 60 s, 120 s, then capped at 200 s
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 1_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await lockout.recordSuccess('u');
    expect(await stored('user:u')).toBeUndefined();
    await fail(2);
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);

    for (let i = 0; i < 10; i += 1) await fail(1, `user${i}`, '9.9.9.9');
    expect(await lockout.isLocked('someone-else', '9.9.9.9')).toBe(true);
    expect(await lockout.isLocked('someone-else', '8.8.8.8')).toBe(false);

    // A day later nothing is locked any more and the housekeeping drops every counter.
    clock += 25 * 60 * 60 * 1000;
    expect(await lockout.housekeeping()).toBeGreaterThan(0);
    expect(await first.db.select().from(identitySignInFailures)).toHaveLength(0);
  });

  it('computes the same states as the pure policy (window, lock growth, forgetting after a day)', async () => {
    const rule: LockoutRule = { maxFailures: 4, windowSeconds: 300, baseLockSeconds: 10, maxLockSeconds: 70 };
    const store = new DatabaseLockoutStore(first.db);
    let expected: FailureState | undefined;
    let time = Date.parse('2026-05-01T00:00:00Z');
    // Gaps in seconds: bursts that lock, gaps that outlast the window, and one of more than a day.
    const gaps = [
      0, 1, 1, 1, 1, 1, 1, 1, 400, 1, 1, 1, 1, 2, 3, 90_000, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ];
    for (const gap of gaps) {
      time += gap * 1000;
      const now = new Date(time);
      expected = afterFailure(expected, rule, now);
      expect(await store.recordFailure('user:policy', rule, now)).toEqual(expected);
    }
    // Three locks since the day-long pause forgot the earlier ones.
    expect(expected?.locks).toBe(3);
  });

  it('counts every failure when two processes record the same key at once', async () => {
    const rule: LockoutRule = {
      maxFailures: 1000,
      windowSeconds: 600,
      baseLockSeconds: 60,
      maxLockSeconds: 600,
    };
    const stores = [new DatabaseLockoutStore(first.db), new DatabaseLockoutStore(second.db)];
    const now = new Date();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => stores[i % 2]!.recordFailure('ip:198.51.100.1', rule, now)),
    );
    expect((await stored('ip:198.51.100.1'))?.failures).toBe(40);

    // Ten failures at once against a limit of five: exactly two locks, none lost or doubled.
    const tight: LockoutRule = {
      maxFailures: 5,
      windowSeconds: 600,
      baseLockSeconds: 60,
      maxLockSeconds: 600,
    };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => stores[i % 2]!.recordFailure('user:REGULAR:race', tight, now)),
    );
    const row = await stored('user:REGULAR:race');
    expect(row?.locks).toBe(2);
    expect(row?.failures).toBe(0);
    expect(row?.lockedUntil?.getTime()).toBe(now.getTime() + 120_000);
  });
});
