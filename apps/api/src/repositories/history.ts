import type { HistoryAction } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import { history } from '../db/schema/index.js';

export interface HistoryEntry {
  actorUserId: string | null;
  actorKind?: 'user' | 'system' | 'identity';
  /** What happened: a value of the domain's `historyActions` (a new kind of event is added there). */
  action: HistoryAction;
  entityType: string;
  entityId?: string | null;
  projectId?: string | null;
  requestId?: string | null;
  changes?: Record<string, unknown> | null;
  traceId?: string | null;
  ip?: string | null;
  /**
   * When it happened; the database's clock by default. Only the demo seed passes one: it writes
   * the history of actions it dates in the past.
   */
  occurredAt?: Date;
}

/** Appends to the audit trail; call it inside the transaction that makes the change. Answers the entry's id. */
export async function recordHistory(db: Executor, entry: HistoryEntry): Promise<number> {
  const [row] = await db
    .insert(history)
    .values({
      actorUserId: entry.actorUserId,
      actorKind: entry.actorKind ?? (entry.actorUserId ? 'user' : 'system'),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      projectId: entry.projectId ?? null,
      requestId: entry.requestId ?? null,
      changes: entry.changes ?? null,
      traceId: entry.traceId ?? null,
      ip: entry.ip ?? null,
      ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
    })
    .returning({ id: history.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** `{ field: [before, after] }` for the fields whose value changed. */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key] ?? null, value];
  }
  return changes;
}
