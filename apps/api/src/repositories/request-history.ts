import { historyActions, refuse, type Refused, type RequestHistoryEntry } from '@ipportal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { history, users } from '../db/schema/index.js';
import { findVisibleRequest } from './request-access.js';

/**
 * Every history entry recorded with the request's id, oldest first, with the actor's current name
 * and side. Refused when the caller may not see the request.
 */
export async function listRequestHistory(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<RequestHistoryEntry[] | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  const rows = await db
    .select({
      id: history.id,
      occurredAt: history.occurredAt,
      action: history.action,
      actorId: history.actorUserId,
      actorKind: history.actorKind,
      actorName: users.name,
      actorType: users.userType,
      changes: history.changes,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.actorUserId))
    .where(eq(history.requestId, request.id))
    .orderBy(asc(history.occurredAt), asc(history.id));
  // `recordHistory` writes only listed actions; a row written past it (by hand, or by a retired
  // action) is not one the history can name, so it is left out rather than failing the answer.
  return rows.flatMap(({ action, ...row }) =>
    historyActions.has(action)
      ? [
          {
            id: row.id,
            occurredAt: row.occurredAt.toISOString(),
            action,
            actor: {
              id: row.actorId,
              name: row.actorName ?? '',
              side: row.actorType === 'PATENT' ? 'office' : row.actorType === 'REGULAR' ? 'client' : 'system',
            },
            changes: row.changes ?? null,
          } satisfies RequestHistoryEntry,
        ]
      : [],
  );
}
