import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/**
 * Request budgets shared by every API process when no Redis is configured (src/rate-limit).
 * UNLOGGED (see the migration): counters need no durability, so they skip the WAL.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

/**
 * Failed sign-ins of the embedded identity service, per typed user name (`user:<pool>:<name>`)
 * and per client address (`ip:<address>`), shared by every process. Keys are what the caller
 * typed, so an unknown user name locks exactly like a real one.
 */
export const identitySignInFailures = pgTable('identity_sign_in_failures', {
  key: text('key').primaryKey(),
  /** Failures since `window_started_at`; reset when the window passes or a lock starts. */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: instant('window_started_at').notNull().defaultNow(),
  /** Locks so far: each doubles the next lock's length. */
  locks: integer('locks').notNull().default(0),
  lockedUntil: instant('locked_until'),
  lastFailedAt: instant('last_failed_at').notNull().defaultNow(),
});
