import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AuthError } from '../auth/errors.js';
import { PrincipalCache } from '../auth/principal-cache.js';
import { VerifiedTokenCache } from '../auth/token-cache.js';
import type { Pool, TokenVerifier, VerifiedClaims } from '../auth/types.js';
import type { Executor } from '../db/client.js';
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
    app.decorate(
      'withPrincipalChange',
      async <T>(
        userId: string,
        work: (tx: Executor) => Promise<T>,
        changed: (result: T) => boolean = () => true,
      ): Promise<T> => {
        // The signal rides in the change's transaction: every process (this one too) drops the
        // user's principal when, and only if, the change commits.
        const result = await app.db.transaction(async (tx) => {
          const value = await work(tx);
          if (changed(value)) await app.bus.publish(tx, { topic: 'auth.principalChanged', id: userId });
          return value;
        });
        // At once here, without waiting for the notification to come back.
        if (changed(result)) cache.deleteUser(userId);
        return result;
      },
    );
    app.decorate('principalCache', cache);
    app.decorate('tokenCache', tokens);
    app.decorateRequest('principal', null);

    // Other processes' changes: a sign-out or revocation drops the user's verified tokens (the
    // next call is verified again, and the embedded verifier's revocation lookup refuses it); a
    // changed role, organization or office drops the loaded user. Signals sent while this
    // process was not listening are lost, so a (re)connect of the listener clears both caches.
    const unsubscribe = [
      app.bus.subscribe('auth.sessionsEnded', ({ id }) => tokens.deleteSub(id)),
      app.bus.subscribe('auth.principalChanged', ({ id }) => cache.deleteUser(id)),
      app.bus.onResync(() => {
        tokens.clear();
        cache.clear();
      }),
    ];
    app.addHook('onClose', (_instance, closed) => {
      for (const stop of unsubscribe) stop();
      closed();
    });
    done();
  },
  { name: 'auth', dependencies: ['config', 'database', 'events', 'rate-limit'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    principalCache: PrincipalCache;
    tokenCache: VerifiedTokenCache;
    /** Stop accepting cached verifications of a user's tokens on this process (the identity service also signals every process). */
    forgetTokensOf(sub: string): void;
    /**
     * Runs `work` in a transaction that also tells every API process to drop the user's cached
     * principal (role, organization, office, locale) when it commits; `changed` may skip the
     * signal for an outcome that changed nothing.
     */
    withPrincipalChange<T>(
      userId: string,
      work: (tx: Executor) => Promise<T>,
      changed?: (result: T) => boolean,
    ): Promise<T>;
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
