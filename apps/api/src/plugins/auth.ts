import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AuthError } from '../auth/errors.js';
import { PrincipalCache } from '../auth/principal-cache.js';
import { VerifiedTokenCache } from '../auth/token-cache.js';
import type { Pool, TokenVerifier, VerifiedClaims } from '../auth/types.js';
import { loadOrCreatePrincipal } from '../repositories/users.js';

const bearerPattern = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

function checkClaims(claims: VerifiedClaims): VerifiedClaims {
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw new AuthError('attributeDoesNotExist', 'token has no sub');
  if (typeof claims.email !== 'string' || claims.email === '')
    throw new AuthError('attributeDoesNotExist', 'token has no email');
  return claims;
}

/**
 * The auth hook interface: `app.verifier` checks tokens; `authenticate(app, pool)` is the
 * onRequest hook the /user (REGULAR) and /patent (PATENT) route plugins install. It runs before
 * the body is parsed, so anonymous callers cost no parsing or validation.
 */
export const authPlugin = fp<{ verifier: TokenVerifier }>(
  (app, { verifier }, done) => {
    const cache = new PrincipalCache(app.config.authCacheTtlMs);
    const tokens = new VerifiedTokenCache(app.config.authCacheTtlMs);
    app.decorate('verifier', verifier);
    app.decorate('invalidatePrincipal', (userId: string) => cache.deleteUser(userId));
    app.decorate('forgetTokensOf', (sub: string) => tokens.deleteSub(sub));
    app.decorate('principalCache', cache);
    app.decorate('tokenCache', tokens);
    app.decorateRequest('principal', null);
    done();
  },
  { name: 'auth', dependencies: ['config', 'database', 'rate-limit'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    principalCache: PrincipalCache;
    tokenCache: VerifiedTokenCache;
    /** Stop accepting cached verifications of a user's tokens (call on sign-out / password change). */
    forgetTokensOf(sub: string): void;
  }
}

export function authenticate(app: FastifyInstance, pool: Pool): onRequestAsyncHookHandler {
  return async (request, reply) => {
    await verifiedPrincipal(request);
    await app.limitSignedInUser(request, reply);
  };

  async function verifiedPrincipal(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw new AuthError('notLoggedIn', 'no Authorization header');
    const match = bearerPattern.exec(header);
    if (!match?.[1]) throw new AuthError('invalidTokenFormat', 'Authorization is not "Bearer <JWT>"');
    const token = match[1];
    const cacheKey = `${pool}:${token}`;
    let claims = app.tokenCache.get(cacheKey);
    if (!claims) {
      try {
        claims = checkClaims(await app.verifier.verify(token, pool));
      } catch (error) {
        if (error instanceof AuthError) throw error;
        request.log.warn({ err: error }, 'token verifier failed');
        throw new AuthError('notLoggedIn', 'verifier error', 'tokenRejected');
      }
      app.tokenCache.set(cacheKey, claims);
    }
    const key = `${pool}:${claims.sub}`;
    const cached = app.principalCache.get(key);
    if (cached && cached.email === claims.email) {
      request.principal = cached;
      return;
    }
    const principal = await loadOrCreatePrincipal(app.db, pool, claims);
    app.principalCache.set(key, principal);
    request.principal = principal;
  }
}
