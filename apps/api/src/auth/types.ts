import type { Locale, OrganizationRole, UserType } from '@ipportal/domain';
import type { Executor } from '../db/client.js';

/** The identity pool a token must come from; one per user type: REGULAR for clients, PATENT for offices. */
export type Pool = UserType;

/**
 * Claims of a verified ID token, named as Cognito names them. `sub` and `email` are required;
 * the profile attributes seed the portal user row on first sight.
 */
export interface VerifiedClaims {
  sub: string;
  email: string;
  name?: string | undefined;
  address?: string | undefined;
  phone_number?: string | undefined;
  'custom:region_code'?: string | undefined;
  locale?: string | undefined;
  [claim: string]: unknown;
}

/**
 * Claims of a verified access token. It names the user by `sub` alone (no email, no profile):
 * only the realtime socket takes one, for a user the portal already knows (Amplify's
 * `authMode: 'userPool'` sends the access token).
 */
export interface VerifiedAccessClaims {
  sub: string;
  token_use: 'access';
  exp?: number | undefined;
  [claim: string]: unknown;
}

/**
 * Verifies bearer tokens of a pool. Implementations: the embedded identity service (RS256
 * against its own JWKS) or aws-jwt-verify against AWS user pools. Throw `AuthError` to choose
 * the 401 message; any other error is answered as "not logged in".
 */
export interface TokenVerifier {
  /** An ID token: REST and the socket. */
  verify(token: string, pool: Pool): Promise<VerifiedClaims>;
  /**
   * An access token of the pool's app client (signature, issuer, `exp`, `client_id`, token use
   * and, where the verifier can know it, a sign-in that has not ended): the socket only.
   */
  verifyAccess(token: string, pool: Pool): Promise<VerifiedAccessClaims>;
}

/** Who is calling, set on `request.principal` by the auth hook for /user/* and /patent/*. */
export interface Principal {
  userId: string;
  userType: UserType;
  sub: string;
  email: string;
  organizationId: string | null;
  roleInOrganizationCode: OrganizationRole | null;
  /**
   * The organization requires two-factor sign-in of its members (checked by the /user hook).
   * Set on principals loaded for a token; those built for work on a user's behalf leave it out.
   */
  organizationRequiresTwoFactor?: boolean;
  firmId: string | null;
  /** The user's saved interface language (envelope messages follow Accept-Language instead). */
  locale: Locale;
}

/**
 * What the API may know and do about users' second factors, from the identity provider: the
 * embedded service (same database) answers; AWS Cognito mode has no administrator access to the
 * pools, so there `available` is false and the organization's two-factor features are refused.
 */
export interface SecondFactors {
  readonly available: boolean;
  /** Which of these users of the pool sign in with a second factor. */
  enabledAmong(db: Executor, pool: Pool, subs: readonly string[]): Promise<Set<string>>;
  isEnabled(db: Executor, pool: Pool, sub: string): Promise<boolean>;
  /**
   * Turns the user's second factor off and ends every sign-in session of the user, in `tx` (the
   * other processes hear of the ended sessions when it commits). False when there was none.
   */
  reset(tx: Executor, pool: Pool, sub: string): Promise<boolean>;
}
