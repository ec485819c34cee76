/**
 * Token verification with aws-jwt-verify, for the embedded pools (JwtVerifier fed from the key
 * store in process: its issuer is plain http, which the library's JWKS fetcher refuses) and for
 * AWS Cognito pools (CognitoJwtVerifier). Both implement the API's `TokenVerifier`.
 */
import { userTypes, type UserType } from '@ipportal/domain';
import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import {
  CognitoJwtInvalidClientIdError,
  CognitoJwtInvalidTokenUseError,
  JwtExpiredError,
  JwtInvalidAudienceError,
  JwtInvalidIssuerError,
  JwtNotBeforeError,
  JwtParseError,
  KidNotFoundInJwksError,
} from 'aws-jwt-verify/error';
import type { JwksCache, JwkWithKid, Jwks as VerifierJwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { AuthError, type TokenVerifier, type VerifiedClaims } from '../auth/index.js';
import type { Jwks, SigningKeyStore } from './keys.js';
import type { IdentityRepository } from './repository.js';
import type { PoolRuntime } from './settings.js';
import { decodeJwtPayload } from './tokens.js';

/**
 * A JWKS cache answering from the key store: no HTTP. A key id it does not know makes the store
 * reload (rate-limited there), so a token signed with a key another process just created verifies
 * even if this process missed the bus signal.
 */
export function keyStoreJwksCache(keys: SigningKeyStore, pools: Record<UserType, PoolRuntime>): JwksCache {
  const poolOf = (jwksUri: string): UserType => {
    const pool = userTypes.values.find((type) => pools[type].jwksUri === jwksUri);
    if (!pool) throw new KidNotFoundInJwksError(`no embedded pool publishes ${jwksUri}`);
    return pool;
  };
  const lookup = (pool: UserType, kid: unknown): JwkWithKid | undefined =>
    keys.jwks(pool).keys.find((key) => key.kid === kid);
  const notFound = (kid: unknown) =>
    new KidNotFoundInJwksError(`JWK for kid ${String(kid)} not found in the JWKS`);
  return {
    async getJwk(jwksUri, decomposedJwt) {
      const pool = poolOf(jwksUri);
      const { kid } = decomposedJwt.header;
      const known = lookup(pool, kid);
      if (known) return known;
      if (typeof kid === 'string' && (await keys.reloadForUnknownKid(pool))) {
        const reloaded = lookup(pool, kid);
        if (reloaded) return reloaded;
      }
      throw notFound(kid);
    },
    getCachedJwk(jwksUri, decomposedJwt) {
      const jwk = lookup(poolOf(jwksUri), decomposedJwt.header.kid);
      if (!jwk) throw notFound(decomposedJwt.header.kid);
      return jwk;
    },
    addJwks: () => undefined,
    getJwks: (jwksUri) => Promise.resolve().then(() => keys.jwks(poolOf(jwksUri)) as unknown as VerifierJwks),
  };
}

type TokenUse = 'id' | 'access';

/** Verifies one embedded pool's tokens of one kind; the signature, `iss`, `exp`, audience or client id, token use. */
export function embeddedJwtVerifier(pool: PoolRuntime, tokenUse: TokenUse, jwksCache: JwksCache) {
  return JwtVerifier.create(
    {
      issuer: pool.issuer,
      jwksUri: pool.jwksUri,
      audience: tokenUse === 'id' ? pool.clientId : null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== tokenUse)
          throw new CognitoJwtInvalidTokenUseError('Token use not allowed', payload.token_use, tokenUse);
        if (tokenUse === 'access' && payload.client_id !== pool.clientId) {
          throw new CognitoJwtInvalidClientIdError('Client ID not allowed', payload.client_id, pool.clientId);
        }
      },
    },
    { jwksCache },
  );
}

/** Maps a verification failure to the API's 401 reasons. */
function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof JwtParseError) return new AuthError('invalidTokenFormat', detail);
  if (
    error instanceof JwtInvalidIssuerError ||
    error instanceof JwtInvalidAudienceError ||
    error instanceof CognitoJwtInvalidClientIdError
  ) {
    return new AuthError('invalidUserPool', detail);
  }
  if (error instanceof CognitoJwtInvalidTokenUseError)
    return new AuthError('invalidTokenFormat', `expected an ID token: ${detail}`);
  if (error instanceof JwtExpiredError || error instanceof JwtNotBeforeError)
    return new AuthError('notLoggedIn', detail);
  return new AuthError('notLoggedIn', detail);
}

/**
 * Issuer and token use are checked first so a token of the other pool, or an access token, is
 * named as such (aws-jwt-verify would fail earlier on the unknown key id or the audience).
 */
function precheck(token: string, expectedIssuer: string, otherIssuers: string[]): void {
  if (token.split('.').length !== 3) throw new AuthError('invalidTokenFormat', 'not a JWT');
  const payload = decodeJwtPayload(token);
  if (!payload) throw new AuthError('invalidTokenFormat', 'unreadable JWT payload');
  if (payload.iss !== expectedIssuer) {
    throw new AuthError(
      'invalidUserPool',
      otherIssuers.includes(String(payload.iss))
        ? 'token of the other user pool'
        : `unknown issuer ${String(payload.iss)}`,
    );
  }
  if (payload.token_use !== 'id')
    throw new AuthError(
      'invalidTokenFormat',
      `expected an ID token, got token_use ${String(payload.token_use)}`,
    );
}

function toClaims(payload: JwtPayload): VerifiedClaims {
  const { sub, email } = payload;
  if (typeof sub !== 'string') throw new AuthError('invalidTokenFormat', 'no sub claim');
  if (typeof email !== 'string' || email === '')
    throw new AuthError('attributeDoesNotExist', 'no email claim');
  return { ...payload, sub, email };
}

/** The API's verifier for ID tokens of the embedded pools; a token whose sign-in was ended (sign-out, reset) is refused too. */
export function createEmbeddedVerifier(options: {
  pools: Record<UserType, PoolRuntime>;
  keys: SigningKeyStore;
  repository: IdentityRepository;
}): TokenVerifier {
  const jwksCache = keyStoreJwksCache(options.keys, options.pools);
  const verifiers = Object.fromEntries(
    userTypes.values.map((type) => [type, embeddedJwtVerifier(options.pools[type], 'id', jwksCache)]),
  ) as Record<UserType, ReturnType<typeof embeddedJwtVerifier>>;
  const issuers = userTypes.values.map((type) => options.pools[type].issuer);
  return {
    async verify(token, pool) {
      try {
        precheck(token, options.pools[pool].issuer, issuers);
        const payload = await verifiers[pool].verify(token);
        if (
          typeof payload.origin_jti !== 'string' ||
          (await options.repository.isOriginRevoked(payload.origin_jti))
        ) {
          throw new AuthError('notLoggedIn', 'the sign-in session of this token has ended');
        }
        return toClaims(payload);
      } catch (error) {
        throw toAuthError(error);
      }
    },
  };
}

export interface CognitoPoolSettings {
  userPoolId: string;
  clientId: string;
}

/** The API's verifier for AWS Cognito pools (production: IDENTITY_MODE=aws). JWKS are fetched over https and cached. */
export function createCognitoVerifier(
  pools: Record<UserType, CognitoPoolSettings>,
  options: {
    /** Pre-loaded JWKS per pool (tests, or deployments without outbound https). */ jwks?: Partial<
      Record<UserType, Jwks>
    >;
  } = {},
): TokenVerifier & { hydrate(): Promise<void> } {
  const verifiers = Object.fromEntries(
    userTypes.values.map((type) => [
      type,
      CognitoJwtVerifier.create({
        userPoolId: pools[type].userPoolId,
        clientId: pools[type].clientId,
        tokenUse: 'id',
      }),
    ]),
  ) as Record<
    UserType,
    ReturnType<typeof CognitoJwtVerifier.create<{ userPoolId: string; clientId: string; tokenUse: 'id' }>>
  >;
  for (const type of userTypes.values) {
    const jwks = options.jwks?.[type];
    if (jwks) verifiers[type].cacheJwks(jwks as unknown as VerifierJwks, pools[type].userPoolId);
  }
  const issuerOf = (userPoolId: string) =>
    `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com/${userPoolId}`;
  const issuers = userTypes.values.map((type) => issuerOf(pools[type].userPoolId));
  return {
    async verify(token, pool) {
      try {
        precheck(token, issuerOf(pools[pool].userPoolId), issuers);
        return toClaims(await verifiers[pool].verify(token));
      } catch (error) {
        throw toAuthError(error);
      }
    },
    async hydrate() {
      await Promise.all(userTypes.values.map((type) => verifiers[type].hydrate()));
    },
  };
}
