/**
 * The time-dependent rules of two-factor sign-in (TOTP), on the project's database with a
 * controllable clock: replay across two service instances (two API processes), clock drift,
 * the fresh sign-in needed to turn it off or move it, and the lockout the password cannot reset.
 */
import type { UserType } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import {
  IdentityError,
  createIdentityService,
  createIdentityUser,
  identitySettingsFromConfig,
  resetSecondFactor,
  resetSecondFactorByEmail,
  type IdentityService,
} from '../../src/identity/index.js';
import type { QueuedMail } from '../../src/mail/index.js';
import { operations } from '../../src/identity/operations/index.js';
import { totpCodeAt } from '../../src/identity/totp.js';
import { createTestDatabase, skipDriver, type TestDatabase } from '../support/db.js';

const config = testConfig();
const request = { ip: '203.0.113.9', acceptLanguage: 'en' };
const password = 'Sakura-2024';

const mails: QueuedMail[] = [];
let testDb: TestDatabase | undefined;
let database: DatabaseHandle;
let first: IdentityService;
let second: IdentityService;
// Real time: access tokens are checked by aws-jwt-verify against the real clock.
let now = new Date();
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

async function newService() {
  return createIdentityService({
    db: database.db,
    mailer: {
      queue: (_executor, mail) => {
        mails.push(mail);
        return Promise.resolve(String(mails.length));
      },
    },
    settings: identitySettingsFromConfig(config, {
      lockout: {
        user: { maxFailures: 3, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 600 },
        ip: { maxFailures: 1000, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 600 },
      },
    }),
    clock: () => now,
  });
}

async function call(
  service: IdentityService,
  operation: string,
  body: Record<string, unknown>,
  pool: UserType = 'REGULAR',
) {
  return operations[operation]!(service, service.pools[pool], body, request) as Promise<
    Record<string, unknown>
  >;
}

async function callError(service: IdentityService, operation: string, body: Record<string, unknown>) {
  const error = await call(service, operation, body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return error as IdentityError;
}

const clientId = (pool: UserType = 'REGULAR') => first.pools[pool].clientId;

function passwordSignIn(
  service: IdentityService,
  email: string,
  pool: UserType = 'REGULAR',
  secret = password,
) {
  return call(
    service,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId(pool),
      AuthParameters: { USERNAME: email, PASSWORD: secret },
    },
    pool,
  );
}

/** The client's answer to a SOFTWARE_TOKEN_MFA challenge (it names the user by USER_ID_FOR_SRP). */
function answerCode(service: IdentityService, challenge: Record<string, unknown>, code: string) {
  const { USER_ID_FOR_SRP } = challenge.ChallengeParameters as { USER_ID_FOR_SRP: string };
  return {
    body: {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: clientId(),
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: USER_ID_FOR_SRP, SOFTWARE_TOKEN_MFA_CODE: code },
    },
    service,
  };
}

/** A user with two-factor sign-in on; returns the secret and a fresh access token. */
async function userWithTotp(
  email: string,
  pool: UserType = 'REGULAR',
): Promise<{ secret: string; accessToken: string; sub: string }> {
  const { sub } = await createIdentityUser(database.db, config, { userType: pool, email, password });
  const signedIn = (await passwordSignIn(first, email, pool)).AuthenticationResult as { AccessToken: string };
  const { AccessToken } = signedIn;
  const { SecretCode } = (await call(first, 'AssociateSoftwareToken', { AccessToken }, pool)) as {
    SecretCode: string;
  };
  await call(first, 'VerifySoftwareToken', { AccessToken, UserCode: totpCodeAt(SecretCode, now) }, pool);
  await call(
    first,
    'SetUserMFAPreference',
    { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    pool,
  );
  return { secret: SecretCode, accessToken: AccessToken, sub };
}

beforeAll(async () => {
  if (skipDriver) return;
  testDb = await createTestDatabase();
  database = await testDb.open();
  await migrateDatabase(database, testDb.options);
  first = await newService();
  second = await newService();
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe.skipIf(skipDriver)('TOTP codes', () => {
  it('are used once, whichever process receives them', async () => {
    const email = 'replay@example.com';
    const { secret } = await userWithTotp(email);
    advance(30);
    const code = totpCodeAt(secret, now);
    const challengeA = await passwordSignIn(first, email);
    const challengeB = await passwordSignIn(second, email);
    expect(challengeA).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });

    const a = answerCode(first, challengeA, code);
    expect(await call(a.service, 'RespondToAuthChallenge', a.body)).toHaveProperty('AuthenticationResult');
    const b = answerCode(second, challengeB, code);
    const replay = await callError(b.service, 'RespondToAuthChallenge', b.body);
    expect([replay.type, replay.message]).toEqual([
      'CodeMismatchException',
      'Invalid code received for user',
    ]);
    // Nor is the code of an earlier step accepted once a later one was used.
    const earlier = answerCode(second, challengeB, totpCodeAt(secret, new Date(now.getTime() - 30_000)));
    expect((await callError(earlier.service, 'RespondToAuthChallenge', earlier.body)).type).toBe(
      'CodeMismatchException',
    );
  });

  it('allow one step of clock drift, not two', async () => {
    const email = 'drift@example.com';
    const { secret } = await userWithTotp(email);
    advance(60);
    const challenge = await passwordSignIn(first, email);
    const tooEarly = answerCode(first, challenge, totpCodeAt(secret, new Date(now.getTime() + 60_000)));
    expect((await callError(first, 'RespondToAuthChallenge', tooEarly.body)).type).toBe(
      'CodeMismatchException',
    );
    const drifted = answerCode(first, challenge, totpCodeAt(secret, new Date(now.getTime() + 30_000)));
    expect(await call(first, 'RespondToAuthChallenge', drifted.body)).toHaveProperty('AuthenticationResult');
  });

  it('are not reset by the right password: wrong codes across sign-ins lock the user', async () => {
    const email = 'guesser@example.com';
    const { secret } = await userWithTotp(email);
    advance(30);
    const wrong = String((Number(totpCodeAt(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const challenge = await passwordSignIn(first, email);
      const guess = answerCode(first, challenge, wrong);
      expect((await callError(first, 'RespondToAuthChallenge', guess.body)).type).toBe(
        'CodeMismatchException',
      );
    }
    const locked = await callError(first, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId(),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(locked.message).toBe('Password attempts exceeded');
  });

  it('expire with the challenge session (3 minutes)', async () => {
    const email = 'slow@example.com';
    const { secret } = await userWithTotp(email);
    const challenge = await passwordSignIn(first, email);
    advance(181);
    const late = answerCode(first, challenge, totpCodeAt(secret, now));
    expect((await callError(first, 'RespondToAuthChallenge', late.body)).message).toMatch(
      /session is expired/,
    );
  });
});

describe.skipIf(skipDriver)('turning two-factor sign-in off or moving it to another phone', () => {
  it('needs a sign-in of the last 5 minutes; a session left open is not enough', async () => {
    const email = 'open-session@example.com';
    const { accessToken } = await userWithTotp(email);
    advance(5 * 60 + 1);
    const off = await callError(first, 'SetUserMFAPreference', {
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    expect([off.type, off.message]).toEqual([
      'NotAuthorizedException',
      'A recent sign-in is required to change two-factor sign-in: sign in again.',
    ]);
    expect((await callError(first, 'AssociateSoftwareToken', { AccessToken: accessToken })).type).toBe(
      'NotAuthorizedException',
    );
    expect(await call(first, 'GetUser', { AccessToken: accessToken })).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('forgets the secret when turned off: turning on again starts with a new one', async () => {
    const email = 'off-on@example.com';
    const { accessToken } = await userWithTotp(email);
    await call(first, 'SetUserMFAPreference', {
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    });
    const user = await call(first, 'GetUser', { AccessToken: accessToken });
    expect(user.UserMFASettingList).toEqual([]);
    expect(user).not.toHaveProperty('PreferredMfaSetting');
    const again = await callError(first, 'SetUserMFAPreference', {
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(again.message).toBe('User has not verified software token mfa');
    expect(await passwordSignIn(first, email)).toHaveProperty('AuthenticationResult');
  });

  it('refuses SMS and a verification without an associated secret', async () => {
    const email = 'no-sms@example.com';
    await createIdentityUser(database.db, config, { userType: 'REGULAR', email, password });
    const { AccessToken } = (await passwordSignIn(first, email)).AuthenticationResult as {
      AccessToken: string;
    };
    expect(
      (
        await callError(first, 'SetUserMFAPreference', {
          AccessToken,
          SMSMfaSettings: { Enabled: true, PreferredMfa: true },
        })
      ).type,
    ).toBe('InvalidParameterException');
    expect((await callError(first, 'VerifySoftwareToken', { AccessToken, UserCode: '123456' })).type).toBe(
      'SoftwareTokenMFANotFoundException',
    );
  });
});

describe.skipIf(skipDriver)('a lost phone', () => {
  async function resetPassword(email: string, pool: UserType) {
    await call(first, 'ForgotPassword', { ClientId: clientId(pool), Username: email }, pool);
    const code = (mails.filter((mail) => mail.to === email).at(-1)?.params as { code: string }).code;
    await call(
      first,
      'ConfirmForgotPassword',
      { ClientId: clientId(pool), Username: email, ConfirmationCode: code, Password: 'Momiji-2025' },
      pool,
    );
  }

  it('an office user gets past it with a password reset', async () => {
    const email = 'office-lost-phone@example.com';
    await userWithTotp(email, 'PATENT');
    await resetPassword(email, 'PATENT');
    expect(await passwordSignIn(first, email, 'PATENT', 'Momiji-2025')).toHaveProperty(
      'AuthenticationResult',
    );
  });

  it('a company user does not (a mailbox alone is not enough); an administrator resets it', async () => {
    const email = 'company-lost-phone@example.com';
    const { sub } = await userWithTotp(email, 'REGULAR');
    await resetPassword(email, 'REGULAR');
    expect(await passwordSignIn(first, email, 'REGULAR', 'Momiji-2025')).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
    });
    expect(await resetSecondFactor(database.db, 'REGULAR', sub)).toBe(true);
    expect(await resetSecondFactor(database.db, 'REGULAR', sub)).toBe(false);
    expect(await passwordSignIn(first, email, 'REGULAR', 'Momiji-2025')).toHaveProperty(
      'AuthenticationResult',
    );
  });

  it('the operator resets a company user without an administrator by email (cli/second-factor.ts)', async () => {
    const email = 'no-admin-lost-phone@example.com';
    await userWithTotp(email, 'REGULAR');
    expect(await resetSecondFactorByEmail(database.db, 'PATENT', email)).toBe(false);
    expect(await resetSecondFactorByEmail(database.db, 'REGULAR', ' No-Admin-Lost-Phone@example.com ')).toBe(
      true,
    );
    expect(await resetSecondFactorByEmail(database.db, 'REGULAR', email)).toBe(false);
    expect(await passwordSignIn(first, email, 'REGULAR')).toHaveProperty('AuthenticationResult');
  });
});
