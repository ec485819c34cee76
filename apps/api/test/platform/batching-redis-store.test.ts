import { randomBytes } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { batchingRedisStore } from '../../src/rate-limit/batching-redis-store.js';
import { redisAnswers, redisTestUrl } from '../support/redis.js';

/**
 * The Redis store of the request budgets against a real Redis: hits of one turn of the event
 * loop go out together, and each still counts exactly. The budgets across two apps are covered
 * by test/platform/rate-limit.test.ts.
 */

const redisReachable = await redisAnswers(redisTestUrl);
if (!redisReachable)
  console.warn(`\n  Redis not reachable at ${redisTestUrl}: the batching Redis store tests are skipped\n`);

/** A name space of this run's own, deleted afterwards. */
const nameSpace = `ipportal:test-budgets:${randomBytes(4).toString('hex')}:`;

const hit = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );

describe.skipIf(!redisReachable)('request budgets in Redis, sent a turn of the loop at a time', () => {
  let redis: Redis;
  let store: FastifyRateLimitStore;

  beforeAll(() => {
    redis = new Redis(redisTestUrl);
    const Store = batchingRedisStore(redis, nameSpace);
    store = new Store({});
  });
  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  test('hits of one turn on one key count 1, 2, 3 … in order, within one window', async () => {
    const counted: { current: number; ttl: number }[] = [];
    const hits = Array.from({ length: 20 }, () =>
      hit(store, '10.0.0.1', 60_000).then((result) => counted.push(result)),
    );
    await Promise.all(hits);
    expect(counted.map((result) => result.current)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { ttl } of counted) {
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    expect(await redis.get(`${nameSpace}10.0.0.1`)).toBe('20');
  });

  test('keys of one turn count apart; a later turn goes on from the count', async () => {
    const [a, b] = await Promise.all([hit(store, 'user:a', 60_000), hit(store, 'user:b', 60_000)]);
    expect([a.current, b.current]).toEqual([1, 1]);
    expect((await hit(store, 'user:a', 60_000)).current).toBe(2);
  });

  test('a hit that Redis refuses fails alone; the others of its turn are counted', async () => {
    await redis.set(`${nameSpace}not-a-counter`, 'text');
    const results = await Promise.allSettled([
      hit(store, 'not-a-counter', 60_000),
      hit(store, '10.0.0.2', 60_000),
    ]);
    expect(results[0].status).toBe('rejected');
    expect(results[1]).toEqual({ status: 'fulfilled', value: { current: 1, ttl: 60_000 } });
  });

  test('Redis unreachable: every hit of the turn fails at once (the plugin then lets the requests through)', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on('error', () => undefined);
    const Store = batchingRedisStore(away, nameSpace);
    const unreachable = new Store({});
    const results = await Promise.allSettled([
      hit(unreachable, '10.0.0.3', 60_000),
      hit(unreachable, '10.0.0.4', 60_000),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    away.disconnect();
  });

  test('a route of its own counts under its method and URL; createRateLimit keeps the given keys', async () => {
    const route = store.child({ routeInfo: { method: 'POST', url: '/user/x' } } as never);
    const plain = store.child({ routeInfo: {} } as never);
    await hit(route, '10.0.0.5', 60_000);
    await hit(plain, 'user:c', 60_000);
    expect(await redis.get(`${nameSpace}POST/user/x-10.0.0.5`)).toBe('1');
    expect(await redis.get(`${nameSpace}user:c`)).toBe('1');
  });
});
