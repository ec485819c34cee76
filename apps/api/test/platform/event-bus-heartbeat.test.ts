/**
 * The PostgreSQL bus's heartbeat (ADR 0053): a process whose app pool is taken by requests and
 * whose event loop runs late is busy, not cut, so it keeps its listener and its sockets; a
 * listening connection that stops delivering without a close (stalled behind a proxy) is
 * replaced, the subscribers resync and signals arrive again. The close postgres.js sees itself
 * (pg_terminate_backend) is covered in event-bus.test.ts. Beats are counted on a connection of
 * the test's own, so the tests wait for beats, never for time.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/db/index.js';
import { openDatabase } from '../../src/db/index.js';
import { createPostgresBus } from '../../src/events/postgres-bus.js';
import type { EventBus, Signal } from '../../src/events/index.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { startStallingProxy, type StallingProxy } from '../support/stalling-proxy.js';

const heartbeatMs = 400;

describe.skipIf(skipDriver || testDriver !== 'postgres')('event bus heartbeat (PostgreSQL)', () => {
  let database: TestDatabase;
  let url: string;
  /** Counts the beats of every bus on the test database (NOTIFY is per database). */
  let watcher: postgres.Sql;
  let beats = 0;
  const beatWaiters = new Set<{ at: number; resolve: () => void }>();
  let bus: EventBus | undefined;
  let proxy: StallingProxy | undefined;
  let app: DatabaseHandle | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.options.driver !== 'postgres') throw new Error('a PostgreSQL test database');
    url = database.options.url;
    watcher = postgres(url, { max: 1, onnotice: () => undefined });
    await watcher.listen('ipportal_bus', (payload) => {
      if (!payload.startsWith('{"heartbeat"')) return;
      beats += 1;
      for (const waiter of beatWaiters) {
        if (beats < waiter.at) continue;
        beatWaiters.delete(waiter);
        waiter.resolve();
      }
    });
  });
  afterEach(async () => {
    await bus?.close();
    await proxy?.close();
    await app?.close();
    bus = undefined;
    proxy = undefined;
    app = undefined;
  });
  afterAll(async () => {
    await watcher?.end();
    await database?.drop();
  });

  /** Resolves once `count` more beats went over the channel. */
  const moreBeats = (count: number) =>
    new Promise<void>((resolve) => beatWaiters.add({ at: beats + count, resolve }));

  const handlerErrors: unknown[] = [];
  afterEach(() => expect(handlerErrors).toEqual([]));

  /** A bus on `listenUrl` that records its reconnects and resyncs. */
  async function openBus(listenUrl: string) {
    const reconnects: string[] = [];
    let resyncs = 0;
    const resynced = new Set<() => void>();
    let reconnected!: (reason: string) => void;
    const firstReconnect = new Promise<string>((resolve) => (reconnected = resolve));
    bus = await createPostgresBus({
      listenUrl,
      heartbeatMs,
      onHandlerError: (error) => handlerErrors.push(error),
      onReconnect: (reason) => {
        reconnects.push(reason);
        reconnected(reason);
      },
    });
    bus.onResync(() => {
      resyncs += 1;
      for (const resolve of resynced) resolve();
      resynced.clear();
    });
    return {
      bus,
      reconnects,
      resyncs: () => resyncs,
      nextResync: () => new Promise<void>((resolve) => resynced.add(resolve)),
      /** `count` more beats, or a failure as soon as the bus listens again instead. */
      beatsWithoutReconnect: (count: number) =>
        Promise.race([
          moreBeats(count),
          firstReconnect.then((reason) => {
            throw new Error(`the bus listened again: ${reason}`);
          }),
        ]),
    };
  }

  /** Publishes through the app's pool and waits for the signal to come back through `target`. */
  async function roundTrip(target: EventBus, id: string): Promise<Signal> {
    const arrived = new Promise<Signal>((resolve) => {
      const off = target.subscribe('auth.principalChanged', (signal) => {
        if (signal.id !== id) return;
        off();
        resolve(signal);
      });
    });
    await target.publish(app!.db, { topic: 'auth.principalChanged', id });
    return arrived;
  }

  /** Keeps this thread busy, as a process saturated by requests is: no timer, no socket read. */
  const blockEventLoop = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // spin
    }
  };

  test('a process whose pool is taken by requests and whose event loop runs late keeps its listener', async () => {
    app = await openDatabase({ driver: 'postgres', url, poolMax: 1 });
    const { bus: target, reconnects, resyncs, beatsWithoutReconnect } = await openBus(url);
    // The app's only pool connection sits in an open transaction, with requests queued behind it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const transaction = app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await released;
    });
    await held;
    const queued = Array.from({ length: 20 }, () => app!.db.execute(sql`select 1`));
    try {
      await beatsWithoutReconnect(3);
      // Twice, the loop is late by more than two intervals while a beat is on its way.
      blockEventLoop(2.5 * heartbeatMs);
      await beatsWithoutReconnect(2);
      blockEventLoop(2.5 * heartbeatMs);
      await beatsWithoutReconnect(3);
      expect(reconnects).toEqual([]);
    } finally {
      release();
      await transaction;
      await Promise.all(queued);
    }
    expect((await roundTrip(target, 'after-busy')).id).toBe('after-busy');
    expect(reconnects).toEqual([]);
    expect(resyncs()).toBe(0);
  }, 60_000);

  /** The client ports of this database's listening bus connection (the one whose last statement is its LISTEN). */
  const listeningPorts = async () =>
    (
      await watcher<{ port: number }[]>`
        select client_port as port from pg_stat_activity
         where application_name = 'ipportal-bus' and datname = current_database() and query ilike 'listen%'`
    ).map((row) => row.port);

  test('a listening connection that stops delivering without a close is replaced: resync, then signals again', async () => {
    proxy = await startStallingProxy(url);
    app = await openDatabase({ driver: 'postgres', url, poolMax: 2 });
    const { bus: target, reconnects, resyncs, nextResync } = await openBus(proxy.url);
    await moreBeats(1); // the beats' own connection is open too
    expect((await roundTrip(target, 'before-stall')).id).toBe('before-stall');
    const ports = await listeningPorts();
    expect(ports).toHaveLength(1);
    const resynced = nextResync();
    expect(proxy.stall(ports)).toBe(1);
    await resynced;
    expect(reconnects).toEqual(['heartbeat not received']);
    expect(resyncs()).toBe(1);
    expect((await roundTrip(target, 'after-stall')).id).toBe('after-stall');
  }, 60_000);

  test('when both bus connections stall (a cut cable), they are replaced: resync, then signals again', async () => {
    proxy = await startStallingProxy(url);
    app = await openDatabase({ driver: 'postgres', url, poolMax: 2 });
    const { bus: target, reconnects, nextResync } = await openBus(proxy.url);
    await moreBeats(1);
    const resynced = nextResync();
    expect(proxy.stall()).toBe(2);
    await resynced;
    // Not received, or not even acknowledged: which depends on where the beat in flight was.
    expect(reconnects).toHaveLength(1);
    expect(reconnects[0]).toMatch(/^heartbeat not (received|acknowledged by the server)$/);
    expect((await roundTrip(target, 'after-stall-both')).id).toBe('after-stall-both');
  }, 60_000);
});
