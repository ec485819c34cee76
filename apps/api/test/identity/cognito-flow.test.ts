/**
 * The unmodified amazon-cognito-identity-js (through @ipportal/auth, and directly) against the
 * embedded identity service on a real port, backed by the project's database (PGlite or
 * PostgreSQL); tokens checked with aws-jwt-verify
 * and by the API's /user and /patent routes.
 */
import { userEndpoints } from '@ipportal/domain';
import { AuthError, AuthMessage, MemoryStorage, createAuthClient, type AuthClient } from '@ipportal/auth';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentityUser } from '../../src/identity/index.js';
import { skipDriver } from '../support/db.js';
import { startIdentityServer, type IdentityServer } from './support.js';
import { urlOf } from '../support/endpoints.js';

const profile = {
  name: 'Hanako Yamada',
  address: '1-1 Chiyoda, Tokyo',
  phone_number: '+81312345678',
  'custom:region_code': '1',
};

let server: IdentityServer;

function client(storage = new MemoryStorage(), locale: 'ja' | 'en' = 'en'): AuthClient {
  return createAuthClient({ pools: server.pools, storage, locale: () => locale });
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

const ownUser = urlOf(userEndpoints.getUser, { namespace: 'user' });
const ownUserInPatent = urlOf(userEndpoints.getUser, { namespace: 'patent' });

async function api(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...init.headers },
  });
  return {
    status: response.status,
    body: (await response.json()) as { hasError: boolean; message: string; item?: Record<string, unknown> },
  };
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

describe.skipIf(skipDriver)('sign-up, confirmation and sign-in (REGULAR) through @ipportal/auth', () => {
  const email = 'Hanako@Example.com';
  const password = 'Sakura-2024';
  const auth = () => client(storage);
  const storage = new MemoryStorage();
  let idToken = '';

  it('signs up and mails a code in the user language to DATA_DIR/mail', async () => {
    const result = await auth().signUp('REGULAR', { ...profile, email }, password);
    expect(result.userConfirmed).toBe(false);
    expect(result.codeDelivery).toEqual({
      destination: 'H***@E***',
      medium: 'EMAIL',
      attributeName: 'email',
    });
    expect(storage.getItem('userType')).toBe('REGULAR');
    const [mail] = await server.mails(email);
    expect(mail).toContain('Verification code:');
    expect(await server.lastCode(email, 'signupCode')).toMatch(/^\d{6}$/);
  });

  it('refuses a second sign-up, a weak password and incomplete attributes', async () => {
    expect(
      (await failure(auth().signUp('REGULAR', { ...profile, email: email.toLowerCase() }, password)))
        .messageKey,
    ).toBe(AuthMessage.usernameExists);
    const weak = await failure(auth().signUp('REGULAR', { ...profile, email: 'weak@example.com' }, 'short'));
    expect(weak.code).toBe('InvalidPasswordException');
    const incomplete = await failure(
      auth().signUp('REGULAR', { ...profile, phone_number: '312345678', email: 'bad@example.com' }, password),
    );
    expect(incomplete.code).toBe('InvalidParameterException');
    expect(incomplete.serverMessage).toContain('phone_number');
  });

  it('refuses a wrong code, and a sign-in before confirmation', async () => {
    const code = await server.lastCode(email, 'signupCode');
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await failure(auth().confirmSignUp('REGULAR', email, wrong))).messageKey).toBe(
      AuthMessage.codeMismatch,
    );
    expect((await failure(auth().signIn('REGULAR', email, password))).messageKey).toBe(
      AuthMessage.userNotConfirmed,
    );
  });

  it('limits resending the code', async () => {
    expect((await failure(auth().resendCode('REGULAR', email))).messageKey).toBe(AuthMessage.limitExceeded);
  });

  it('confirms with the right code (once)', async () => {
    const code = await server.lastCode(email, 'signupCode');
    await auth().confirmSignUp('REGULAR', email, code);
    expect((await failure(auth().confirmSignUp('REGULAR', email, code))).messageKey).toBe(
      AuthMessage.alreadyConfirmed,
    );
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await failure(auth().signIn('REGULAR', email, 'Sakura-2025'));
    const unknown = await failure(auth().signIn('REGULAR', 'nobody@example.com', password));
    expect(wrong.messageKey).toBe(AuthMessage.incorrectCredentials);
    expect([unknown.code, unknown.serverMessage, unknown.messageKey]).toEqual([
      wrong.code,
      wrong.serverMessage,
      wrong.messageKey,
    ]);
  });

  it('signs in with SRP; the ID token passes aws-jwt-verify with the published JWKS', async () => {
    const signedIn: unknown[] = [];
    const client = auth();
    client.onChange((session) => signedIn.push(session?.email));
    const result = await client.signIn('REGULAR', email.toUpperCase(), password);
    expect(signedIn).toEqual([email]);
    if (result.status !== 'signedIn') throw new Error('expected a session');
    const { session } = result;
    expect(session.userType).toBe('REGULAR');
    expect(session.email).toBe(email);
    expect(session.claims).toMatchObject({
      token_use: 'id',
      email_verified: true,
      name: profile.name,
      'custom:region_code': '1',
      locale: 'en',
    });
    idToken = session.idToken;

    const pool = server.service.pools.REGULAR;
    const jwksResponse = await fetch(pool.jwksUri.replace(/^http:\/\/localhost:\d+/, server.origin));
    // The keys may be kept a while, unlike every other answer of the identity service.
    expect(jwksResponse.headers.get('cache-control')).toBe('public, max-age=300');
    const verifier = JwtRsaVerifier.create({
      issuer: pool.issuer,
      audience: pool.clientId,
      jwksUri: pool.jwksUri,
    });
    verifier.cacheJwks((await jwksResponse.json()) as Parameters<typeof verifier.cacheJwks>[0]);
    const payload = await verifier.verify(idToken);
    expect(payload).toMatchObject({ token_use: 'id', aud: pool.clientId, iss: pool.issuer, email });
    expect(payload.exp! - payload.iat!).toBe(3600);

    const forged = `${idToken.slice(0, idToken.lastIndexOf('.') + 1)}${'A'.repeat(342)}`;
    await expect(verifier.verify(forged)).rejects.toThrow();
  });

  it('lets the REGULAR token into /user (creating the user row in the language of the sign-up) and not into /patent', async () => {
    const own = await api(ownUser, idToken);
    expect(own.status).toBe(200);
    // Signed up from the English page: the portal and its mails are English from the first sign-in.
    expect(own.body.item).toMatchObject({
      userType: 'REGULAR',
      email,
      name: profile.name,
      regionCode: 1,
      locale: 'en',
    });
    const other = await api(ownUserInPatent, idToken);
    expect(other.status).toBe(401);
    expect(other.body.message).toBe('The user pool is invalid');
    const forged = await api(ownUser, `${idToken.slice(0, -10)}AAAAAAAAAA`);
    expect(forged.status).toBe(401);
  });

  it('restores the session from storage and refreshes it when expired', async () => {
    // Pretend the tokens are two hours old: the library then refreshes them.
    const username = server.service.pools.REGULAR.clientId;
    const lastAuthUser = storage.getItem(`CognitoIdentityServiceProvider.${username}.LastAuthUser`);
    expect(lastAuthUser).toBeTruthy();
    storage.setItem(`CognitoIdentityServiceProvider.${username}.${lastAuthUser}.clockDrift`, String(-7200));
    const fresh = createAuthClient({ pools: server.pools, storage });
    const session = await fresh.currentSession();
    expect(session?.userType).toBe('REGULAR');
    expect(session?.idToken).not.toBe(idToken);
    expect(session?.claims.origin_jti).toBe(
      (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { origin_jti: string })
        .origin_jti,
    );
    expect(await fresh.getIdToken()).toBe(session?.idToken);
    const forced = await fresh.getIdToken({ forceRefresh: true });
    expect(forced).not.toBe(session?.idToken);
    expect((await api(ownUser, forced!)).status).toBe(200);
  });

  it('updates attributes; the renewed ID token carries them', async () => {
    const session = await auth().updateAttributes({ name: 'Hanako Suzuki' });
    expect(session.claims.name).toBe('Hanako Suzuki');
    expect(await auth().getAttribute('name')).toBe('Hanako Suzuki');
  });

  it('changes the password after checking the old one', async () => {
    expect((await failure(auth().changePassword('Wrong-Pass1', 'Momiji-2025'))).messageKey).toBe(
      AuthMessage.incorrectCredentials,
    );
    const refreshTokenKey = () => {
      const prefix = `CognitoIdentityServiceProvider.${server.pools.REGULAR.clientId}`;
      return `${prefix}.${storage.getItem(`${prefix}.LastAuthUser`)}.refreshToken`;
    };
    const refresh = (token: string | null) =>
      server.call('REGULAR', 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: server.pools.REGULAR.clientId,
        AuthParameters: { REFRESH_TOKEN: token },
      });
    const before = storage.getItem(refreshTokenKey());
    await auth().changePassword(password, 'Momiji-2025');
    expect((await failure(client().signIn('REGULAR', email, password))).messageKey).toBe(
      AuthMessage.incorrectCredentials,
    );
    expect((await client().signIn('REGULAR', email, 'Momiji-2025')).status).toBe('signedIn');
    // The session the re-authentication replaced is revoked; the new one works.
    await vi.waitFor(async () => expect((await refresh(before)).body.__type).toBe('NotAuthorizedException'));
    expect((await refresh(storage.getItem(refreshTokenKey()))).status).toBe(200);
  });

  it('resets a forgotten password with the mailed code, ending the old sessions', async () => {
    const before = await auth().requireSession();
    await auth().forgotPassword('REGULAR', email);
    const code = await server.lastCode(email, 'passwordResetCode');
    expect((await failure(auth().forgotPasswordSubmit('REGULAR', email, code, 'weak'))).code).toBe(
      'InvalidPasswordException',
    );
    await auth().forgotPasswordSubmit('REGULAR', email, code, 'Kaede-2026');
    expect(
      (await failure(auth().forgotPasswordSubmit('REGULAR', email, code, 'Kaede-2027'))).messageKey,
    ).toBe(AuthMessage.expiredCode);
    expect((await api(ownUser, before.idToken)).status).toBe(401);
    const result = await client().signIn('REGULAR', email, 'Kaede-2026');
    expect(result.status).toBe('signedIn');
  });

  it('answers unknown users on forgot-password like real ones', async () => {
    expect(await client().forgotPassword('REGULAR', 'ghost@example.com')).toEqual({
      destination: 'g***@e***',
      medium: 'EMAIL',
      attributeName: 'email',
    });
  });
});

describe.skipIf(skipDriver)('sessions end on global sign-out and token revocation', () => {
  const email = 'taro@example.com';
  const password = 'Fuji-San-3776';

  beforeAll(async () => {
    await createIdentityUser(server.context.database.db, server.context.config, {
      userType: 'REGULAR',
      email,
      password,
      attributes: profile,
    });
  });

  it('global sign-out makes every refresh token of the user useless', async () => {
    const laptop = client();
    const phone = new MemoryStorage();
    const phoneSession = await client(phone).signIn('REGULAR', email, password);
    if (phoneSession.status !== 'signedIn') throw new Error('expected a session');
    await laptop.signIn('REGULAR', email, password);
    const refreshToken = phone.getItem(
      `CognitoIdentityServiceProvider.${server.pools.REGULAR.clientId}.${phoneSession.session.username}.refreshToken`,
    );
    const refresh = () =>
      server.call('REGULAR', 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: server.pools.REGULAR.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    expect((await refresh()).status).toBe(200);
    // Used once before the sign-out, so a cache of verified tokens has seen it.
    expect((await api(ownUser, phoneSession.session.idToken)).status).toBe(200);

    await laptop.signOut();
    expect(await laptop.currentSession()).toBeNull();
    expect(laptop.getUserType()).toBeNull();
    const after = await refresh();
    expect(after).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
    });
    // The access token of the other device is refused by the service, its ID token by the API.
    const getUser = await server.call('REGULAR', 'GetUser', {
      AccessToken: phoneSession.session.accessToken,
    });
    expect(getUser.body.__type).toBe('NotAuthorizedException');
    expect((await api(ownUser, phoneSession.session.idToken)).status).toBe(401);
  });

  it('signOut with revocation (RevokeToken) ends that one session only', async () => {
    const pool = new CognitoUserPool({
      ...server.pools.REGULAR,
      UserPoolId: server.pools.REGULAR.userPoolId,
      ClientId: server.pools.REGULAR.clientId,
      endpoint: server.pools.REGULAR.endpoint!,
      Storage: new MemoryStorage(),
    });
    const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
    await new Promise((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    const session = user.getSignInUserSession()!;
    const other = await client().signIn('REGULAR', email, password);
    if (other.status !== 'signedIn') throw new Error('expected a session');
    await new Promise<void>((resolve, reject) =>
      user.signOut((error?: Error) => (error ? reject(error) : resolve())),
    );
    const refresh = await server.call('REGULAR', 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: server.pools.REGULAR.clientId,
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(refresh.body.__type).toBe('NotAuthorizedException');
    expect((await api(ownUser, session.getIdToken().getJwtToken())).status).toBe(401);
    expect((await api(ownUser, other.session.idToken)).status).toBe(200);
  });
});

describe.skipIf(skipDriver)('the PATENT pool', () => {
  const email = 'firm@example.com';
  const password = 'Demo-Pass1';

  beforeAll(async () => {
    await createIdentityUser(server.context.database.db, server.context.config, {
      userType: 'PATENT',
      email,
      password,
      attributes: profile,
      locale: 'ja',
    });
  });

  it('signs in firm users; their token is refused on /user and accepted on /patent', async () => {
    const auth = client();
    expect((await failure(auth.signIn('REGULAR', email, password))).messageKey).toBe(
      AuthMessage.incorrectCredentials,
    );
    const result = await auth.signIn('PATENT', email, password);
    if (result.status !== 'signedIn') throw new Error('expected a session');
    expect(result.session.userType).toBe('PATENT');
    expect(auth.getUserType()).toBe('PATENT');
    const refused = await api(ownUser, result.session.idToken);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('The user pool is invalid');
    const own = await api(ownUserInPatent, result.session.idToken);
    expect(own.status).toBe(200);
    expect(own.body.item).toMatchObject({ userType: 'PATENT', email });
    // The REGULAR pool's operations do not accept PATENT access tokens either.
    expect(
      (await server.call('REGULAR', 'GetUser', { AccessToken: result.session.accessToken })).body.__type,
    ).toBe('NotAuthorizedException');
  });

  it('mails a reset code in the user language (Japanese)', async () => {
    await createAuthClient({ pools: server.pools, storage: new MemoryStorage() }).forgotPassword(
      'PATENT',
      email,
    );
    const mails = await server.mails(email);
    expect(mails.at(-1)).toContain('確認コード');
  });
});

describe.skipIf(skipDriver)('invited users (FORCE_CHANGE_PASSWORD)', () => {
  it('must choose a new password and complete the profile at first sign-in', async () => {
    const email = 'invited@example.com';
    await createIdentityUser(server.context.database.db, server.context.config, {
      userType: 'REGULAR',
      email,
      password: 'Temp-Pass1',
      attributes: { name: 'Invited Person' },
      status: 'FORCE_CHANGE_PASSWORD',
    });
    const auth = client();
    const result = await auth.signIn('REGULAR', email, 'Temp-Pass1');
    expect(result).toEqual({
      status: 'newPasswordRequired',
      userAttributes: { email, name: 'Invited Person' },
      requiredAttributes: ['address', 'phone_number', 'custom:region_code'],
    });
    expect((await failure(auth.completeNewPassword('weak', {}))).code).toBe('InvalidPasswordException');
    const session = await auth.completeNewPassword('Brand-New-1', {
      address: profile.address,
      phone_number: profile.phone_number,
      'custom:region_code': '2',
    });
    expect(session.claims).toMatchObject({ email, 'custom:region_code': '2', email_verified: true });
    expect((await client().signIn('REGULAR', email, 'Brand-New-1')).status).toBe('signedIn');
    expect((await failure(client().signIn('REGULAR', email, 'Temp-Pass1'))).messageKey).toBe(
      AuthMessage.incorrectCredentials,
    );
  });
});

describe.skipIf(skipDriver)('USER_PASSWORD_AUTH', () => {
  it('signs in with the plain flow too (the password is checked against the verifier)', async () => {
    const email = 'plain@example.com';
    await createIdentityUser(server.context.database.db, server.context.config, {
      userType: 'REGULAR',
      email,
      password: 'Plain-Pass1',
      attributes: profile,
    });
    const pool = new CognitoUserPool({
      UserPoolId: server.pools.REGULAR.userPoolId,
      ClientId: server.pools.REGULAR.clientId,
      endpoint: server.pools.REGULAR.endpoint!,
      Storage: new MemoryStorage(),
    });
    const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
    user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    const signIn = (password: string) =>
      new Promise((resolve, reject) =>
        user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
          onSuccess: resolve,
          onFailure: reject,
        }),
      );
    await expect(signIn('Plain-Pass2')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn('Plain-Pass1')).resolves.toBeDefined();
  });
});

describe.skipIf(skipDriver)('lockout', () => {
  it('locks a user after repeated failures, even with the right password, and unknown names alike', async () => {
    const email = 'locked@example.com';
    await createIdentityUser(server.context.database.db, server.context.config, {
      userType: 'REGULAR',
      email,
      password: 'Right-Pass1',
      attributes: profile,
    });
    for (let i = 0; i < 3; i += 1) {
      expect((await failure(client().signIn('REGULAR', email, `Wrong-Pass${i}`))).messageKey).toBe(
        AuthMessage.incorrectCredentials,
      );
    }
    expect((await failure(client().signIn('REGULAR', email, 'Right-Pass1'))).messageKey).toBe(
      AuthMessage.passwordAttemptsExceeded,
    );

    for (let i = 0; i < 3; i += 1)
      await failure(client().signIn('REGULAR', 'ghost-user@example.com', `Wrong-Pass${i}`));
    expect(
      (await failure(client().signIn('REGULAR', 'ghost-user@example.com', 'Right-Pass1'))).messageKey,
    ).toBe(AuthMessage.passwordAttemptsExceeded);
  });
});

describe.skipIf(skipDriver)('protocol edges', () => {
  it('answers unknown operations, bad JSON and foreign client ids with Cognito-style errors', async () => {
    const unknown = await server.call('REGULAR', 'AdminDeleteUser', { Username: 'x' });
    expect(unknown).toEqual({
      status: 400,
      body: { __type: 'UnknownOperationException', message: expect.any(String) as string },
    });
    const badJson = await fetch(server.pools.REGULAR.endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: '{nope',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { __type: string }).__type).toBe('SerializationException');
    const foreign = await server.call('REGULAR', 'ForgotPassword', {
      ClientId: server.pools.PATENT.clientId,
      Username: 'a@example.com',
    });
    expect(foreign.body.__type).toBe('ResourceNotFoundException');
    const missing = await server.call('REGULAR', 'SignUp', { ClientId: server.pools.REGULAR.clientId });
    expect(missing.body.__type).toBe('InvalidParameterException');
  });

  it('reports a misconfigured pool as an invalid user pool', async () => {
    const broken = createAuthClient({
      pools: { ...server.pools, REGULAR: { userPoolId: 'not-a-pool', clientId: 'x' } },
      storage: new MemoryStorage(),
    });
    expect((await failure(broken.signIn('REGULAR', 'a@example.com', 'Demo-Pass1'))).messageKey).toBe(
      AuthMessage.invalidUserPool,
    );
  });
});
