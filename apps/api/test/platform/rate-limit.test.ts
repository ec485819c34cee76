import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userEndpoints } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/index.js';
import { deleteExpiredCounters, hitCounter } from '../../src/rate-limit/postgres-store.js';
import { redisNameSpace } from '../../src/rate-limit/redis.js';
import { createTestDatabase, skipDriver, testDriver } from '../support/db.js';
import { createTestIdentity, type TestIdentity } from '../support/jwt.js';
import { urlOf } from '../support/endpoints.js';
import { redisAnswers, redisTestUrl } from '../support/redis.js';

/**
 * Request budgets counted across API processes: two apps (two buildApp instances, each with its
 * own connection pool, like two processes behind a load balancer) on one database, against the
 * PostgreSQL store (DATABASE_URL) and the Redis store (REDIS_URL). The in-memory store of the
 * embedded single process is covered by test/api/system.test.ts.
 */

const redisReachable = await redisAnswers(redisTestUrl);
if (!redisReachable)
  console.warn(`\n  Redis not reachable at ${redisTestUrl}: the Redis rate limit tests are skipped\n`);

/** A client address of this run's own, so counts left in a shared store by other runs never meet it. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

interface TwoApps {
  a: FastifyInstance;
  b: FastifyInstance;
  database: DatabaseHandle;
  identity: TestIdentity;
  close(): Promise<void>;
}

async function startTwoApps(env: Record<string, string>): Promise<TwoApps> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-api-rate-limit-'));
  const testDb = await createTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PROCESS_ROLE: 'api',
    ...testDb.env,
    ...env,
  });
  const identity = createTestIdentity();
  const first = await testDb.open();
  // PostgreSQL: the second "process" opens its own pool on the same database. PGlite belongs to
  // one process, so there the second app shares the handle (only Redis is shared then anyway).
  const second = testDriver === 'postgres' ? await testDb.open() : first;
  const apps: FastifyInstance[] = [];
  const close = async () => {
    try {
      for (const app of apps) await app.close();
    } finally {
      if (second !== first) await second.close().catch(() => undefined);
      await first.close().catch(() => undefined);
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    for (const database of [first, second]) {
      const app = await buildApp(config, { database, verifier: identity.verifier, logger: false });
      apps.push(app);
      await app.ready();
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { a: apps[0]!, b: apps[1]!, database: first, identity, close };
}

const ownUserUrl = urlOf(userEndpoints.getUser, { namespace: 'user' });

/** An anonymous API call: 401 while the address has budget left, 429 once it is used up. */
const anonymous = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ url: ownUserUrl, remoteAddress, headers: { 'accept-language': 'en' } });

const signedIn = (app: FastifyInstance, token: string, remoteAddress: string) =>
  app.inject({
    url: ownUserUrl,
    remoteAddress,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describeSharedBudgets(store: 'postgres' | 'redis', storeEnv: Record<string, string>, skip: boolean) {
  describe.skipIf(skip)(`request budgets shared by two API processes (${store} store)`, () => {
    let apps: TwoApps;
    let redis: Redis | undefined;
    const addresses: string[] = [];
    const address = () => {
      const value = freshAddress();
      addresses.push(value);
      return value;
    };

    beforeAll(async () => {
      apps = await startTwoApps({
        ...storeEnv,
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_IP_MAX: '5',
        RATE_LIMIT_WINDOW_MS: '60000',
      });
      if (store === 'redis') redis = new Redis(redisTestUrl);
    });
    afterAll(async () => {
      // Only this run's keys (they would expire with the window anyway).
      if (redis) {
        const keys = (await redis.keys(`${redisNameSpace}*`)).filter((key) =>
          addresses.some((value) => key.endsWith(value)),
        );
        const ids = await apps.database.db.execute(sql`select id from users`);
        const userIds = (Array.isArray(ids) ? ids : (ids as { rows: unknown[] }).rows).map(
          (row) => (row as { id: string }).id,
        );
        const userKeys = (await redis.keys(`${redisNameSpace}*user:*`)).filter((key) =>
          userIds.some((id) => key.endsWith(`user:${id}`)),
        );
        if (keys.length + userKeys.length > 0) await redis.del(...keys, ...userKeys);
        redis.disconnect();
      }
      await apps?.close();
    });

    test('per address: hits alternating between the two apps use one budget; the 6th answers 429 with Retry-After', async () => {
      const from = address();
      for (let i = 0; i < 5; i++) {
        const response = await anonymous(i % 2 === 0 ? apps.a : apps.b, from);
        expect(response.statusCode, `hit ${i + 1}`).toBe(401);
      }
      const limited = await anonymous(apps.b, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ hasError: true, message: 'Too many requests; try again in a moment' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await anonymous(apps.a, from)).statusCode).toBe(429);
      // Another address, the health checks and the build files are not affected.
      expect((await anonymous(apps.a, address())).statusCode).toBe(401);
      expect((await apps.a.inject({ url: '/healthz', remoteAddress: from })).statusCode).toBe(200);
      expect((await apps.b.inject({ url: '/readyz', remoteAddress: from })).statusCode).toBe(200);
      expect((await apps.b.inject({ url: '/assets/x.js', remoteAddress: from })).statusCode).not.toBe(429);
    });

    test('parallel hits on both apps never overshoot the budget', async () => {
      const from = address();
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => anonymous(i % 2 === 0 ? apps.a : apps.b, from)),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([
        ...Array.from({ length: 5 }, () => 401),
        ...Array.from({ length: 7 }, () => 429),
      ]);
    });

    test('per signed-in user: one budget across the apps, apart from the address budget and from colleagues', async () => {
      const token = apps.identity.token('REGULAR', { sub: randomUUID(), email: `busy-${store}@example.com` });
      const colleague = apps.identity.token('REGULAR', {
        sub: randomUUID(),
        email: `colleague-${store}@example.com`,
      });
      const office = address();
      for (let i = 0; i < 3; i++) {
        // Each hit from a new address: only the user's own budget can run out.
        const response = await signedIn(i % 2 === 0 ? apps.a : apps.b, token, address());
        expect(response.statusCode, `hit ${i + 1}`).toBe(200);
      }
      const limited = await signedIn(apps.b, token, office);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signedIn(apps.a, token, address())).statusCode).toBe(429);
      // The colleague at the next desk (same address) has a budget of their own.
      expect((await signedIn(apps.a, colleague, office)).statusCode).toBe(200);
      expect((await signedIn(apps.b, colleague, office)).statusCode).toBe(200);
    });

    if (store === 'postgres') {
      test('the counts are rows of rate_limit_counters: addresses and `user:` keys apart', async () => {
        const result = await apps.database.db.execute(sql`select key, count from rate_limit_counters`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          key: string;
          count: number;
        }[];
        const keys = rows.map((row) => row.key);
        expect(keys).toEqual(expect.arrayContaining(addresses.slice(0, 1)));
        expect(keys.some((key) => key.startsWith('user:'))).toBe(true);
        expect(keys.filter((key) => !key.startsWith('user:')).every((key) => /^[\d.]+$/.test(key))).toBe(
          true,
        );
      });
    } else {
      test('the counts are Redis keys under the name space (none in PostgreSQL)', async () => {
        expect(await redis!.get(`${redisNameSpace}${addresses[0]}`)).toBe('7');
        const result = await apps.database.db.execute(
          sql`select count(*)::int as n from rate_limit_counters`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          n: number;
        }[];
        expect(rows[0]!.n).toBe(0);
      });
    }
  });

  describe.skipIf(skip)(`the shared window resets (${store} store)`, () => {
    let apps: TwoApps;
    beforeAll(async () => {
      apps = await startTwoApps({
        ...storeEnv,
        RATE_LIMIT_MAX: '1000',
        RATE_LIMIT_IP_MAX: '2',
        RATE_LIMIT_WINDOW_MS: '1000',
      });
    });
    afterAll(async () => apps?.close());

    test('after Retry-After seconds the address has its budget again, on either app', async () => {
      const from = freshAddress();
      expect((await anonymous(apps.a, from)).statusCode).toBe(401);
      expect((await anonymous(apps.b, from)).statusCode).toBe(401);
      const limited = await anonymous(apps.a, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('1');
      await sleep(1100);
      expect((await anonymous(apps.b, from)).statusCode).toBe(401);
      expect((await anonymous(apps.a, from)).statusCode).toBe(401);
      expect((await anonymous(apps.b, from)).statusCode).toBe(429);
    });
  });
}

describeSharedBudgets('postgres', {}, testDriver !== 'postgres' || skipDriver);
describeSharedBudgets('redis', { REDIS_URL: redisTestUrl }, !redisReachable || skipDriver);

describe.skipIf(skipDriver)('the shared stores fail open', () => {
  test('Redis unreachable: the app starts, requests pass uncounted, close does not hang', async () => {
    // Port 1: nothing listens there, the connection is refused at once.
    const apps = await startTwoApps({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_IP_MAX: '2' });
    try {
      const from = freshAddress();
      for (let i = 0; i < 5; i++) expect((await anonymous(apps.a, from)).statusCode).toBe(401);
    } finally {
      await apps.close();
    }
  });

  test.skipIf(testDriver !== 'postgres')(
    'PostgreSQL counters failing: requests pass uncounted instead of answering 500',
    async () => {
      const apps = await startTwoApps({ RATE_LIMIT_IP_MAX: '2' });
      try {
        const from = freshAddress();
        await apps.database.db.execute(
          sql`alter table rate_limit_counters rename to rate_limit_counters_away`,
        );
        for (let i = 0; i < 4; i++) expect((await anonymous(apps.a, from)).statusCode).toBe(401);
        await apps.database.db.execute(
          sql`alter table rate_limit_counters_away rename to rate_limit_counters`,
        );
        expect((await anonymous(apps.b, from)).statusCode).toBe(401);
        expect((await anonymous(apps.a, from)).statusCode).toBe(401);
        expect((await anonymous(apps.b, from)).statusCode).toBe(429);
      } finally {
        await apps.close();
      }
    },
  );
});

describe.skipIf(testDriver !== 'postgres' || skipDriver)('rate_limit_counters upkeep', () => {
  test('the sweep deletes the counters whose window has passed and keeps the live ones', async () => {
    const apps = await startTwoApps({});
    try {
      const db = apps.database.db;
      const short = await hitCounter(db, 'sweep:short', 1);
      expect(short.count).toBe(1);
      expect(short.ttl).toBeLessThanOrEqual(2);
      const live = await hitCounter(db, 'sweep:live', 60_000);
      expect(live.count).toBe(1);
      expect(live.ttl).toBe(60_000);
      expect((await hitCounter(db, 'sweep:live', 60_000)).count).toBe(2);
      await sleep(20);
      expect(await deleteExpiredCounters(db)).toBeGreaterThanOrEqual(1);
      const result = await db.execute(sql`select key from rate_limit_counters where key like 'sweep:%'`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        key: string;
      }[];
      expect(rows.map((row) => row.key)).toEqual(['sweep:live']);
    } finally {
      await apps.close();
    }
  });
});
