import type { VerifiedAccessClaims, VerifiedClaims } from './types.js';

/** What a verified token said: an ID token's claims or an access token's. */
export type CachedClaims = VerifiedClaims | VerifiedAccessClaims;

/**
 * Remembers tokens that verified (callers key ID and access tokens apart), for at most AUTH_CACHE_TTL_MS and never past their `exp`, so
 * a client's burst of calls costs one signature check (and one revocation lookup of the
 * embedded identity service). A sign-out or revocation reaches every process within about a
 * second through the event bus (auth.sessionsEnded drops the user's entries); the TTL bounds
 * what a lost signal could cost. 0 disables.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { claims: CachedClaims; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): CachedClaims | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.claims;
  }

  set(key: string, claims: CachedClaims): void {
    if (this.ttlMs === 0) return;
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
    const until = Math.min(Date.now() + this.ttlMs, exp);
    if (until <= Date.now()) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { claims, until });
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
