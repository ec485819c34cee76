import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig, type AppConfig } from '../../src/config.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { createTestIdentity } from '../support/jwt.js';

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
    const created = await first.inject({
      method: 'POST',
      url: '/user/projects',
      headers: auth,
      payload: { type: 2, refrenceCode: 'T-1', regionCode: 1, title: '再起動テスト' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ item: { id: string } }>().item.id;
    await first.close();

    const second = await buildApp(config, {
      verifier: identity.verifier,
      logger: false,
      routes: [
        (instance) => {
          instance.get('/slow', { schema: { hide: true } }, async () => {
            await sleep(400);
            // The database is still open while the request finishes.
            await instance.database.ping();
            return { done: true };
          });
          return Promise.resolve();
        },
      ],
    });
    const list = await second.inject({ url: '/user/projects', headers: auth });
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
    await sleep(100);
    const closing = second.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await expect(second.database.ping()).rejects.toThrow();
  }, 120_000);
});
