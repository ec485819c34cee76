/**
 * The wrapper without a server: session restore from storage (user type from the issuer),
 * refresh through a stubbed identity endpoint, error mapping and messages. The full flows run
 * against the real embedded service in apps/api/test/identity.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthError,
  AuthMessage,
  MemoryStorage,
  createAuthClient,
  messages,
  toAuthError,
  userTypeOfIssuer,
  type AuthConfig,
} from '../src/index.js';

const pools: AuthConfig['pools'] = {
  REGULAR: {
    userPoolId: 'ap-northeast-1_LocalRegular',
    clientId: 'regular-client',
    endpoint: 'http://identity.test/identity/regular',
  },
  PATENT: {
    userPoolId: 'ap-northeast-1_LocalPatent',
    clientId: 'patent-client',
    endpoint: 'http://identity.test/identity/patent',
  },
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token is enough here: the client only reads payloads; servers check signatures. */
function token(claims: Record<string, unknown>, lifetimeSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'RS256', kid: 'k' })}.${b64({ iat: now, exp: now + lifetimeSeconds, ...claims })}.c2ln`;
}

function idToken(userPoolId: string, extra: Record<string, unknown> = {}, lifetimeSeconds?: number) {
  return token(
    {
      sub: 'user-1',
      email: 'demo@example.com',
      token_use: 'id',
      iss: `http://localhost:3000/identity/${userPoolId}`,
      'cognito:username': 'user-1',
      ...extra,
    },
    lifetimeSeconds,
  );
}

/** Puts a session where amazon-cognito-identity-js keeps it. */
function storeSession(
  storage: MemoryStorage,
  clientId: string,
  tokens: { id: string; access: string; refresh: string },
) {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  storage.setItem(`${prefix}.LastAuthUser`, 'user-1');
  storage.setItem(`${prefix}.user-1.idToken`, tokens.id);
  storage.setItem(`${prefix}.user-1.accessToken`, tokens.access);
  storage.setItem(`${prefix}.user-1.refreshToken`, tokens.refresh);
  storage.setItem(`${prefix}.user-1.clockDrift`, '0');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sessions', () => {
  it('has no session and no user type in empty storage', async () => {
    const auth = createAuthClient({ pools, storage: new MemoryStorage() });
    expect(await auth.currentSession()).toBeNull();
    expect(await auth.getIdToken()).toBeNull();
    expect(auth.getUserType()).toBeNull();
    await expect(auth.requireSession()).rejects.toMatchObject({ messageKey: AuthMessage.notLoggedIn });
    await expect(auth.getAttribute('name')).rejects.toMatchObject({ messageKey: AuthMessage.notLoggedIn });
  });

  it('restores a stored session and derives the user type from the issuer', async () => {
    const storage = new MemoryStorage();
    storeSession(storage, 'patent-client', {
      id: idToken('ap-northeast-1_LocalPatent', { name: 'Firm User' }),
      access: token({ token_use: 'access', sub: 'user-1' }),
      refresh: 'opaque',
    });
    const auth = createAuthClient({ pools, storage });
    const session = await auth.currentSession();
    expect(session).toMatchObject({
      userType: 'PATENT',
      sub: 'user-1',
      email: 'demo@example.com',
      username: 'user-1',
    });
    expect(auth.getUserType()).toBe('PATENT');
    expect(await auth.getAttribute('name')).toBe('Firm User');
    await expect(auth.getAttribute('address')).rejects.toMatchObject({
      messageKey: AuthMessage.attributeDoesNotExist,
    });
  });

  it('refuses a token whose issuer is not its pool', async () => {
    const storage = new MemoryStorage();
    storeSession(storage, 'regular-client', {
      id: idToken('ap-northeast-1_LocalPatent'),
      access: token({}),
      refresh: 'r',
    });
    await expect(createAuthClient({ pools, storage }).currentSession()).rejects.toMatchObject({
      messageKey: AuthMessage.invalidUserPool,
    });
  });

  it('refreshes expired tokens once for concurrent callers', async () => {
    const storage = new MemoryStorage();
    storeSession(storage, 'regular-client', {
      id: idToken('ap-northeast-1_LocalRegular', {}, -60),
      access: token({ token_use: 'access' }, -60),
      refresh: 'opaque-refresh',
    });
    const fresh = idToken('ap-northeast-1_LocalRegular', { name: 'Renewed' });
    const fetchMock = vi.fn((_url: string, init: { headers: Record<string, string>; body: string }) => {
      expect(init.headers['X-Amz-Target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
      expect(JSON.parse(init.body)).toMatchObject({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: 'opaque-refresh' },
      });
      return Promise.resolve(
        new Response(
          JSON.stringify({
            AuthenticationResult: {
              IdToken: fresh,
              AccessToken: token({ token_use: 'access' }),
              ExpiresIn: 3600,
            },
          }),
          {
            status: 200,
          },
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const auth = createAuthClient({ pools, storage });
    const [a, b, c] = await Promise.all([auth.getIdToken(), auth.getIdToken(), auth.currentSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a).toBe(fresh);
    expect(b).toBe(fresh);
    expect(c?.claims.name).toBe('Renewed');
    expect(auth.getUserType()).toBe('REGULAR');
  });

  it('renews valid tokens when asked to (forceRefresh)', async () => {
    const storage = new MemoryStorage();
    const stored = idToken('ap-northeast-1_LocalRegular');
    storeSession(storage, 'regular-client', {
      id: stored,
      access: token({ token_use: 'access' }),
      refresh: 'r',
    });
    const renewed = idToken('ap-northeast-1_LocalRegular', { name: 'New' });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            AuthenticationResult: { IdToken: renewed, AccessToken: token({ token_use: 'access' }) },
          }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const auth = createAuthClient({ pools, storage });
    expect(await auth.getIdToken()).toBe(stored);
    expect(fetchMock).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([
      auth.getIdToken({ forceRefresh: true }),
      auth.getIdToken({ forceRefresh: true }),
    ]);
    expect([a, b]).toEqual([renewed, renewed]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await auth.getIdToken()).toBe(renewed);
  });

  it('announces a session that disappears, and the global sign-out', async () => {
    const storage = new MemoryStorage();
    const tokens = {
      id: idToken('ap-northeast-1_LocalRegular'),
      access: token({ token_use: 'access', origin_jti: 'o' }),
      refresh: 'r',
    };
    storeSession(storage, 'regular-client', tokens);
    const auth = createAuthClient({ pools, storage });
    const seen: (string | null)[] = [];
    const unsubscribe = auth.onChange((session) =>
      seen.push(session ? `${session.userType}:${session.sub}` : null),
    );
    await auth.currentSession();
    await auth.currentSession();
    expect(seen).toEqual([]);
    storage.clear();
    expect(await auth.currentSession()).toBeNull();
    expect(seen).toEqual([null]);

    storeSession(storage, 'regular-client', tokens);
    expect(await auth.currentSession()).not.toBeNull();
    expect(seen).toEqual([null, 'REGULAR:user-1']);
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    await auth.signOut();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null, 'REGULAR:user-1', null]);
    expect(auth.getUserType()).toBeNull();
    expect(await auth.currentSession()).toBeNull();
    unsubscribe();
  });

  it('reports a malformed stored token as an invalid token format', async () => {
    const storage = new MemoryStorage();
    // Readable and unexpired, but without the claims a session needs.
    storeSession(storage, 'regular-client', {
      id: token({ iss: 'http://localhost:3000/identity/ap-northeast-1_LocalRegular' }),
      access: token({}),
      refresh: 'r',
    });
    await expect(createAuthClient({ pools, storage }).currentSession()).rejects.toMatchObject({
      messageKey: AuthMessage.invalidTokenFormat,
    });
  });
});

describe('calls to the identity service', () => {
  it('sends sign-up attributes, the email as user name and the mail language', async () => {
    const fetchMock = vi.fn((_url: string, _init: { body: string }) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            UserConfirmed: false,
            UserSub: 'sub-1',
            CodeDeliveryDetails: {
              Destination: 'd***@e***',
              DeliveryMedium: 'EMAIL',
              AttributeName: 'email',
            },
          }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const storage = new MemoryStorage();
    const auth = createAuthClient({ pools, storage, locale: () => 'en' });
    const result = await auth.signUp(
      'PATENT',
      {
        name: 'N',
        address: 'A',
        email: ' demo@example.com ',
        phone_number: '+81312345678',
        'custom:region_code': '1',
      },
      'Demo-Pass1',
    );
    expect(result).toEqual({
      userSub: 'sub-1',
      userConfirmed: false,
      codeDelivery: { destination: 'd***@e***', medium: 'EMAIL', attributeName: 'email' },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(pools.PATENT.endpoint);
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body) as Record<string, unknown>;
    expect(body).toMatchObject({
      ClientId: 'patent-client',
      Username: 'demo@example.com',
      Password: 'Demo-Pass1',
      ClientMetadata: { locale: 'en' },
    });
    expect(body.UserAttributes).toContainEqual({ Name: 'custom:region_code', Value: '1' });
    expect(storage.getItem('userType')).toBe('PATENT');
  });

  it('sends a full-width address and phone number in their half-width forms', async () => {
    const fetchMock = vi.fn((_url: string, _init: { body: string }) =>
      Promise.resolve(new Response(JSON.stringify({ UserConfirmed: false, UserSub: 'sub-2' }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const auth = createAuthClient({ pools, storage: new MemoryStorage() });
    await auth.signUp(
      'REGULAR',
      {
        name: 'N',
        address: 'A',
        email: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ',
        phone_number: '＋８１ ３－１２３４－５６７８',
        'custom:region_code': '1',
      },
      'Demo-Pass1',
    );
    const signUp = JSON.parse(fetchMock.mock.calls[0]![1].body) as {
      Username: string;
      UserAttributes: { Name: string; Value: string }[];
    };
    expect(signUp.Username).toBe('taro@example.com');
    expect(signUp.UserAttributes).toContainEqual({ Name: 'email', Value: 'taro@example.com' });
    expect(signUp.UserAttributes).toContainEqual({ Name: 'phone_number', Value: '+81312345678' });

    fetchMock.mockClear();
    await auth.resendCode('REGULAR', ' ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ ').catch(() => undefined);
    expect((JSON.parse(fetchMock.mock.calls[0]![1].body) as { Username: string }).Username).toBe(
      'taro@example.com',
    );
  });

  it('turns Cognito exceptions into translated keys', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            __type: 'CodeMismatchException',
            message: 'Invalid verification code provided, please try again.',
          }),
          { status: 400 },
        ),
      ),
    );
    const error = await createAuthClient({ pools, storage: new MemoryStorage() })
      .confirmSignUp('REGULAR', 'demo@example.com', '123456')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ messageKey: AuthMessage.codeMismatch, code: 'CodeMismatchException' });
  });

  it('reports an invalid pool configuration', async () => {
    const auth = createAuthClient({
      pools: { ...pools, REGULAR: { userPoolId: 'no-underscore', clientId: 'c' } },
      storage: new MemoryStorage(),
    });
    await expect(auth.forgotPassword('REGULAR', 'a@example.com')).rejects.toMatchObject({
      messageKey: AuthMessage.invalidUserPool,
    });
  });

  it('needs a pending challenge to complete a new password', async () => {
    await expect(
      createAuthClient({ pools, storage: new MemoryStorage() }).completeNewPassword('Demo-Pass1'),
    ).rejects.toMatchObject({
      messageKey: AuthMessage.noPendingChallenge,
    });
  });
});

describe('errors and messages', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', AuthMessage.incorrectCredentials],
    ['NotAuthorizedException', 'Password attempts exceeded', AuthMessage.passwordAttemptsExceeded],
    ['NotAuthorizedException', 'Refresh Token has been revoked', AuthMessage.sessionExpired],
    [
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
      AuthMessage.alreadyConfirmed,
    ],
    ['UserNotFoundException', 'User does not exist.', AuthMessage.incorrectCredentials],
    [
      'UsernameExistsException',
      'An account with the given email already exists.',
      AuthMessage.usernameExists,
    ],
    ['ExpiredCodeException', 'Invalid code provided', AuthMessage.expiredCode],
    ['LimitExceededException', 'Attempt limit exceeded', AuthMessage.limitExceeded],
    ['SomethingNewException', 'new', AuthMessage.unknown],
  ])('%s "%s"', (code, message, key) => {
    expect(toAuthError(Object.assign(new Error(message), { code }))).toMatchObject({
      messageKey: key,
      code,
      serverMessage: message,
    });
  });

  it('maps the library’s own failures', () => {
    expect(toAuthError(new Error('User is not authenticated')).messageKey).toBe(AuthMessage.notLoggedIn);
    expect(toAuthError(new Error('Invalid UserPoolId format.')).messageKey).toBe(AuthMessage.invalidUserPool);
    expect(toAuthError('weird').messageKey).toBe(AuthMessage.unknown);
  });

  it('translates every auth.error key in ja and en', () => {
    const keys = Object.values(AuthMessage).filter((key) => key.startsWith('auth.error.'));
    for (const locale of ['ja', 'en'] as const) {
      const tree = messages[locale] as { auth: { error: Record<string, string> } };
      expect(Object.keys(tree.auth.error).sort()).toEqual(
        keys.map((key) => key.slice('auth.error.'.length)).sort(),
      );
      expect(Object.values(tree.auth.error).every((text) => text.length > 0)).toBe(true);
    }
  });

  it('finds the user type of an issuer', () => {
    expect(
      userTypeOfIssuer(pools, 'https://cognito-idp.ap-northeast-1.amazonaws.com/ap-northeast-1_LocalRegular'),
    ).toBe('REGULAR');
    expect(() => userTypeOfIssuer(pools, 'https://evil.example.com/other')).toThrow(AuthError);
  });
});
