// Types only: packages/auth (amazon-cognito-identity-js, ~40 KB gzipped) and the port's work over it
// load on first use, so a first visit to /login downloads neither.
import type { AuthStorage } from '@ipportal/auth';
import type { RuntimeConfig } from '../../app/runtime-config';
import type { AuthPortOptions } from './auth-library';
import type { AuthPort, IdentityOperations, Session } from './auth-port';
import type { AuthPortImpl } from './auth-port-impl';

const operationNames: readonly (keyof IdentityOperations)[] = [
  'signUp',
  'confirmSignUp',
  'resendCode',
  'signIn',
  'completeNewPassword',
  'changePassword',
  'forgotPassword',
  'forgotPasswordSubmit',
  'attributes',
  'updateAttributes',
];

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

  let current: Session | null = null;
  const listeners = new Set<(session: Session | null) => void>();
  const publish = (next: Session | null): Session | null => {
    const changed = current?.subject !== next?.subject || current?.userType !== next?.userType;
    current = next;
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
  const stored = () =>
    [config.identity.regular, config.identity.patent].some(
      (pool) => storage?.getItem(`CognitoIdentityServiceProvider.${pool.clientId}.LastAuthUser`) != null,
    );

  return {
    async currentSession() {
      return stored() ? (await load()).currentSession() : publish(null);
    },
    async idToken(options) {
      if (stored()) return (await load()).idToken(options);
      publish(null);
      return null;
    },
    userType: () => current?.userType ?? null,
    async signOut() {
      if (impl || stored()) await (await load()).signOut();
      publish(null);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    identity: Object.fromEntries(
      operationNames.map((name) => [
        name,
        (...args: unknown[]) =>
          load().then((port) => (port.identity[name] as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ) as unknown as IdentityOperations,
  };
}
