import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/**
 * Append-only history of who changed what and when. A trigger (migration 0001) rejects
 * UPDATE and DELETE. `changes` holds `{ field: [before, after] }` for updates.
 */
export const history = pgTable(
  'history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorKind: text('actor_kind', { enum: ['user', 'system', 'identity'] }).notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    projectId: uuid('project_id'),
    requestId: uuid('request_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    /** The HTTP request id that caused the change, to join with the logs. */
    traceId: text('trace_id'),
    ip: text('ip'),
  },
  (t) => [
    index('history_entity_idx').on(t.entityType, t.entityId, t.occurredAt),
    index('history_project_idx').on(t.projectId, t.occurredAt),
    index('history_actor_idx').on(t.actorUserId, t.occurredAt),
    check('history_actor_kind_check', sql`${t.actorKind} in ('user', 'system', 'identity')`),
  ],
);
