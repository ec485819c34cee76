import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { testConfig, type AppConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/index.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { createTestIdentity, type TestIdentity } from './jwt.js';

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  identity: TestIdentity;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * One app per test file, on a fresh database of the project's driver and a temporary DATA_DIR
 * (storage, mail). Call `close()` in afterAll.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-api-test-'));
  const testDb: TestDatabase = await createTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_MAX: '0',
    ...testDb.env,
    ...env,
  });
  const database = await testDb.open();
  const identity = createTestIdentity();
  const app = await buildApp(config, { verifier: identity.verifier, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    identity,
    dataDir,
    async close() {
      // Drop the database even when closing the app fails, so no t_* database is left behind.
      try {
        await app.close();
      } finally {
        await database.close().catch(() => undefined);
        await testDb.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
