import { projectEndpoints } from '@ipportal/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig, type AppConfig } from '../../src/config.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { createTestIdentity } from '../support/jwt.js';
import { call } from '../support/endpoints.js';

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Write, stop the server, start it again on the same data (PGlite: the same DATA_DIR folder;
 * PostgreSQL: the same database): the data is there. The app opens and closes the database
 * itself, as in production; stopping it lets a request in flight finish first.
 */
describe.skipIf(skipDriver)(`restart and graceful shutdown on the same data (${testDriver})`, () => {
  let dataDir: string;
  let testDb: TestDatabase;
  let config: AppConfig;
  const identity = createTestIdentity();
  const auth = { authorization: `Bearer ${identity.token('REGULAR', { email: 'restart@example.com' })}` };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-restart-'));
    testDb = await createTestDatabase();
    config = testConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', ...testDb.env });
  });
  afterAll(async () => {
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two file-backed PGlite start-ups: slow on a busy machine, hence the longer timeout.
  test('a matter created before a restart is listed after it', async () => {
    const first = await buildApp(config, { verifier: identity.verifier, logger: false });
    const created = await call({ app: first }, projectEndpoints.createProject, {
      headers: auth,
      body: { type: 2, refrenceCode: 'T-1', regionCode: 1, title: '再起動テスト' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ item: { id: string } }>().item.id;
    await first.close();

    // Signals instead of sleeps: the request is in its handler, close() has started, and only
    // then may the handler finish.
    const requestStarted = signal();
    const closeStarted = signal();
    const mayFinish = signal();
    const second = await buildApp(config, {
      verifier: identity.verifier,
      logger: false,
      routes: [
        (instance) => {
          instance.addHook('preClose', (done) => {
            closeStarted.resolve();
            done();
          });
          instance.get('/slow', { schema: { hide: true } }, async () => {
            requestStarted.resolve();
            await mayFinish.promise;
            // The database is still open while the request finishes.
            await instance.database.ping();
            return { done: true };
          });
          return Promise.resolve();
        },
      ],
    });
    const list = await call({ app: second }, projectEndpoints.listProjects, {
      headers: auth,
      namespace: 'user',
    });
    expect(list.json<{ items: { id: string; title: string }[] }>().items).toEqual([
      expect.objectContaining({ id, title: '再起動テスト' }),
    ]);
    if (testDriver === 'pglite')
      expect(config.database).toEqual({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });

    // Graceful shutdown: the request in flight finishes (its keep-alive connection is closed
    // with it), new connections are refused, and the database the app opened is closed.
    await second.listen({ host: '127.0.0.1', port: 0 });
    const address = second.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await requestStarted.promise;
    const closing = second.close();
    await closeStarted.promise;
    // close() waits for the request: it has not finished, and the database is still open.
    const settledFirst = await Promise.race([
      closing.then(() => 'closed'),
      second.database.ping().then(() => 'database open'),
    ]);
    expect(settledFirst).toBe('database open');
    mayFinish.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await expect(second.database.ping()).rejects.toThrow();
  }, 120_000);
});
