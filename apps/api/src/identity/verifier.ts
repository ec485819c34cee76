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
import {
  AuthError,
  type TokenVerifier,
  type VerifiedAccessClaims,
  type VerifiedClaims,
} from '../auth/index.js';
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
    return new AuthError('invalidTokenFormat', `wrong token use: ${detail}`);
  if (error instanceof JwtExpiredError || error instanceof JwtNotBeforeError)
    return new AuthError('notLoggedIn', detail);
  return new AuthError('notLoggedIn', detail);
}

/**
 * Issuer and token use are checked first so a token of the other pool, or a token of the other
 * use, is named as such (aws-jwt-verify would fail earlier on the unknown key id or the audience).
 */
function precheck(token: string, expectedIssuer: string, otherIssuers: string[], use: TokenUse): void {
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
  if (payload.token_use !== use)
    throw new AuthError(
      'invalidTokenFormat',
      `expected an ${use === 'id' ? 'ID' : 'access'} token, got token_use ${String(payload.token_use)}`,
    );
}

function toClaims(payload: JwtPayload): VerifiedClaims {
  const { sub, email } = payload;
  if (typeof sub !== 'string') throw new AuthError('invalidTokenFormat', 'no sub claim');
  if (typeof email !== 'string' || email === '')
    throw new AuthError('attributeDoesNotExist', 'no email claim');
  return { ...payload, sub, email };
}

function toAccessClaims(payload: JwtPayload): VerifiedAccessClaims {
  const { sub, exp } = payload;
  if (typeof sub !== 'string' || sub === '') throw new AuthError('invalidTokenFormat', 'no sub claim');
  return { ...payload, sub, exp, token_use: 'access' };
}

/**
 * The API's verifier for ID and access tokens of the embedded pools; a token whose sign-in was
 * ended (sign-out, revocation, reset) is refused too, whichever its use.
 */
export function createEmbeddedVerifier(options: {
  pools: Record<UserType, PoolRuntime>;
  keys: SigningKeyStore;
  repository: IdentityRepository;
}): TokenVerifier {
  const jwksCache = keyStoreJwksCache(options.keys, options.pools);
  const verifiersOf = (use: TokenUse) =>
    Object.fromEntries(
      userTypes.values.map((type) => [type, embeddedJwtVerifier(options.pools[type], use, jwksCache)]),
    ) as Record<UserType, ReturnType<typeof embeddedJwtVerifier>>;
  const verifiers = { id: verifiersOf('id'), access: verifiersOf('access') };
  const issuers = userTypes.values.map((type) => options.pools[type].issuer);
  const verifyLive = async (token: string, pool: UserType, use: TokenUse): Promise<JwtPayload> => {
    precheck(token, options.pools[pool].issuer, issuers, use);
    const payload = await verifiers[use][pool].verify(token);
    if (
      typeof payload.origin_jti !== 'string' ||
      (await options.repository.isOriginRevoked(payload.origin_jti))
    ) {
      throw new AuthError('notLoggedIn', 'the sign-in session of this token has ended');
    }
    return payload;
  };
  return {
    async verify(token, pool) {
      try {
        return toClaims(await verifyLive(token, pool, 'id'));
      } catch (error) {
        throw toAuthError(error);
      }
    },
    async verifyAccess(token, pool) {
      try {
        return toAccessClaims(await verifyLive(token, pool, 'access'));
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

/**
 * The API's verifier for AWS Cognito pools (production: IDENTITY_MODE=aws). JWKS are fetched over
 * https and cached. Nothing here can know of a sign-out done at Cognito (a JWT verifier cannot),
 * for ID and access tokens alike: their `exp` bounds them.
 */
export function createCognitoVerifier(
  pools: Record<UserType, CognitoPoolSettings>,
  options: {
    /** Pre-loaded JWKS per pool (tests, or deployments without outbound https). */ jwks?: Partial<
      Record<UserType, Jwks>
    >;
  } = {},
): TokenVerifier & { hydrate(): Promise<void> } {
  const verifiersOf = (tokenUse: TokenUse) =>
    Object.fromEntries(
      userTypes.values.map((type) => {
        const verifier = CognitoJwtVerifier.create({
          userPoolId: pools[type].userPoolId,
          clientId: pools[type].clientId,
          tokenUse,
        });
        const jwks = options.jwks?.[type];
        if (jwks) verifier.cacheJwks(jwks as unknown as VerifierJwks, pools[type].userPoolId);
        return [type, verifier];
      }),
    ) as Record<
      UserType,
      ReturnType<
        typeof CognitoJwtVerifier.create<{ userPoolId: string; clientId: string; tokenUse: TokenUse }>
      >
    >;
  const verifiers = { id: verifiersOf('id'), access: verifiersOf('access') };
  const issuerOf = (userPoolId: string) =>
    `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com/${userPoolId}`;
  const issuers = userTypes.values.map((type) => issuerOf(pools[type].userPoolId));
  const verifyOf = async (token: string, pool: UserType, use: TokenUse): Promise<JwtPayload> => {
    precheck(token, issuerOf(pools[pool].userPoolId), issuers, use);
    return verifiers[use][pool].verify(token);
  };
  return {
    async verify(token, pool) {
      try {
        return toClaims(await verifyOf(token, pool, 'id'));
      } catch (error) {
        throw toAuthError(error);
      }
    },
    async verifyAccess(token, pool) {
      try {
        return toAccessClaims(await verifyOf(token, pool, 'access'));
      } catch (error) {
        throw toAuthError(error);
      }
    },
    async hydrate() {
      // Both uses share the pool's JWKS; each verifier keeps its own cache of it.
      await Promise.all(
        userTypes.values.flatMap((type) => [verifiers.id[type].hydrate(), verifiers.access[type].hydrate()]),
      );
    },
  };
}
