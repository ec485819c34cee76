import type { Locale, OrganizationRole, UserType } from '@ipportal/domain';

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
 * Verifies a bearer ID token for a pool. Implementations: the embedded identity service
 * (RS256 against its own JWKS) or aws-jwt-verify against AWS user pools. Throw `AuthError`
 * to choose the 401 message; any other error is answered as "not logged in".
 */
export interface TokenVerifier {
  verify(token: string, pool: Pool): Promise<VerifiedClaims>;
}

/** Who is calling, set on `request.principal` by the auth hook for /user/* and /patent/*. */
export interface Principal {
  userId: string;
  userType: UserType;
  sub: string;
  email: string;
  organizationId: string | null;
  roleInOrganizationCode: OrganizationRole | null;
  firmId: string | null;
  /** The user's saved interface language (envelope messages follow Accept-Language instead). */
  locale: Locale;
}
