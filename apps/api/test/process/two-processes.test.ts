/**
 * Two API processes on one PostgreSQL database (and Redis where it runs), started at the same
 * moment on an empty database, behave as one portal: each accepts the other's tokens, a lockout
 * reached through one holds on the other, a sign-out on one is refused by the other within a
 * second, one request budget covers both, and a mail queued on one is delivered exactly once
 * although both run workers.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAuthClient, MemoryStorage, type AuthConfig } from '@ipportal/auth';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { identitySigningKeys, mailOutbox } from '../../src/db/schema/index.js';
import { createIdentityUser } from '../../src/identity/index.js';
import { textOfEml } from '../identity/support.js';
import { cognitoCall, signUpBody } from '../support/identity-http.js';
import { mailFilesOf } from '../support/mail-files.js';
import {
  createScratchDatabase,
  postgresReachable,
  type ScratchDatabase,
} from '../support/scratch-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

const postgresUp = await postgresReachable('the two-process test');
const redisUp = await reachable(async () => {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
});
if (postgresUp && !redisUp)
  console.log(
    `\n  Redis not reachable at ${redisUrl}: two processes share budgets through PostgreSQL only\n`,
  );

const password = 'Sakura-2024';
const perUserBudget = 25;

describe.skipIf(!postgresUp)('two API processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const databaseUrl = scratch.url;
    dataDir = await mkdtemp(path.join(tmpdir(), 'ipportal-two-'));
    await mkdir(path.join(dataDir, 'mail'), { recursive: true });
    const env = {
      PORT: '0',
      // One folder for both: the .eml files of either process land side by side.
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: String(perUserBudget),
      RATE_LIMIT_IP_MAX: '100000',
      IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...(redisUp ? { REDIS_URL: redisUrl } : {}),
    };
    // At the same moment, on an empty database: both migrate, both look for signing keys.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolMax: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const pools = (server: ServerProcess): AuthConfig['pools'] => ({
    REGULAR: {
      userPoolId: 'ap-northeast-1_LocalRegular',
      clientId: 'local-regular-client',
      endpoint: `${server.url}/identity/regular`,
    },
    PATENT: {
      userPoolId: 'ap-northeast-1_LocalPatent',
      clientId: 'local-patent-client',
      endpoint: `${server.url}/identity/patent`,
    },
  });
  const client = (server: ServerProcess) =>
    createAuthClient({ pools: pools(server), storage: new MemoryStorage(), locale: () => 'en' });

  async function signIn(server: ServerProcess, email: string) {
    const result = await client(server).signIn('REGULAR', email, password);
    if (result.status !== 'signedIn') throw new Error(`expected a session, got ${result.status}`);
    return result.session;
  }

  const me = (server: ServerProcess, idToken: string) =>
    fetch(`${server.url}/user/user`, { headers: { authorization: `Bearer ${idToken}` } });

  async function newUser(email: string) {
    await createIdentityUser(database.db, testConfig({ DATABASE_URL: scratch.url }), {
      userType: 'REGULAR',
      email,
      password,
      attributes: {
        name: 'Taro Sato',
        address: 'Osaka',
        phone_number: '+81612345678',
        'custom:region_code': '1',
      },
    });
  }

  test('the processes created one signing key per pool and accept each other’s tokens', async () => {
    const keys = await database.db.select().from(identitySigningKeys);
    expect(
      keys
        .filter((key) => key.retiredAt === null)
        .map((key) => key.pool)
        .sort(),
    ).toEqual(['PATENT', 'REGULAR']);
    await newUser('keys@example.com');
    const fromA = await signIn(a, 'keys@example.com');
    const fromB = await signIn(b, 'keys@example.com');
    for (const server of [a, b]) {
      expect((await me(server, fromA.idToken)).status).toBe(200);
      expect((await me(server, fromB.idToken)).status).toBe(200);
    }
  });

  test('a sign-up code queued on one process is mailed exactly once, though both run workers', async () => {
    const email = 'once@example.com';
    const signUp = await cognitoCall(`${a.url}/identity/regular`, 'SignUp', signUpBody(email, password));
    expect(signUp.status).toBe(200);
    const files = await mailFilesOf(path.join(dataDir, 'mail'), email, 20_000);
    const code = /\b(\d{6})\b/.exec(
      textOfEml(await readFile(path.join(dataDir, 'mail', files[0]!), 'utf8')),
    )?.[1];
    // Confirmed through the other process.
    const confirm = await cognitoCall(`${b.url}/identity/regular`, 'ConfirmSignUp', {
      ClientId: 'local-regular-client',
      Username: email,
      ConfirmationCode: code,
    });
    expect(confirm.status).toBe(200);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(
      (await readdir(path.join(dataDir, 'mail'))).filter((name) => name.includes(`_${email}_`)),
    ).toHaveLength(1);
  });

  test('a lockout reached through one process holds on the other', async () => {
    const email = 'locked@example.com';
    await newUser(email);
    const wrong = () =>
      client(a)
        .signIn('REGULAR', email, 'Wrong-Pass-1')
        .catch((error: unknown) => error);
    // The default policy locks a user name after five failures.
    for (let attempt = 0; attempt < 5; attempt += 1) await wrong();
    const error = await client(b)
      .signIn('REGULAR', email, password)
      .then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
    expect(error).toMatchObject({ code: 'NotAuthorizedException' });
  });

  test('after a global sign-out on one process the other refuses the old token within a second', async () => {
    const email = 'signout@example.com';
    await newUser(email);
    const storage = new MemoryStorage();
    const onA = createAuthClient({ pools: pools(a), storage, locale: () => 'en' });
    const session = await onA.signIn('REGULAR', email, password);
    if (session.status !== 'signedIn') throw new Error('expected a session');
    // B has verified (and cached) the token before the sign-out.
    expect((await me(b, session.session.idToken)).status).toBe(200);
    await onA.signOut();
    const signedOutAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - signedOutAt < 5000) {
      status = (await me(b, session.session.idToken)).status;
    }
    expect(status).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
  });

  test('one request budget per user across both processes', async () => {
    const email = 'budget@example.com';
    await newUser(email);
    const { idToken } = await signIn(a, email);
    const statuses: number[] = [];
    for (let call = 0; call < perUserBudget + 5; call += 1) {
      statuses.push((await me(call % 2 === 0 ? a : b, idToken)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(perUserBudget);
    expect(statuses.slice(perUserBudget)).toEqual(Array(5).fill(429));
  });
});
