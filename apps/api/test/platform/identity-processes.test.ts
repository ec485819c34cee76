import { organizationEndpoints, userEndpoints } from '@ipportal/domain';
/**
 * Several API processes on one database, with the embedded identity service: two apps (two
 * processes' worth of caches, keys and bus listeners; on PostgreSQL each with its own connection
 * pool and LISTEN connection) see each other's sign-outs, user changes and signing keys.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig, type AppConfig } from '../../src/config.js';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { identitySigningKeys } from '../../src/db/schema/index.js';
import {
  createEmbeddedVerifier,
  createIdentityService,
  createIdentityUser,
  identityForApp,
  identitySettingsFromConfig,
  type IdentityService,
} from '../../src/identity/index.js';
import { operations } from '../../src/identity/operations/index.js';
import { formatSrpTimestamp } from '../../src/identity/srp.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { call } from '../support/endpoints.js';

interface Process {
  app: FastifyInstance;
  service: IdentityService;
  handle: DatabaseHandle;
}

const password = 'Multi-Pass1';
const request = { ip: '203.0.113.9', acceptLanguage: 'en' };
const noMail = { queue: () => Promise.resolve(undefined) };

/** Polls until `check` holds, failing after `ms` (the 1 s promise, with a little slack for a busy CI). */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(skipDriver)('several API processes on one database', () => {
  let testDb: TestDatabase;
  let config: AppConfig;
  let dataDir: string;
  const handles: DatabaseHandle[] = [];
  const processes: Process[] = [];

  /** PostgreSQL: a new pool per process. PGlite is one in-process database: the processes share it. */
  async function openHandle(): Promise<DatabaseHandle> {
    if (testDriver === 'pglite' && handles[0]) return handles[0];
    const handle = await testDb.open();
    handles.push(handle);
    return handle;
  }

  async function startProcess(): Promise<Process> {
    const handle = await openHandle();
    const identity = identityForApp(config);
    const app = await buildApp(config, {
      database: handle,
      logger: false,
      verifier: identity.verifier,
      routes: identity.routes,
    });
    await app.ready();
    const service = identity.service();
    if (!service) throw new Error('no identity service');
    const started = { app, service, handle };
    processes.push(started);
    return started;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-processes-'));
    config = testConfig({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      RATE_LIMIT_MAX: '0',
      AUTH_CACHE_TTL_MS: '10000',
      // One process runs the job workers, as a deployment would have it.
      PROCESS_ROLE: 'api',
      ...testDb.env,
    });
    const first = await openHandle();
    await migrateDatabase(first, testDb.options);
  });

  afterAll(async () => {
    for (const { app } of processes) await app.close().catch(() => undefined);
    for (const handle of handles) await handle.close().catch(() => undefined);
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const newService = async (handle: DatabaseHandle) =>
    createIdentityService({ db: handle.db, mailer: noMail, settings: identitySettingsFromConfig(config) });

  async function signIn(service: IdentityService, email: string) {
    const result = (await operations.InitiateAuth!(
      service,
      service.pools.REGULAR,
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: service.pools.REGULAR.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      request,
    )) as { AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string } };
    return result.AuthenticationResult;
  }

  it('services started at the same moment on an empty database make one key per pool and accept each other’s tokens', async () => {
    const [a, b] = await Promise.all([openHandle(), openHandle()]);
    const [serviceA, serviceB] = await Promise.all([newService(a), newService(b)]);
    for (const pool of ['REGULAR', 'PATENT'] as const) {
      const rows = await a.db.select().from(identitySigningKeys).where(eq(identitySigningKeys.pool, pool));
      expect(rows).toHaveLength(1);
      expect(serviceA.keys.current(pool).kid).toBe(rows[0]!.kid);
      expect(serviceB.keys.current(pool).kid).toBe(rows[0]!.kid);
    }
    await createIdentityUser(a.db, config, { userType: 'REGULAR', email: 'both@example.com', password });
    const { IdToken } = await signIn(serviceA, 'both@example.com');
    const verifierB = createEmbeddedVerifier({
      pools: serviceB.pools,
      keys: serviceB.keys,
      repository: serviceB.repository,
    });
    expect((await verifierB.verify(IdToken, 'REGULAR')).email).toBe('both@example.com');
  });

  it('a challenge for a user name that does not exist, answered on another process, fails like a wrong password', async () => {
    const [handleA, handleB] = [await openHandle(), await openHandle()];
    const [a, b] = [await newService(handleA), await newService(handleB)];
    await createIdentityUser(handleA.db, config, {
      userType: 'REGULAR',
      email: 'real@example.com',
      password,
    });
    /** USER_SRP_AUTH started on `first`, answered with a wrong proof on `second`: what the client sees. */
    const answerElsewhere = async (first: IdentityService, second: IdentityService, username: string) => {
      const pool = first.pools.REGULAR;
      const challenge = (await operations.InitiateAuth!(
        first,
        pool,
        {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: pool.clientId,
          AuthParameters: { USERNAME: username, SRP_A: 'ab'.repeat(256) },
        },
        request,
      )) as { Session: string; ChallengeParameters: { USERNAME: string; SECRET_BLOCK: string } };
      return operations.RespondToAuthChallenge!(
        second,
        second.pools.REGULAR,
        {
          ChallengeName: 'PASSWORD_VERIFIER',
          ClientId: pool.clientId,
          Session: challenge.Session,
          ChallengeResponses: {
            USERNAME: challenge.ChallengeParameters.USERNAME,
            PASSWORD_CLAIM_SECRET_BLOCK: challenge.ChallengeParameters.SECRET_BLOCK,
            PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 1).toString('base64'),
            TIMESTAMP: formatSrpTimestamp(new Date()),
          },
        },
        request,
      ).then(
        () => 'signed in',
        (error: unknown) => `${(error as { type?: string }).type}: ${(error as Error).message}`,
      );
    };
    const unknown = await answerElsewhere(a, b, 'nobody@example.com');
    const wrongPassword = await answerElsewhere(a, b, 'real@example.com');
    expect(unknown).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(unknown).toBe(wrongPassword);
  });

  it('a sign-out on one process is refused by another within a second, though it had cached the token', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const email = 'signout@example.com';
    await createIdentityUser(a.app.db, config, { userType: 'REGULAR', email, password });
    const tokens = await signIn(a.service, email);
    const me = (app: FastifyInstance) =>
      call({ app: app }, userEndpoints.getUser, {
        headers: { authorization: `Bearer ${tokens.IdToken}` },
        namespace: 'user',
      });
    expect((await me(b.app)).statusCode).toBe(200);
    expect((await me(a.app)).statusCode).toBe(200);

    await operations.GlobalSignOut!(
      a.service,
      a.service.pools.REGULAR,
      { AccessToken: tokens.AccessToken },
      request,
    );
    expect((await me(a.app)).statusCode).toBe(401);
    // AUTH_CACHE_TTL_MS is 10 s: only the bus signal makes B verify again, and find the session ended.
    await within(1000, async () => (await me(b.app)).statusCode === 401);
  });

  it('a revoked refresh token (RevokeToken) ends that session on the other process too', async () => {
    const [a, b] = processes as [Process, Process];
    const email = 'revoke@example.com';
    await createIdentityUser(a.app.db, config, { userType: 'REGULAR', email, password });
    const tokens = await signIn(b.service, email);
    const me = (app: FastifyInstance) =>
      call({ app: app }, userEndpoints.getUser, {
        headers: { authorization: `Bearer ${tokens.IdToken}` },
        namespace: 'user',
      });
    expect((await me(b.app)).statusCode).toBe(200);
    await operations.RevokeToken!(
      a.service,
      a.service.pools.REGULAR,
      { Token: tokens.RefreshToken, ClientId: a.service.pools.REGULAR.clientId },
      request,
    );
    await within(1000, async () => (await me(b.app)).statusCode === 401);
  });

  it('a user change on one process (a new organization) drops the principal cached by another', async () => {
    const [a, b] = processes as [Process, Process];
    const email = 'principal@example.com';
    await createIdentityUser(a.app.db, config, { userType: 'REGULAR', email, password });
    const tokens = await signIn(a.service, email);
    const headers = { authorization: `Bearer ${tokens.IdToken}` };
    expect((await call(b, userEndpoints.getUser, { headers, namespace: 'user' })).statusCode).toBe(200);
    const { sub } = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    };
    const cached = () => b.app.principalCache.get(`REGULAR:${sub}`);
    expect(cached()?.organizationId ?? null).toBeNull();
    const created = await call(a, organizationEndpoints.createOrganization, {
      headers,
      body: { name: 'Multi Process KK', representativeName: 'Sato Ken' },
    });
    expect(created.statusCode).toBe(201);
    await within(1000, () => cached() === undefined);
    // The next call on B loads the user again, now in the organization.
    await call(b, userEndpoints.getUser, { headers, namespace: 'user' });
    expect(cached()?.organizationId).toBe(created.json<{ item: { id: string } }>().item.id);
  });

  it('a rotation on one process is used by the other after the bus signal', async () => {
    const [a, b] = processes as [Process, Process];
    const before = b.service.keys.current('REGULAR').kid;
    const kid = await a.service.keys.rotate('REGULAR');
    expect(kid).not.toBe(before);
    await within(1000, () => b.service.keys.current('REGULAR').kid === kid);
    const active = await a.app.db
      .select()
      .from(identitySigningKeys)
      .where(and(eq(identitySigningKeys.pool, 'REGULAR'), isNull(identitySigningKeys.retiredAt)));
    expect(active.map((row) => row.kid)).toEqual([kid]);
    // B now signs with the new key and A accepts it; a token signed before the rotation still verifies.
    const email = 'rotated@example.com';
    await createIdentityUser(a.app.db, config, { userType: 'REGULAR', email, password });
    const tokens = await signIn(b.service, email);
    const me = await call(a, userEndpoints.getUser, {
      headers: { authorization: `Bearer ${tokens.IdToken}` },
      namespace: 'user',
    });
    expect(me.statusCode).toBe(200);
  });

  it('a key this process never heard of is loaded when a token names it (no bus signal needed)', async () => {
    const [a, b] = processes as [Process, Process];
    // A service without a bus stands for a process whose signal was lost.
    const silent = await newService(a.handle);
    const kid = await silent.keys.rotate('REGULAR');
    expect(b.service.keys.current('REGULAR').kid).not.toBe(kid);
    const email = 'unknown-kid@example.com';
    await createIdentityUser(a.app.db, config, { userType: 'REGULAR', email, password });
    const tokens = await signIn(silent, email);
    const me = await call(b, userEndpoints.getUser, {
      headers: { authorization: `Bearer ${tokens.IdToken}` },
      namespace: 'user',
    });
    expect(me.statusCode).toBe(200);
    expect(b.service.keys.current('REGULAR').kid).toBe(kid);
  });
});
