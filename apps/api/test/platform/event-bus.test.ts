import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Signal } from '../../src/events/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver, testDriver } from '../support/db.js';

describe.skipIf(skipDriver)('event bus', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  /** The next signal of a topic with this id, or a rejection after `timeoutMs`. */
  function nextSignal(id: string, timeoutMs = 10_000): Promise<Signal> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`no signal for ${id} within ${timeoutMs} ms`));
      }, timeoutMs);
      const unsubscribe = ctx.app.bus.subscribe('auth.principalChanged', (signal) => {
        if (signal.id !== id) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(signal);
      });
    });
  }

  test('a signal sent in a transaction arrives when it commits', async () => {
    const arrived = nextSignal('committed');
    await ctx.app.db.transaction(async (tx) => {
      await ctx.app.bus.publish(tx, { topic: 'auth.principalChanged', id: 'committed' });
    });
    expect(await arrived).toEqual({ topic: 'auth.principalChanged', id: 'committed' });
  });

  test('a rolled-back transaction sends nothing', async () => {
    const seen: string[] = [];
    const unsubscribe = ctx.app.bus.subscribe('auth.principalChanged', (signal) => seen.push(signal.id));
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await ctx.app.bus.publish(tx, { topic: 'auth.principalChanged', id: 'rolled-back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Signals arrive in commit order: once a later one is here, the rolled-back one would have been too.
    const later = nextSignal('later');
    await ctx.app.bus.publish(ctx.app.db, { topic: 'auth.principalChanged', id: 'later' });
    await later;
    unsubscribe();
    expect(seen).toEqual(['later']);
  });

  test.runIf(testDriver === 'postgres')(
    'after its connection is killed the listener listens again, resyncs, and receives signals',
    async () => {
      const resynced = new Promise<void>((resolve) => {
        const off = ctx.app.bus.onResync(() => {
          off();
          resolve();
        });
      });
      await ctx.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ipportal-bus' and datname = current_database()`,
      );
      await resynced;
      const arrived = nextSignal('after-reconnect');
      await ctx.app.bus.publish(ctx.app.db, { topic: 'auth.principalChanged', id: 'after-reconnect' });
      expect((await arrived).id).toBe('after-reconnect');
    },
    60_000,
  );
});
