import { locales } from '@ipportal/domain';
import type { Locale } from '@ipportal/domain';
import type { AuthSession } from '@ipportal/auth';
import type { RuntimeConfig } from '../../app/runtime-config';
import type { AuthPort, Session } from './auth-port';
import type { AuthClientLike, AuthPortOptions } from './auth-library';
import { identityOperations, toSession } from './identity-operations';

export type AuthPortImpl = Pick<AuthPort, 'currentSession' | 'idToken' | 'signOut' | 'identity'>;

/**
 * The port's work over packages/auth (loaded on first use: this module comes with the first
 * operation or stored session, the library itself a step later). `publish` reports sessions.
 */
export function createAuthPortImpl(
  config: RuntimeConfig,
  options: AuthPortOptions,
  publish: (session: Session | null) => Session | null,
): AuthPortImpl {
  const { language, storage } = options;
  const loadLibrary = options.loadLibrary ?? (() => import('@ipportal/auth'));
  const locale = language
    ? (): Locale => {
        const current = language();
        return locales.find((l) => l === current) ?? 'ja';
      }
    : undefined;

  let client: Promise<AuthClientLike> | null = null;
  const getClient = (): Promise<AuthClientLike> => {
    client ??= loadLibrary().then(
      (library) =>
        library.createAuthClient({
          pools: { REGULAR: config.identity.regular, PATENT: config.identity.patent },
          ...(storage ? { storage } : {}),
          ...(locale ? { locale } : {}),
        }),
      (error: unknown) => {
        client = null; // a failed download may succeed next time
        throw error;
      },
    );
    return client;
  };

  /** The session (tokens renewed when expired), or null; it becomes the port's current one. */
  const readSession = async (): Promise<AuthSession | null> => {
    const session = await getClient()
      .then((auth) => auth.currentSession())
      .catch(() => null);
    publish(session && toSession(session));
    return session;
  };

  return {
    async currentSession() {
      const session = await readSession();
      return session && toSession(session);
    },
    async idToken(options) {
      if (!options?.forceRefresh) return (await readSession())?.idToken ?? null;
      // After a 401: renew the tokens even if they look valid. A refused refresh token ends the
      // session; a failure to reach the service only fails this renewal.
      const renewed = await getClient()
        .then((auth) => auth.currentSession({ forceRefresh: true }))
        .then(
          (session) => publish(session && toSession(session)) && session,
          () => null,
        );
      return renewed?.idToken ?? null;
    },
    async signOut() {
      try {
        await (await getClient()).signOut();
      } finally {
        publish(null);
      }
    },
    identity: identityOperations(getClient, publish),
  };
}
