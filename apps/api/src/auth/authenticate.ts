import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { findPrincipalBySub, loadOrCreatePrincipal } from '../repositories/users.js';
import { AuthError } from './errors.js';
import type { CachedClaims } from './token-cache.js';
import type { Pool, Principal, VerifiedAccessClaims, VerifiedClaims } from './types.js';

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
  /** Anything but a known caller waits for the address budget first: a flood is refused before any verification. */
  const afterAddressBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.limitAddress(request, reply);
    const header = request.headers.authorization;
    if (!header) throw new AuthError('notLoggedIn', 'no Authorization header');
    const token = bearerPattern.exec(header)?.[1];
    if (!token) throw new AuthError('invalidTokenFormat', 'Authorization is not "Bearer <JWT>"');
    request.principal = (await signedInCaller(app, token, pool, request.log)).principal;
    await app.limitSignedInUser(request, reply);
  };
  // It runs on every request: a caller both caches know (the usual case) goes straight to the
  // budgets, both counted in one round trip, without the verification's promise. The cache
  // holds only tokens that verified, so a hit needs no check of the header's form.
  return (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const known = token ? cachedIdTokenCaller(app, token, pool) : undefined;
    if (!known) return afterAddressBudget(request, reply);
    request.principal = known.principal;
    return app.limitSignedInUser(request, reply);
  };
}

/** A verified token's claims and the portal user it names. */
export interface SignedInCaller {
  claims: CachedClaims;
  principal: Principal;
}

/**
 * Which tokens a caller may present: REST takes ID tokens only; the realtime socket takes an
 * access token too, as AppSync does for a user pool (Amplify's `authMode: 'userPool'` sends it).
 */
export type AcceptedTokens = 'idToken' | 'idOrAccessToken';

const isAccessClaims = (claims: CachedClaims): claims is VerifiedAccessClaims =>
  claims.token_use === 'access';

/** The `token_use` a JWT says it has, read without verifying (verification checks it again). */
function claimedTokenUse(token: string): unknown {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null
      ? (payload as { token_use?: unknown }).token_use
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a token of `pool` (through the token cache) and loads its principal (through the
 * principal cache): the one path from a token to a caller, for the REST hook and the realtime
 * socket alike. Throws `AuthError`.
 */
export async function signedInCaller(
  app: FastifyInstance,
  token: string,
  pool: Pool,
  log: FastifyBaseLogger,
  accepted: AcceptedTokens = 'idToken',
): Promise<SignedInCaller> {
  if (accepted === 'idOrAccessToken' && claimedTokenUse(token) === 'access')
    return accessTokenCaller(app, token, pool, log);
  // The REST hook looked here before it waited for the address budget, but a request of the same
  // caller may have filled the caches meanwhile, and the realtime socket comes here first.
  const known = cachedIdTokenCaller(app, token, pool);
  if (known) return known;
  let claims = cachedIdClaims(app, token, pool);
  if (!claims) {
    claims = checkClaims(await verified(() => app.verifier.verify(token, pool), log));
    app.tokenCache.set(`id:${pool}`, token, claims);
  }
  const key = `${pool}:${claims.sub}`;
  const cached = app.principalCache.get(key);
  if (cached && cached.email === claims.email) return { claims, principal: cached };
  const principal = await loadOrCreatePrincipal(app.db, pool, claims);
  app.principalCache.set(key, principal);
  return { claims, principal };
}

/** An ID token's claims as verified before (the token cache), if they are still remembered. */
function cachedIdClaims(app: FastifyInstance, token: string, pool: Pool): VerifiedClaims | undefined {
  const claims = app.tokenCache.get(`id:${pool}`, token);
  return claims && !isAccessClaims(claims) ? claims : undefined;
}

/** The caller of an ID token that both caches remember (token and principal), without waiting. */
function cachedIdTokenCaller(app: FastifyInstance, token: string, pool: Pool): SignedInCaller | undefined {
  const claims = cachedIdClaims(app, token, pool);
  if (!claims) return undefined;
  const principal = app.principalCache.get(`${pool}:${claims.sub}`);
  return principal && principal.email === claims.email ? { claims, principal } : undefined;
}

/**
 * An access token names its user by `sub` only, so it signs in a user the portal already knows
 * (their first ID token created the row); revocation and sign-out are checked by the verifier
 * and end cached entries exactly as for ID tokens (the cache drops a user's tokens by `sub`).
 */
async function accessTokenCaller(
  app: FastifyInstance,
  token: string,
  pool: Pool,
  log: FastifyBaseLogger,
): Promise<SignedInCaller> {
  const scope = `access:${pool}`;
  const cachedClaims = app.tokenCache.get(scope, token);
  let claims = cachedClaims && isAccessClaims(cachedClaims) ? cachedClaims : undefined;
  if (!claims) {
    claims = await verified(() => app.verifier.verifyAccess(token, pool), log);
    app.tokenCache.set(scope, token, claims);
  }
  const key = `${pool}:${claims.sub}`;
  const cached = app.principalCache.get(key);
  if (cached) return { claims, principal: cached };
  const principal = await findPrincipalBySub(app.db, pool, claims.sub);
  if (!principal)
    throw new AuthError('attributeDoesNotExist', 'an access token of a user the portal does not know yet');
  app.principalCache.set(key, principal);
  return { claims, principal };
}

/** Runs a verification; a verifier that fails other than with `AuthError` is logged and refused. */
async function verified<T>(verify: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof AuthError) throw error;
    log.warn({ err: error }, 'token verifier failed');
    throw new AuthError('notLoggedIn', 'verifier error', 'tokenRejected');
  }
}
