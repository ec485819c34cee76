// Types only: packages/auth (amazon-cognito-identity-js, ~40 KB gzipped) and the port's work over it
// load on first use, so a first visit to /login downloads neither.
import type { AuthStorage } from '@ipportal/auth';
import type { RuntimeConfig } from '../../app/runtime-config';
import type { AuthPortOptions } from './auth-library';
import type { AuthPort, IdentityOperations, Session } from './auth-port';
import type { AuthPortImpl } from './auth-port-impl';

/** Every identity operation, once: an operation added to the port but not here fails to compile. */
const operations: Record<keyof IdentityOperations, true> = {
  signUp: true,
  confirmSignUp: true,
  resendCode: true,
  signIn: true,
  completeNewPassword: true,
  confirmSignInCode: true,
  hasTotp: true,
  startTotpSetup: true,
  confirmTotpSetup: true,
  disableTotp: true,
  changePassword: true,
  forgotPassword: true,
  forgotPasswordSubmit: true,
  attributes: true,
  updateAttributes: true,
};
const operationNames = Object.keys(operations) as (keyof IdentityOperations)[];

function browserStorage(): AuthStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The auth port of the running app: packages/auth over the two identity pools of
 * `config.identity` (REGULAR and PATENT). Without a stored session it answers "signed out"
 * without loading anything.
 */
export function createAuthPort(config: RuntimeConfig, options: AuthPortOptions = {}): AuthPort {
  const storage = options.storage ?? browserStorage();
  const storageEvents =
    options.storageEvents ?? (storage !== undefined && storage === browserStorage() ? globalThis : undefined);

  const keyOf = (session: Session | null) => (session ? `${session.userType}:${session.subject}` : null);
  let current: Session | null = null;
  /**
   * The user this tab last showed, kept through a sign-out made in another tab (this tab still
   * shows that user's address, e.g. /login?redirect=...); forgotten when this tab signs out.
   */
  let shown: string | null = null;
  /** Set while this tab signs in itself: then a new user is this tab's own doing. */
  let signingIn = 0;
  /** The other user another tab signed in as; from then on this tab only waits for its reload. */
  let replacedBy: Session | null = null;
  const listeners = new Set<(session: Session | null) => void>();
  const replacedListeners = new Set<(session: Session) => void>();
  const publish = (next: Session | null): Session | null => {
    if (replacedBy) return current;
    const nextKey = keyOf(next);
    if (next && signingIn === 0 && shown !== null && nextKey !== shown) {
      // The stored session is another user's, and this tab did not sign in: another tab did.
      replacedBy = next;
      for (const listener of [...replacedListeners]) listener(next);
      return current;
    }
    const changed = keyOf(current) !== nextKey;
    current = next;
    if (nextKey !== null) shown = nextKey;
    if (changed) for (const listener of [...listeners]) listener(next);
    return next;
  };

  let impl: Promise<AuthPortImpl> | null = null;
  const load = (): Promise<AuthPortImpl> =>
    (impl ??= import('./auth-port-impl').then(
      (m) => m.createAuthPortImpl(config, { ...options, storage }, publish),
      (error: unknown) => {
        impl = null; // a failed download may succeed next time
        throw error;
      },
    ));

  // amazon-cognito-identity-js keeps `CognitoIdentityServiceProvider.<clientId>.LastAuthUser`
  // while a user is signed in to a pool; without it there is nothing to restore.
  const lastAuthUserKeys = [config.identity.regular, config.identity.patent].map(
    (pool) => `CognitoIdentityServiceProvider.${pool.clientId}.LastAuthUser`,
  );
  const stored = () => lastAuthUserKeys.some((key) => storage?.getItem(key) != null);

  const port: AuthPort = {
    async currentSession() {
      const session = stored() ? await (await load()).currentSession() : publish(null);
      return replacedBy ? current : session;
    },
    async idToken(options) {
      if (replacedBy) return null;
      if (!stored()) {
        publish(null);
        return null;
      }
      const token = await (await load()).idToken(options);
      // Read from the shared storage, the token may be another tab's new user's: never send it.
      return replacedBy ? null : token;
    },
    userType: () => current?.userType ?? null,
    async signOut() {
      if (impl || stored()) await (await load()).signOut();
      publish(null);
      shown = null;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onReplaced(listener) {
      replacedListeners.add(listener);
      return () => {
        replacedListeners.delete(listener);
      };
    },
    identity: Object.fromEntries(
      operationNames.map((name) => [
        name,
        async (...args: unknown[]) => {
          const ownSignIn = name === 'signIn' || name === 'completeNewPassword';
          if (ownSignIn) signingIn += 1;
          try {
            const operations = (await load()).identity;
            return await (operations[name] as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            if (ownSignIn) signingIn -= 1;
          }
        },
      ]),
    ) as unknown as IdentityOperations,
  };

  // Another tab signed in or out (the library wrote or removed LastAuthUser; `key` is null when
  // the storage was cleared): read the stored session again, and `publish` decides.
  storageEvents?.addEventListener('storage', (event) => {
    const { key } = event as StorageEvent;
    if (key !== null && !lastAuthUserKeys.includes(key)) return;
    void port.currentSession().catch(() => null);
  });

  return port;
}
