/**
 * Failed sign-in tracking with a growing lockout, per user name and per client IP.
 *
 * Keys are what the caller typed (normalised), not user ids, so an unknown user name locks exactly
 * like a real one and the lockout itself reveals nothing. State lives in memory: the embedded
 * service runs as one process; a restart forgets lockouts (documented in the README).
 */
export interface LockoutRule {
  /** Failures within `windowSeconds` that trigger a lock. */
  maxFailures: number;
  windowSeconds: number;
  /** First lock length; every further lock of the same key doubles it, up to `maxLockSeconds`. */
  baseLockSeconds: number;
  maxLockSeconds: number;
}

export interface LockoutPolicy {
  user: LockoutRule;
  ip: LockoutRule;
}

export const defaultLockoutPolicy: LockoutPolicy = {
  user: { maxFailures: 5, windowSeconds: 15 * 60, baseLockSeconds: 60, maxLockSeconds: 60 * 60 },
  // Several people can share one address (offices behind NAT), so the per-IP rule is looser.
  ip: { maxFailures: 30, windowSeconds: 15 * 60, baseLockSeconds: 60, maxLockSeconds: 60 * 60 },
};

interface Entry {
  failures: number[];
  lockedUntil: number;
  locks: number;
  lastSeen: number;
}

/** Forget a key's lock history after a day without failures. */
const forgetAfterMs = 24 * 60 * 60 * 1000;
const sweepAboveEntries = 10_000;

class FailureCounter {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly rule: LockoutRule) {}

  lockedUntil(key: string, now: number): number | undefined {
    const entry = this.entries.get(key);
    return entry && entry.lockedUntil > now ? entry.lockedUntil : undefined;
  }

  recordFailure(key: string, now: number): void {
    this.sweep(now);
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0, locks: 0, lastSeen: now };
    if (now - entry.lastSeen > forgetAfterMs) entry.locks = 0;
    entry.lastSeen = now;
    entry.failures = entry.failures.filter((at) => now - at < this.rule.windowSeconds * 1000);
    entry.failures.push(now);
    if (entry.failures.length >= this.rule.maxFailures) {
      entry.locks += 1;
      const seconds = Math.min(this.rule.baseLockSeconds * 2 ** (entry.locks - 1), this.rule.maxLockSeconds);
      entry.lockedUntil = now + seconds * 1000;
      entry.failures = [];
    }
    this.entries.set(key, entry);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (this.entries.size < sweepAboveEntries) return;
    for (const [key, entry] of this.entries) {
      if (entry.lockedUntil <= now && now - entry.lastSeen > forgetAfterMs) this.entries.delete(key);
    }
  }
}

export class SignInLockout {
  private readonly users: FailureCounter;
  private readonly ips: FailureCounter;

  constructor(
    policy: LockoutPolicy = defaultLockoutPolicy,
    private readonly clock: () => number = Date.now,
  ) {
    this.users = new FailureCounter(policy.user);
    this.ips = new FailureCounter(policy.ip);
  }

  /** Whether a sign-in for this user name from this address must be refused without looking at the password. */
  isLocked(userKey: string, ip: string): boolean {
    const now = this.clock();
    return this.users.lockedUntil(userKey, now) !== undefined || this.ips.lockedUntil(ip, now) !== undefined;
  }

  recordFailure(userKey: string, ip: string): void {
    const now = this.clock();
    this.users.recordFailure(userKey, now);
    this.ips.recordFailure(ip, now);
  }

  /** A correct password clears the user's failures (not the address's: others may be guessing from it). */
  recordSuccess(userKey: string): void {
    this.users.reset(userKey);
  }
}
