import type { Principal } from './types.js';

/**
 * Short-lived cache of principals by pool and sub, so a burst of requests from one user costs
 * one user-row read. A change signals every process through the event bus
 * (auth.principalChanged, `app.withPrincipalChange`), which drops the user's entry; the TTL
 * (AUTH_CACHE_TTL_MS, 0 disables) bounds what a lost signal could cost.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): Principal | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: Principal): void {
    if (this.ttlMs === 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { principal, expiresAt: Date.now() + this.ttlMs });
  }

  deleteUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.principal.userId === userId) this.entries.delete(key);
  }

  /** Forget everything (the event bus reconnected: signals may have been missed). */
  clear(): void {
    this.entries.clear();
  }
}
