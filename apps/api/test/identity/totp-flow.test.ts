/**
 * Two-factor sign-in (TOTP, Cognito's SOFTWARE_TOKEN_MFA) with the unmodified
 * amazon-cognito-identity-js, directly and through @ipportal/auth, against the embedded identity
 * service on a real port and the project's database (PGlite or PostgreSQL). Codes are computed
 * as an authenticator app would, from the secret the service handed out.
 */
import { AuthError, AuthMessage, MemoryStorage, createAuthClient, type AuthClient } from '@ipportal/auth';
import { userEndpoints } from '@ipportal/domain';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityUser } from '../../src/identity/index.js';
import { totpCodeAt } from '../../src/identity/totp.js';
import { skipDriver } from '../support/db.js';
import { urlOf } from '../support/endpoints.js';
import { startIdentityServer, type IdentityServer } from './support.js';

const password = 'Sakura-2024';
let server: IdentityServer;

/** The code an authenticator shows now, or `steps` 30-second steps later (the service accepts one step of drift). */
const codeOf = (secret: string, steps = 0) => totpCodeAt(secret, new Date(Date.now() + steps * 30_000));
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function client(): AuthClient {
  return createAuthClient({ pools: server.pools, storage: new MemoryStorage(), locale: () => 'en' });
}

async function newUser(email: string): Promise<void> {
  await createIdentityUser(server.context.app.db, server.context.config, {
    userType: 'REGULAR',
    email,
    password,
    attributes: {
      name: 'Aiko Mori',
      address: 'Tokyo',
      phone_number: '+81312345678',
      'custom:region_code': '1',
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

/** Signs in and turns two-factor sign-in on through @ipportal/auth; returns the client and the secret. */
async function userWithTotp(email: string): Promise<{ auth: AuthClient; secret: string }> {
  await newUser(email);
  const auth = client();
  expect((await auth.signIn('REGULAR', email, password)).status).toBe('signedIn');
  const { secret } = await auth.startTotpSetup('IP Portal');
  await auth.confirmTotpSetup(codeOf(secret));
  return { auth, secret };
}

beforeAll(async () => {
  if (skipDriver) return;
  server = await startIdentityServer({
    lockout: {
      user: { maxFailures: 3, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 600 },
      ip: { maxFailures: 1000, windowSeconds: 600, baseLockSeconds: 60, maxLockSeconds: 600 },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

describe.skipIf(skipDriver)('the unmodified amazon-cognito-identity-js TOTP flow', () => {
  const email = 'totp-raw@example.com';
  let secret = '';
  let usedCode = '';

  function libraryUser() {
    const pool = new CognitoUserPool({
      UserPoolId: server.pools.REGULAR.userPoolId,
      ClientId: server.pools.REGULAR.clientId,
      endpoint: server.pools.REGULAR.endpoint!,
      Storage: new MemoryStorage(),
    });
    return new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
  }

  /** authenticateUser, resolving with the session or the name of the callback the library chose. */
  function authenticate(user: CognitoUser) {
    return new Promise<{ session?: CognitoUserSession; challenge?: string }>((resolve, reject) => {
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
        onSuccess: (session) => resolve({ session }),
        onFailure: reject,
        totpRequired: (challengeName) => resolve({ challenge: `totpRequired:${challengeName}` }),
        mfaRequired: () => resolve({ challenge: 'mfaRequired' }),
        newPasswordRequired: () => resolve({ challenge: 'newPasswordRequired' }),
      });
    });
  }

  it('associates, verifies and turns on a software token for a signed-in user', async () => {
    await newUser(email);
    const user = libraryUser();
    expect((await authenticate(user)).session?.isValid()).toBe(true);

    secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await new Promise<unknown>((resolve) =>
      user.verifySoftwareToken(otherCode(codeOf(secret)), 'phone', {
        onSuccess: () => resolve(undefined),
        onFailure: resolve,
      }),
    );
    expect(wrong).toMatchObject({ code: 'EnableSoftwareTokenMFAException' });

    const verified = await new Promise<unknown>((resolve, reject) =>
      user.verifySoftwareToken(codeOf(secret), 'phone', { onSuccess: resolve, onFailure: reject }),
    );
    expect(verified).toMatchObject({ Status: 'SUCCESS' });

    await new Promise<void>((resolve, reject) =>
      user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const data = await new Promise<Record<string, unknown>>((resolve, reject) =>
      user.getUserData(
        (error, result) =>
          error || !result
            ? reject(error ?? new Error('GetUser answered nothing'))
            : resolve(result as unknown as Record<string, unknown>),
        { bypassCache: true },
      ),
    );
    expect(data).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
  });

  it('answers the password with the SOFTWARE_TOKEN_MFA challenge; sendMFACode signs in', async () => {
    const user = libraryUser();
    expect(await authenticate(user)).toEqual({ challenge: 'totpRequired:SOFTWARE_TOKEN_MFA' });
    // The code of the step the set-up used is spent; the next step's code is fresh.
    usedCode = codeOf(secret, 1);
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.sendMFACode(usedCode, { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
    );
    expect(session.isValid()).toBe(true);
    expect(session.getIdToken().decodePayload()).toMatchObject({ email, token_use: 'id' });
  });

  it('refuses a code already used (replay), even in a new sign-in', async () => {
    const user = libraryUser();
    expect((await authenticate(user)).challenge).toBe('totpRequired:SOFTWARE_TOKEN_MFA');
    const replay = await new Promise<unknown>((resolve) =>
      user.sendMFACode(
        usedCode,
        { onSuccess: () => resolve(undefined), onFailure: resolve },
        'SOFTWARE_TOKEN_MFA',
      ),
    );
    expect(replay).toMatchObject({ code: 'CodeMismatchException' });
  });
});

describe.skipIf(skipDriver)('two-factor sign-in through @ipportal/auth', () => {
  it('asks for the code after the password, lets a wrong code be corrected, then signs in', async () => {
    const email = 'totp-client@example.com';
    const { secret } = await userWithTotp(email);
    const auth = client();
    const sessions: unknown[] = [];
    auth.onChange((session) => sessions.push(session?.email));

    expect(await auth.signIn('REGULAR', email, password)).toEqual({ status: 'totpRequired' });
    expect(await auth.currentSession()).toBeNull();
    const wrong = await failure(auth.confirmSignInCode(otherCode(codeOf(secret, 1))));
    expect(wrong.messageKey).toBe(AuthMessage.codeMismatch);

    // Full-width digits from a Japanese keyboard read as digits.
    const fullWidth = codeOf(secret, 1).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const session = await auth.confirmSignInCode(fullWidth);
    expect(session.email).toBe(email);
    expect(sessions.at(-1)).toBe(email);
    expect(await auth.hasTotp()).toBe(true);

    const own = await fetch(`${server.origin}${urlOf(userEndpoints.getUser, { namespace: 'user' })}`, {
      headers: { authorization: `Bearer ${session.idToken}` },
    });
    expect(own.status).toBe(200);
  });

  it('counts wrong codes toward the lockout: then even the right code and the password are refused', async () => {
    const email = 'totp-lockout@example.com';
    const { secret } = await userWithTotp(email);
    const auth = client();
    expect((await auth.signIn('REGULAR', email, password)).status).toBe('totpRequired');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await failure(auth.confirmSignInCode(otherCode(codeOf(secret, 1))))).messageKey).toBe(
        AuthMessage.codeMismatch,
      );
    }
    expect((await failure(auth.confirmSignInCode(codeOf(secret, 1)))).messageKey).toBe(
      AuthMessage.passwordAttemptsExceeded,
    );
    expect((await failure(client().signIn('REGULAR', email, password))).messageKey).toBe(
      AuthMessage.passwordAttemptsExceeded,
    );
  });

  it('turns two-factor sign-in off with the password and a code; the next sign-in needs no code', async () => {
    const email = 'totp-off@example.com';
    const { auth, secret } = await userWithTotp(email);
    const wrong = await failure(auth.disableTotp(password, otherCode(codeOf(secret, 1))));
    expect(wrong.messageKey).toBe(AuthMessage.codeMismatch);
    expect(await auth.hasTotp()).toBe(true);

    await auth.disableTotp(password, codeOf(secret, 1));
    expect(await auth.hasTotp()).toBe(false);
    expect((await client().signIn('REGULAR', email, password)).status).toBe('signedIn');
  });

  it('does not turn on a secret nobody proved', async () => {
    const email = 'totp-unproven@example.com';
    await newUser(email);
    const auth = client();
    await auth.signIn('REGULAR', email, password);
    const { uri, secret } = await auth.startTotpSetup('IP Portal');
    expect(uri).toBe(
      `otpauth://totp/IP%20Portal%3A${encodeURIComponent(email)}?secret=${secret}&issuer=IP%20Portal&algorithm=SHA1&digits=6&period=30`,
    );
    const token = (await auth.currentSession())!.accessToken;
    const refused = await server.call('REGULAR', 'SetUserMFAPreference', {
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('InvalidParameterException');
    expect((await client().signIn('REGULAR', email, password)).status).toBe('signedIn');
  });
});
