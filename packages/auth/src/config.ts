import type { Locale, UserType } from '@ipportal/domain';
import type { AuthStorage } from './storage.js';

/** One user pool as /config.json describes it (the same shape for AWS Cognito and the embedded service). */
export interface UserPoolConfig {
  userPoolId: string;
  clientId: string;
  /** The identity service URL; omit for AWS Cognito (the library derives it from the pool's region). */
  endpoint?: string | null | undefined;
  /** The tokens' `iss`; by default any issuer ending in `/<userPoolId>` (true for Cognito and the embedded service). */
  issuer?: string | null | undefined;
}

export interface AuthConfig {
  /** One pool per user type: REGULAR users and PATENT users never share one. */
  pools: Readonly<Record<UserType, UserPoolConfig>>;
  /** Sessions and the chosen user type live here; localStorage in the browser by default, memory in Node. */
  storage?: AuthStorage;
  /** The language code mails should be written in; sent as ClientMetadata.locale. */
  locale?: () => Locale;
}

/**
 * The storage key of the user type chosen at sign-in or sign-up, kept beside the library's tokens
 * so that a reload looks for the session in that user type's pool first.
 */
export const userTypeStorageKey = 'userType';

export function issuerMatches(pool: UserPoolConfig, issuer: unknown): boolean {
  if (typeof issuer !== 'string') return false;
  return pool.issuer ? issuer === pool.issuer : issuer.endsWith(`/${pool.userPoolId}`);
}
