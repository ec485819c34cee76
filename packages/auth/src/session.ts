import { userTypes, type UserType } from '@ipportal/domain';
import { CognitoIdToken, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { issuerMatches, type UserPoolConfig } from './config.js';
import { AuthError } from './errors.js';
import { AuthMessage } from './messages.js';

/** A signed-in session. `idToken` is what the API client sends as its bearer token. */
export interface AuthSession {
  userType: UserType;
  /** The identity service's name for the user (Cognito's `cognito:username`). */
  username: string;
  sub: string;
  email: string;
  idToken: string;
  accessToken: string;
  /** When the ID token expires, in epoch milliseconds. */
  expiresAt: number;
  /** Every claim of the ID token (profile attributes included). */
  claims: Readonly<Record<string, unknown>>;
}

/** Decodes a JWT's payload without checking it (the server checks signatures; this only reads). */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const payload: unknown =
    token.split('.').length === 3 ? new CognitoIdToken({ IdToken: token }).decodePayload() : null;
  if (
    typeof payload !== 'object' ||
    payload === null ||
    Array.isArray(payload) ||
    Object.keys(payload).length === 0
  ) {
    throw new AuthError(AuthMessage.invalidTokenFormat);
  }
  return payload as Record<string, unknown>;
}

/** The user type whose pool issued a token, from its `iss` claim. */
export function userTypeOfIssuer(
  pools: Readonly<Record<UserType, UserPoolConfig>>,
  issuer: unknown,
): UserType {
  const match = userTypes.values.find((type) => issuerMatches(pools[type], issuer));
  if (!match) throw new AuthError(AuthMessage.invalidUserPool);
  return match;
}

export function toAuthSession(
  session: CognitoUserSession,
  pools: Readonly<Record<UserType, UserPoolConfig>>,
): AuthSession {
  const idToken = session.getIdToken().getJwtToken();
  const accessToken = session.getAccessToken().getJwtToken();
  if (!idToken || !accessToken) throw new AuthError(AuthMessage.invalidTokenFormat);
  const claims = decodeTokenPayload(idToken);
  const { sub, email, exp, iss } = claims;
  if (typeof sub !== 'string' || typeof exp !== 'number') throw new AuthError(AuthMessage.invalidTokenFormat);
  const username = claims['cognito:username'];
  return {
    userType: userTypeOfIssuer(pools, iss),
    username: typeof username === 'string' ? username : sub,
    sub,
    email: typeof email === 'string' ? email : '',
    idToken,
    accessToken,
    expiresAt: exp * 1000,
    claims,
  };
}
