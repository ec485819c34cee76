/**
 * The identity service's rules that depend on time or on what is stored: code expiry and
 * attempts, resend limits, challenge sessions, token lifetimes, key rotation, the API verifier.
 * Operations are called directly on the project's database (PGlite or PostgreSQL) with a
 * controllable clock.
 */
import { userTypes, type UserType } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../src/auth/index.js';
import { testConfig } from '../../src/config.js';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import {
  IdentityError,
  createEmbeddedVerifier,
  createIdentityService,
  createIdentityUser,
  identitySettingsFromConfig,
  type IdentityService,
} from '../../src/identity/index.js';
import { MemoryLockoutStore, SignInLockout } from '../../src/identity/lockout.js';
import { formatSrpTimestamp } from '../../src/identity/srp.js';
import { operations } from '../../src/identity/operations/index.js';
import type { QueuedMail } from '../../src/mail/index.js';
import { createTestDatabase, skipDriver, type TestDatabase } from '../support/db.js';

const config = testConfig();
const request = { ip: '203.0.113.7', acceptLanguage: 'en' };
const profile = {
  name: 'Ken Sato',
  address: 'Osaka',
  phone_number: '+81612345678',
  'custom:region_code': '1',
};

let testDb: TestDatabase | undefined;
let database: DatabaseHandle;
let service: IdentityService;
let now = new Date('2026-04-01T00:00:00Z');
const mails: QueuedMail[] = [];
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

async function call(operation: string, body: Record<string, unknown>, pool: UserType = 'REGULAR') {
  const handler = operations[operation];
  if (!handler) throw new Error(`no operation ${operation}`);
  return handler(service, service.pools[pool], body, request);
}

async function callError(
  operation: string,
  body: Record<string, unknown>,
  pool: UserType = 'REGULAR',
): Promise<IdentityError> {
  const error = await call(operation, body, pool).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return error as IdentityError;
}

const clientId = () => service.pools.REGULAR.clientId;
const lastCode = (to: string) => {
  const mail = mails.filter((m) => m.to === to).at(-1);
  return (mail?.params as { code: string } | undefined)?.code ?? '';
};

async function newService(overrides: Parameters<typeof identitySettingsFromConfig>[1] = {}) {
  return createIdentityService({
    db: database.db,
    // Kept as queued: the outbox and its delivery have their own tests (test/platform).
    mailer: {
      queue: (_executor, message) => {
        mails.push(message);
        return Promise.resolve(String(mails.length));
      },
    },
    settings: identitySettingsFromConfig(config, overrides),
    clock: () => now,
  });
}

async function passwordSignIn(email: string, password: string, pool: UserType = 'REGULAR') {
  return call(
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: service.pools[pool].clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
    pool,
  ) as Promise<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string; ExpiresIn: number };
  }>;
}

beforeAll(async () => {
  if (skipDriver) return;
  testDb = await createTestDatabase();
  database = await testDb.open();
  await migrateDatabase(database, testDb.options);
  service = await newService();
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe.skipIf(skipDriver)('codes', () => {
  const email = 'codes@example.com';

  it('stores neither the password nor the code in clear', async () => {
    await call('SignUp', {
      ClientId: clientId(),
      Username: email,
      Password: 'Secret-Pass1',
      UserAttributes: Object.entries(profile).map(([Name, Value]) => ({ Name, Value })),
    });
    const code = lastCode(email);
    const dump = JSON.stringify(
      await database.db.execute(
        sql`select * from identity_users u join identity_codes c on c.user_id = u.id`,
      ),
    );
    expect(dump).toContain(email);
    expect(dump).not.toContain('Secret-Pass1');
    expect(dump).not.toContain(code);
  });

  it('limits resending: one per minute', async () => {
    expect((await callError('ResendConfirmationCode', { ClientId: clientId(), Username: email })).type).toBe(
      'LimitExceededException',
    );
    advance(61);
    await call('ResendConfirmationCode', { ClientId: clientId(), Username: email });
  });

  it('kills a code after five wrong guesses', async () => {
    const code = lastCode(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await callError('ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: wrong }))
          .type,
      ).toBe('CodeMismatchException');
    }
    expect(
      (await callError('ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: wrong }))
        .type,
    ).toBe('LimitExceededException');
    expect(
      (await callError('ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: code }))
        .type,
    ).toBe('ExpiredCodeException');
  });

  it('lets a sign-up code live 24 hours, and only the newest code count', async () => {
    advance(61);
    await call('ResendConfirmationCode', { ClientId: clientId(), Username: email });
    const first = lastCode(email);
    advance(61);
    await call('ResendConfirmationCode', { ClientId: clientId(), Username: email });
    expect(
      (await callError('ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: first }))
        .type,
    ).toMatch(/CodeMismatchException|ExpiredCodeException/);
    advance(24 * 60 * 60 + 1);
    expect(
      (
        await callError('ConfirmSignUp', {
          ClientId: clientId(),
          Username: email,
          ConfirmationCode: lastCode(email),
        })
      ).type,
    ).toBe('ExpiredCodeException');
    await call('ResendConfirmationCode', { ClientId: clientId(), Username: email });
    advance(24 * 60 * 60 - 10);
    await call('ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: lastCode(email) });
  });

  it('caps sends at five an hour', async () => {
    for (let i = 0; i < 5; i += 1) {
      advance(61);
      await call('ForgotPassword', { ClientId: clientId(), Username: email });
    }
    advance(61);
    expect((await callError('ForgotPassword', { ClientId: clientId(), Username: email })).type).toBe(
      'LimitExceededException',
    );
  });

  it('lets a reset code live one hour', async () => {
    advance(60 * 60);
    await call('ForgotPassword', { ClientId: clientId(), Username: email });
    advance(60 * 60 + 1);
    const expired = await callError('ConfirmForgotPassword', {
      ClientId: clientId(),
      Username: email,
      ConfirmationCode: lastCode(email),
      Password: 'Other-Pass2',
    });
    expect(expired.type).toBe('ExpiredCodeException');
  });

  it('mails in the language asked for, else the stored one', async () => {
    expect(mails.filter((m) => m.to === email).every((m) => m.locale === 'en')).toBe(true);
    await call('SignUp', {
      ClientId: clientId(),
      Username: 'ja@example.com',
      Password: 'Secret-Pass1',
      ClientMetadata: { locale: 'ja' },
      UserAttributes: Object.entries(profile).map(([Name, Value]) => ({ Name, Value })),
    });
    expect(mails.at(-1)).toMatchObject({ to: 'ja@example.com', locale: 'ja', template: 'signupCode' });
  });
});

describe.skipIf(skipDriver)('tokens and sessions', () => {
  const email = 'tokens@example.com';

  beforeAll(async () => {
    await createIdentityUser(database.db, config, {
      userType: 'REGULAR',
      email,
      password: 'Token-Pass1',
      attributes: profile,
    });
  });

  it('issues one-hour ID and access tokens and a 30-day refresh token', async () => {
    const { AuthenticationResult: result } = await passwordSignIn(email, 'Token-Pass1');
    expect(result.ExpiresIn).toBe(3600);
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
        string,
        number | string
      >;
    const id = claims(result.IdToken);
    const access = claims(result.AccessToken);
    expect(Number(id.exp) - Number(id.iat)).toBe(3600);
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: clientId(),
      scope: 'aws.cognito.signin.user.admin',
      origin_jti: id.origin_jti,
    });
    expect(access.aud).toBeUndefined();
    const refresh = (clock: number) => {
      advance(clock);
      return call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId(),
        AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
      });
    };
    const renewed = (await refresh(29 * 24 * 60 * 60)) as {
      AuthenticationResult: { IdToken: string; RefreshToken?: string };
    };
    expect(renewed.AuthenticationResult.RefreshToken).toBeUndefined();
    expect(claims(renewed.AuthenticationResult.IdToken).auth_time).toBe(id.auth_time);
    await expect(refresh(24 * 60 * 60 + 1)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('takes lifetimes from the settings', async () => {
    const shortLived = await newService({ accessTokenTtlSeconds: 300, idTokenTtlSeconds: 600 });
    const result = (await operations.InitiateAuth!(
      shortLived,
      shortLived.pools.REGULAR,
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: email, PASSWORD: 'Token-Pass1' },
      },
      request,
    )) as {
      AuthenticationResult: { IdToken: string; ExpiresIn: number };
    };
    const id = JSON.parse(
      Buffer.from(result.AuthenticationResult.IdToken.split('.')[1]!, 'base64url').toString(),
    ) as { exp: number; iat: number };
    expect([result.AuthenticationResult.ExpiresIn, id.exp - id.iat]).toEqual([300, 600]);
  });

  it('uses an SRP challenge session once, and not after three minutes', async () => {
    const attempt = async () => {
      const started = (await call('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: email, SRP_A: 'abcdef0123' },
      })) as {
        Session: string;
        ChallengeParameters: Record<string, string>;
      };
      expect(started.ChallengeParameters.USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);
      return (timestamp: Date) => ({
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: clientId(),
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: started.ChallengeParameters.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: started.ChallengeParameters.SECRET_BLOCK,
          PASSWORD_CLAIM_SIGNATURE: 'AAAA',
          TIMESTAMP: formatSrpTimestamp(timestamp),
        },
      });
    };
    const first = await attempt();
    expect((await callError('RespondToAuthChallenge', first(now))).message).toBe(
      'Incorrect username or password.',
    );
    expect((await callError('RespondToAuthChallenge', first(now))).message).toBe(
      'Invalid session for the user, session is expired.',
    );
    const skewed = await attempt();
    expect(
      (await callError('RespondToAuthChallenge', skewed(new Date(now.getTime() - 10 * 60 * 1000)))).type,
    ).toBe('InvalidParameterException');
    const second = await attempt();
    advance(181);
    expect((await callError('RespondToAuthChallenge', second(now))).message).toBe(
      'Invalid session for the user, session is expired.',
    );
  });

  it('answers an unknown user name with a challenge that looks real and stays the same', async () => {
    const start = (username: string) =>
      call('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: username, SRP_A: 'abcdef0123' },
      }) as Promise<{
        ChallengeParameters: Record<string, string>;
      }>;
    const a = await start('ghost@example.com');
    const b = await start('GHOST@example.com');
    const real = await start(email);
    expect(a.ChallengeParameters.SALT).toBe(b.ChallengeParameters.SALT);
    expect(a.ChallengeParameters.USER_ID_FOR_SRP).toBe(b.ChallengeParameters.USER_ID_FOR_SRP);
    expect(Object.keys(a.ChallengeParameters).sort()).toEqual(Object.keys(real.ChallengeParameters).sort());
    expect(a.ChallengeParameters.SALT).toHaveLength(real.ChallengeParameters.SALT!.length);
  });
});

describe.skipIf(skipDriver)('signing keys and the API verifier', () => {
  const email = 'keys@example.com';

  it('keeps keys across restarts, rotates, and still verifies tokens of retired keys', async () => {
    await createIdentityUser(database.db, config, {
      userType: 'REGULAR',
      email,
      password: 'Keys-Pass1',
      attributes: profile,
    });
    const kidBefore = service.keys.current('REGULAR').kid;
    const restarted = await newService();
    expect(restarted.keys.current('REGULAR').kid).toBe(kidBefore);
    expect(restarted.keys.current('PATENT').kid).not.toBe(kidBefore);

    now = new Date();
    const before = (await passwordSignIn(email, 'Keys-Pass1')).AuthenticationResult.IdToken;
    const newKid = await service.keys.rotate('REGULAR');
    expect(newKid).not.toBe(kidBefore);
    expect(service.keys.jwks('REGULAR').keys.map((k) => k.kid)).toEqual(
      expect.arrayContaining([kidBefore, newKid]),
    );
    const after = (await passwordSignIn(email, 'Keys-Pass1')).AuthenticationResult.IdToken;
    expect(JSON.parse(Buffer.from(after.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'RS256',
      kid: newKid,
    });

    const verifier = createEmbeddedVerifier({
      pools: service.pools,
      keys: service.keys,
      repository: service.repository,
    });
    await expect(verifier.verify(before, 'REGULAR')).resolves.toMatchObject({ email });
    await expect(verifier.verify(after, 'REGULAR')).resolves.toMatchObject({ email });
  });

  it('names why a token is refused', async () => {
    const verifier = createEmbeddedVerifier({
      pools: service.pools,
      keys: service.keys,
      repository: service.repository,
    });
    const reason = async (token: string, pool: UserType = 'REGULAR') => {
      const error = await verifier.verify(token, pool).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AuthError);
      return (error as AuthError).reason;
    };
    now = new Date();
    const { IdToken, AccessToken } = (await passwordSignIn(email, 'Keys-Pass1')).AuthenticationResult;
    expect(await reason(IdToken, 'PATENT')).toBe('invalidUserPool');
    expect(await reason('not-a-token')).toBe('invalidTokenFormat');
    expect(await reason(AccessToken)).toBe('invalidTokenFormat');
    const [header, payload] = IdToken.split('.');
    expect(await reason(`${header}.${payload}.${'A'.repeat(342)}`)).toBe('notLoggedIn');
    const tampered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        email: 'evil@example.com',
      }),
    ).toString('base64url');
    expect(await reason(`${header}.${tampered}.${IdToken.split('.')[2]}`)).toBe('notLoggedIn');
    now = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const old = (await passwordSignIn(email, 'Keys-Pass1')).AuthenticationResult.IdToken;
    expect(await reason(old)).toBe('notLoggedIn');
    for (const pool of userTypes.values)
      expect(service.keys.jwks(pool).keys.every((key) => key.alg === 'RS256' && key.use === 'sig')).toBe(
        true,
      );
  });
});

describe.skipIf(skipDriver)('lockout growth', () => {
  it('locks after the limit, for longer each time, per user and per address', async () => {
    let clock = 0;
    const lockout = new SignInLockout(
      new MemoryLockoutStore(),
      {
        user: { maxFailures: 3, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 200 },
        ip: { maxFailures: 10, windowSeconds: 600, baseLockSeconds: 30, maxLockSeconds: 30 },
      },
      () => clock,
    );
    const fail = async (times: number, user = 'u', ip = '1.1.1.1') => {
      for (let i = 0; i < times; i += 1) await lockout.recordFailure(user, ip);
    };
    await fail(3);
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 60_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await fail(3);
    clock += 119_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 1_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await fail(3);
    clock += 199_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(true);
    clock += 1_000;
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);
    await lockout.recordSuccess('u');
    await fail(2);
    expect(await lockout.isLocked('u', '2.2.2.2')).toBe(false);

    for (let i = 0; i < 10; i += 1) await fail(1, `user${i}`, '9.9.9.9');
    expect(await lockout.isLocked('someone-else', '9.9.9.9')).toBe(true);
    expect(await lockout.isLocked('someone-else', '8.8.8.8')).toBe(false);
  });
});
