import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig, type AppConfig } from '../../src/config.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { createTestIdentity } from '../support/jwt.js';

/**
 * Write, stop the server, start it again on the same data (PGlite: the same DATA_DIR folder;
 * PostgreSQL: the same database): the data is there. The app opens and closes the database itself.
 */
describe.skipIf(skipDriver)(`restart on the same data (${testDriver})`, () => {
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

    const second = await buildApp(config, { verifier: identity.verifier, logger: false });
    const list = await second.inject({ url: '/user/projects', headers: auth });
    expect(list.json<{ items: { id: string; title: string }[] }>().items).toEqual([
      expect.objectContaining({ id, title: '再起動テスト' }),
    ]);
    await second.close();
    if (testDriver === 'pglite')
      expect(config.database).toEqual({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  });
});
