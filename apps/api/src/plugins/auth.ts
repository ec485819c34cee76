import fp from 'fastify-plugin';
import { PrincipalCache } from '../auth/principal-cache.js';
import { VerifiedTokenCache } from '../auth/token-cache.js';
import type { SecondFactors, TokenVerifier } from '../auth/types.js';
import type { Executor } from '../db/client.js';

/**
 * The caches and decorators the auth hook (`src/auth/authenticate.ts`) reads: `app.verifier`
 * checks tokens, the principal and token caches are dropped on every process when a user changes
 * or signs out.
 */
export const authPlugin = fp<{ verifier: TokenVerifier; secondFactors: SecondFactors }>(
  (app, { verifier, secondFactors }, done) => {
    const cache = new PrincipalCache(app.config.authCacheTtlMs);
    const tokens = new VerifiedTokenCache(app.config.authCacheTtlMs);
    app.decorate('verifier', verifier);
    app.decorate('secondFactors', secondFactors);
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
    /** Users' second factors as the identity provider knows them (unavailable in AWS Cognito mode). */
    secondFactors: SecondFactors;
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
