import { MemoryStorage } from '@ipportal/auth';
import type { AuthSession } from '@ipportal/auth';
import type { RuntimeConfig } from '@ipportal/domain';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from './auth-port';
import { createAuthPort } from './create-auth-port';
import type { AuthClientLike, AuthLibrary } from './auth-library';

const config: RuntimeConfig = {
  productName: 'IP Portal',
  apiBase: { user: '/user', patent: '/patent' },
  identity: {
    regular: {
      userPoolId: 'ap-northeast-1_LocalRegular',
      clientId: 'regular-client',
      endpoint: '/identity/regular',
    },
    patent: {
      userPoolId: 'ap-northeast-1_LocalPatent',
      clientId: 'patent-client',
      endpoint: '/identity/patent',
    },
  },
  realtimeUrl: '/realtime',
};

function authSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    userType: 'PATENT',
    username: 'sub-1',
    sub: 'sub-1',
    email: 'firm@example.com',
    idToken: 'id-token-1',
    accessToken: 'access-token-1',
    expiresAt: Date.now() + 3_600_000,
    claims: { email: 'firm@example.com', name: 'Hanako', 'custom:region_code': '1', email_verified: 'true' },
    ...overrides,
  };
}

/** packages/auth at the edge: a fake client behind the same dynamic-import seam. */
function setup({ stored = false }: { stored?: boolean } = {}) {
  const storage = new MemoryStorage();
  if (stored) storage.setItem('CognitoIdentityServiceProvider.patent-client.LastAuthUser', 'sub-1');
  let session: AuthSession | null = stored ? authSession() : null;
  const client = {
    currentSession: vi.fn(() => Promise.resolve(session)),
    signIn: vi.fn(() => {
      session = authSession();
      storage.setItem('CognitoIdentityServiceProvider.patent-client.LastAuthUser', 'sub-1');
      return Promise.resolve({ status: 'signedIn' as const, session });
    }),
    signOut: vi.fn(() => {
      session = null;
      storage.removeItem('CognitoIdentityServiceProvider.patent-client.LastAuthUser');
      return Promise.resolve();
    }),
    requireSession: vi.fn(() =>
      session ? Promise.resolve(session) : Promise.reject(new Error('not logged in')),
    ),
    updateAttributes: vi.fn(() => Promise.resolve(authSession({ sub: 'sub-1' }))),
    signUp: vi.fn(() =>
      Promise.resolve({
        userSub: 'sub-2',
        userConfirmed: false,
        codeDelivery: { destination: 'f***@e***', medium: 'EMAIL', attributeName: 'email' },
      }),
    ),
  };
  const createAuthClient = vi.fn(() => client as unknown as AuthClientLike);
  const loadLibrary = vi.fn(() => Promise.resolve<AuthLibrary>({ createAuthClient }));
  const port = createAuthPort(config, { storage, loadLibrary, language: () => 'en' });
  const changes: (Session | null)[] = [];
  port.onChange((next) => changes.push(next));
  return { port, client, loadLibrary, createAuthClient, changes };
}

describe('createAuthPort', () => {
  it('answers "signed out" without loading the identity library when nothing is stored', async () => {
    const { port, loadLibrary } = setup();
    expect(await port.currentSession()).toBeNull();
    expect(await port.idToken()).toBeNull();
    expect(port.userType()).toBeNull();
    expect(loadLibrary).not.toHaveBeenCalled();
  });

  it('restores a stored session with both pools and the interface language for mails', async () => {
    const { port, client, createAuthClient, changes } = setup({ stored: true });
    expect(await port.currentSession()).toEqual({ userType: 'PATENT', subject: 'sub-1' });
    expect(port.userType()).toBe('PATENT');
    expect(await port.idToken()).toBe('id-token-1');
    client.currentSession.mockImplementation((options?: { forceRefresh?: boolean }) =>
      Promise.resolve(authSession(options?.forceRefresh ? { idToken: 'id-token-2' } : {})),
    );
    expect(await port.idToken({ forceRefresh: true })).toBe('id-token-2');
    expect(client.currentSession).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }]);
    const [[authConfig]] = createAuthClient.mock.calls as unknown as [
      [Parameters<AuthLibrary['createAuthClient']>[0]],
    ];
    expect(authConfig.pools).toEqual({ REGULAR: config.identity.regular, PATENT: config.identity.patent });
    expect(authConfig.locale?.()).toBe('en');
  });

  it('reports sign-in and sign-out to its listeners', async () => {
    const { port, client, changes } = setup();
    expect(await port.identity.signIn('PATENT', 'firm@example.com', 'Demo-Pass1')).toEqual({
      status: 'signedIn',
    });
    expect(client.signIn).toHaveBeenCalledWith('PATENT', 'firm@example.com', 'Demo-Pass1');
    expect(port.userType()).toBe('PATENT');
    await port.signOut();
    expect(client.signOut).toHaveBeenCalled();
    expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }, null]);
    expect(await port.currentSession()).toBeNull();
  });

  it('ends the session for its listeners when it cannot be renewed', async () => {
    const { port, client, changes } = setup({ stored: true });
    await port.currentSession();
    client.currentSession.mockResolvedValue(null);
    expect(await port.idToken()).toBeNull();
    expect(changes.at(-1)).toBeNull();
  });

  it('maps the operations: sign-up outcome and profile attributes from the ID token', async () => {
    const { port } = setup({ stored: true });
    expect(
      await port.identity.signUp(
        'REGULAR',
        {
          name: 'a',
          address: 'b',
          email: 'c@example.com',
          phone_number: '+81312345678',
          'custom:region_code': '1',
        },
        'Momiji-2025',
      ),
    ).toEqual({ userConfirmed: false, destination: 'f***@e***' });
    expect(await port.identity.attributes()).toEqual({
      email: 'firm@example.com',
      name: 'Hanako',
      'custom:region_code': '1',
      email_verified: true,
    });
  });

  it('tries the download again after it failed', async () => {
    const { port, loadLibrary } = setup();
    loadLibrary.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(port.identity.signIn('REGULAR', 'a@example.com', 'x')).rejects.toThrow('chunk failed');
    expect(await port.identity.signIn('PATENT', 'firm@example.com', 'Demo-Pass1')).toEqual({
      status: 'signedIn',
    });
  });
});
