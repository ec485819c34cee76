import type { VerifiedAccessClaims, VerifiedClaims } from './types.js';

/** What a verified token said: an ID token's claims or an access token's. */
export type CachedClaims = VerifiedClaims | VerifiedAccessClaims;

/**
 * Remembers tokens that verified (within a scope: ID or access token, and pool), for at most AUTH_CACHE_TTL_MS and never past their `exp`, so
 * a client's burst of calls costs one signature check (and one revocation lookup of the
 * embedded identity service). A sign-out or revocation reaches every process within about a
 * second through the event bus (auth.sessionsEnded drops the user's entries); the TTL bounds
 * what a lost signal could cost. 0 disables.
 */
export class VerifiedTokenCache {
  // Keyed by the token itself (it is unique): a key built as scope + token would copy and hash
  // a string of about a kilobyte on every request. The scope is checked on the way out.
  private readonly entries = new Map<string, { scope: string; claims: CachedClaims; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** What `token` verified as within `scope` (its use and pool, e.g. `id:REGULAR`), if remembered. */
  get(scope: string, token: string): CachedClaims | undefined {
    const entry = this.entries.get(token);
    if (!entry || entry.scope !== scope) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  set(scope: string, token: string, claims: CachedClaims): void {
    if (this.ttlMs === 0) return;
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
    const until = Math.min(Date.now() + this.ttlMs, exp);
    if (until <= Date.now()) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { scope, claims, until });
  }

  /** Forget every token of a user (e.g. after a sign-out handled by this instance). */
  deleteSub(sub: string): void {
    for (const [key, entry] of this.entries) if (entry.claims.sub === sub) this.entries.delete(key);
  }

  /** Forget everything (the event bus reconnected: signals may have been missed). */
  clear(): void {
    this.entries.clear();
  }
}
