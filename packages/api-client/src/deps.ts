import type { ApiNamespace, UserType } from '@ipportal/domain';

export type { ApiNamespace };

/**
 * What the API slices need from the app. The app injects them as the store's thunk extra
 * argument (`{ apiClient: deps }`), so this package never imports the identity code and each
 * store (one per test) can carry its own.
 */
export interface ApiClientDeps {
  /**
   * The identity token of the current session, or null when nobody is signed in. With
   * `forceRefresh` (asked once after a 401) the app renews the session first when it can; the
   * call is retried only if that gives a different token.
   */
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Base URL of a namespace, from the runtime config (`apiBase.user` / `apiBase.patent`). */
  getBaseUrl(namespace: ApiNamespace): string;
  /** The signed-in user's type; it chooses the namespace. */
  getUserType(): UserType | null;
  /**
   * The pauses before resending a change that got no answer (same Idempotency-Key); default
   * `networkRetryDelaysMs` (retrying-fetch.ts).
   */
  networkRetryDelaysMs?: readonly number[];
}

/** The shape of the store's thunk extra argument that the API slices read. */
export interface ApiClientExtra {
  apiClient: ApiClientDeps;
}

export function namespaceForUserType(userType: UserType | null): ApiNamespace {
  return userType === 'PATENT' ? 'patent' : 'user';
}

export function apiClientDepsFrom(extra: unknown): ApiClientDeps {
  const deps = (extra as Partial<ApiClientExtra> | undefined)?.apiClient;
  if (!deps) {
    throw new Error('@ipportal/api-client: the store has no `apiClient` in its thunk extra argument');
  }
  return deps;
}
