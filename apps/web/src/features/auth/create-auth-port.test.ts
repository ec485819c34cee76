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
  const storageEvents = new EventTarget();
  const port = createAuthPort(config, { storage, storageEvents, loadLibrary, language: () => 'en' });
  const changes: (Session | null)[] = [];
  port.onChange((next) => changes.push(next));
  const replacements: Session[] = [];
  port.onReplaced((next) => replacements.push(next));
  const lastAuthUser = 'CognitoIdentityServiceProvider.patent-client.LastAuthUser';
  /** What another tab of the browser does: its sign-in or sign-out changes the shared storage. */
  const otherTab = {
    signIn(sub: string) {
      session = authSession({ sub, username: sub, idToken: `id-token-of-${sub}` });
      storage.setItem(lastAuthUser, sub);
      storageEvents.dispatchEvent(new StorageEvent('storage', { key: lastAuthUser, newValue: sub }));
    },
    signOut() {
      session = null;
      storage.removeItem(lastAuthUser);
      storageEvents.dispatchEvent(new StorageEvent('storage', { key: lastAuthUser, newValue: null }));
    },
  };
  return { port, client, loadLibrary, createAuthClient, changes, replacements, otherTab, storageEvents };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  describe('another tab of the same browser', () => {
    it('signing in as another user leaves this tab on its user, without a token, and reports it', async () => {
      const { port, changes, replacements, otherTab } = setup({ stored: true });
      expect(await port.currentSession()).toEqual({ userType: 'PATENT', subject: 'sub-1' });

      otherTab.signOut();
      await settled();
      // The sign-out reaches this tab at once: its guards send it to /login.
      expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }, null]);

      otherTab.signIn('sub-2');
      await settled();
      expect(replacements).toEqual([{ userType: 'PATENT', subject: 'sub-2' }]);
      // This tab does not silently become the other user.
      expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }, null]);
      expect(await port.idToken()).toBeNull();
      expect(await port.currentSession()).toBeNull();
    });

    it('a switch of user found on the next call (no storage event) is reported the same way', async () => {
      const { port, client, changes, replacements } = setup({ stored: true });
      await port.currentSession();
      client.currentSession.mockResolvedValue(authSession({ sub: 'sub-3', idToken: 'id-token-of-sub-3' }));
      expect(await port.idToken()).toBeNull();
      expect(replacements).toEqual([{ userType: 'PATENT', subject: 'sub-3' }]);
      expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }]);
      expect(port.userType()).toBe('PATENT');
    });

    it('a sign-in while this tab showed nobody is taken over', async () => {
      const { port, changes, replacements, otherTab } = setup();
      expect(await port.currentSession()).toBeNull();
      otherTab.signIn('sub-1');
      await settled();
      expect(changes).toEqual([{ userType: 'PATENT', subject: 'sub-1' }]);
      expect(replacements).toEqual([]);
      expect(await port.idToken()).toBe('id-token-of-sub-1');
    });

    it('the same user signing in again is taken over too', async () => {
      const { port, changes, replacements, otherTab } = setup({ stored: true });
      await port.currentSession();
      otherTab.signOut();
      await settled();
      otherTab.signIn('sub-1');
      await settled();
      expect(changes.at(-1)).toEqual({ userType: 'PATENT', subject: 'sub-1' });
      expect(replacements).toEqual([]);
    });

    it("this tab's own sign-out and sign-in as another user are no replacement", async () => {
      const { port, client, changes, replacements } = setup({ stored: true });
      await port.currentSession();
      await port.signOut();
      client.signIn.mockResolvedValueOnce({ status: 'signedIn', session: authSession({ sub: 'sub-2' }) });
      await port.identity.signIn('PATENT', 'other@example.com', 'Demo-Pass1');
      expect(changes).toEqual([
        { userType: 'PATENT', subject: 'sub-1' },
        null,
        { userType: 'PATENT', subject: 'sub-2' },
      ]);
      expect(replacements).toEqual([]);
    });

    it('ignores changes of other keys', async () => {
      const { port, client, storageEvents } = setup({ stored: true });
      await port.currentSession();
      client.currentSession.mockClear();
      storageEvents.dispatchEvent(new StorageEvent('storage', { key: 'ipportal.locale', newValue: 'en' }));
      await settled();
      expect(client.currentSession).not.toHaveBeenCalled();
    });
  });
});
