import type { FastifyBaseLogger, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { loadOrCreatePrincipal } from '../repositories/users.js';
import { AuthError } from './errors.js';
import type { Pool, Principal, VerifiedClaims } from './types.js';

const bearerPattern = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

function checkClaims(claims: VerifiedClaims): VerifiedClaims {
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw new AuthError('attributeDoesNotExist', 'token has no sub');
  if (typeof claims.email !== 'string' || claims.email === '')
    throw new AuthError('attributeDoesNotExist', 'token has no email');
  return claims;
}

/**
 * The onRequest hook the /user (REGULAR) and /patent (PATENT) namespaces install: a bearer ID
 * token of the pool, verified (cached), then the caller's principal (cached) and their request
 * budget. It runs before the body is parsed, so anonymous callers cost no parsing or validation.
 * Needs the auth plugin's decorators (plugins/auth.ts).
 */
export function authenticate(app: FastifyInstance, pool: Pool): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) throw new AuthError('notLoggedIn', 'no Authorization header');
    const match = bearerPattern.exec(header);
    if (!match?.[1]) throw new AuthError('invalidTokenFormat', 'Authorization is not "Bearer <JWT>"');
    request.principal = (await signedInCaller(app, match[1], pool, request.log)).principal;
    await app.limitSignedInUser(request, reply);
  };
}

/** A verified token's claims and the portal user it names. */
export interface SignedInCaller {
  claims: VerifiedClaims;
  principal: Principal;
}

/**
 * Verifies an ID token of `pool` (through the token cache) and loads its principal (through the
 * principal cache): the one path from a token to a caller, for the REST hook and the realtime
 * socket alike. Throws `AuthError`.
 */
export async function signedInCaller(
  app: FastifyInstance,
  token: string,
  pool: Pool,
  log: FastifyBaseLogger,
): Promise<SignedInCaller> {
  const cacheKey = `${pool}:${token}`;
  let claims = app.tokenCache.get(cacheKey);
  if (!claims) {
    try {
      claims = checkClaims(await app.verifier.verify(token, pool));
    } catch (error) {
      if (error instanceof AuthError) throw error;
      log.warn({ err: error }, 'token verifier failed');
      throw new AuthError('notLoggedIn', 'verifier error', 'tokenRejected');
    }
    app.tokenCache.set(cacheKey, claims);
  }
  const key = `${pool}:${claims.sub}`;
  const cached = app.principalCache.get(key);
  if (cached && cached.email === claims.email) return { claims, principal: cached };
  const principal = await loadOrCreatePrincipal(app.db, pool, claims);
  app.principalCache.set(key, principal);
  return { claims, principal };
}
