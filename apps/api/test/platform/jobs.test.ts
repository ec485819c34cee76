import { projectEndpoints } from '@ipportal/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/index.js';
import { createTestDatabase, skipDriver, type TestDatabase } from '../support/db.js';
import { createMailSink } from '../support/mail-sink.js';
import { call } from '../support/endpoints.js';

/** A gate a job waits at, and the signal that it got there. */
function gate() {
  let open: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return { open, opened, arrived, reached };
}

describe.skipIf(skipDriver)('background jobs', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-jobs-'));
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function app(env: Record<string, string>, define?: (app: FastifyInstance) => void) {
    const config = testConfig({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      ...testDb.env,
      ...env,
    });
    const instance = await buildApp(config, { database, mailer: createMailSink(), logger: false });
    define?.(instance);
    await instance.ready();
    return instance;
  }

  const jobState = async (id: string): Promise<string | undefined> => {
    const result: unknown = await database.db.execute(sql`select state from pgboss.job where id = ${id}`);
    // postgres-js returns the rows, PGlite an object holding them.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      state: string;
    }[];
    return rows[0]?.state;
  };

  test('closing the app lets a running job finish before the database goes', async () => {
    const running = gate();
    let finished = false;
    const instance = await app({}, (a) =>
      a.jobs.define({
        name: 'test.finishes',
        retryLimit: 0,
        retryDelaySeconds: 1,
        heartbeatSeconds: 10,
        expireInSeconds: 60,
        async handler() {
          running.reached();
          await running.opened;
          finished = true;
        },
      }),
    );
    const id = await instance.jobs.enqueue(instance.db, 'test.finishes', {});
    await running.arrived;
    const closed = instance.close();
    running.open();
    await closed;
    expect(finished).toBe(true);
    expect(await jobState(id!)).toBe('completed');
  });

  test('a job still running when the shutdown time is up is handed back for another worker', async () => {
    const running = gate();
    const instance = await app({ SHUTDOWN_TIMEOUT_MS: '2000' }, (a) =>
      a.jobs.define({
        name: 'test.hangs',
        retryLimit: 3,
        retryDelaySeconds: 1,
        heartbeatSeconds: 10,
        expireInSeconds: 60,
        async handler() {
          running.reached();
          await running.opened; // never opened: the shutdown gives up on it
        },
      }),
    );
    const id = await instance.jobs.enqueue(instance.db, 'test.hangs', {});
    await running.arrived;
    await instance.close();
    expect(await jobState(id!)).toBe('retry');
    running.open();
  });

  test('an api process enqueues without running jobs; a worker process runs them and answers only health checks', async () => {
    let ranOn = '';
    const job = (name: string) => (a: FastifyInstance) =>
      a.jobs.define({
        name: 'test.roles',
        retryLimit: 0,
        retryDelaySeconds: 1,
        heartbeatSeconds: 10,
        expireInSeconds: 60,
        handler() {
          ranOn = name;
          return Promise.resolve();
        },
      });
    const api = await app({ PROCESS_ROLE: 'api' }, job('api'));
    const id = await api.jobs.enqueue(api.db, 'test.roles', {});
    expect(api.jobs.runsWorkers).toBe(false);
    expect(await jobState(id!)).toBe('created');
    const worker = await app({ PROCESS_ROLE: 'worker' }, job('worker'));
    try {
      const deadline = Date.now() + 20_000;
      while ((await jobState(id!)) !== 'completed' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ranOn).toBe('worker');
      expect((await worker.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect(
        (await call({ app: worker }, projectEndpoints.listProjects, { namespace: 'user' })).statusCode,
      ).toBe(404);
    } finally {
      await worker.close();
      await api.close();
    }
  });
});
