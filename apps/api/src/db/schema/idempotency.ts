import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

export const idempotencyKeyStates = ['running', 'committed', 'done'] as const;

/**
 * One row per `Idempotency-Key` a signed-in user sent to a creating POST (src/idempotency): the
 * claim while the first request runs, then its answer, replayed to a retry with the same key and
 * body until `expires_at` (24 hours); the `idempotency.expire` job deletes what has expired.
 *
 * - `fingerprint`: the method, route, parameters and body (a multipart body part by part); null
 *   only while a multipart body is still being read.
 * - `owner`: the process running the first request; a claim whose owner has died may be taken
 *   over, unless its `state` is `committed`: the request's transaction committed (the state is
 *   written inside it) and its process died before it stored the answer.
 * - `status`, `content_type`, `body`: the answer as it was sent, once `state` is `done`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint'),
    state: text('state', { enum: idempotencyKeyStates }).notNull().default('running'),
    owner: text('owner').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('running', 'committed', 'done')`),
  ],
);
