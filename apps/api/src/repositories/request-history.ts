import { historyActions, refuse, type Refused, type RequestHistoryEntry } from '@ipportal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { deals, history, invoices, payments, users } from '../db/schema/index.js';
import { findVisibleRequest, type VisibleRequest } from './request-access.js';

/**
 * The office whose money an entry tells of: the estimate's, the invoice's or the payment's
 * office; null for every other entry. Raw fragments name their tables (a bare column in a
 * subquery would mean the subquery's table).
 */
const moneyFirmSql = sql<string | null>`(case ${history}.entity_type
  when 'deal' then (select ${deals}.firm_id from ${deals} where ${deals}.id = ${history}.entity_id)
  when 'invoice' then (select ${invoices}.firm_id from ${invoices} where ${invoices}.id = ${history}.entity_id)
  when 'payment' then (select ${payments}.firm_id from ${payments} where ${payments}.id = ${history}.entity_id)
end)`;

type Changes = Record<string, unknown> | null;

/**
 * What an office reads of an entry (ADR 0019), or undefined when it reads nothing of it: the
 * entries of estimates, invoices and payments only when they are its own office's; the
 * concierge's start and payment, which name the concierge's fee invoice, only as the change of
 * the request's concierge state unless it is the concierge itself; every other entry whole.
 * Clients read every entry of a request they see.
 */
function officeReading(
  principal: Principal,
  request: VisibleRequest,
  entry: { action: string; moneyFirmId: string | null; changes: Changes },
): { changes: Changes } | undefined {
  if (principal.userType !== 'PATENT') return { changes: entry.changes };
  if (entry.moneyFirmId !== null) {
    return entry.moneyFirmId === principal.firmId ? { changes: entry.changes } : undefined;
  }
  if (entry.action.startsWith('request.concierge.') && request.coordinatorFirmId !== principal.firmId) {
    return { changes: entry.changes ? { concierge: entry.changes.concierge } : null };
  }
  return { changes: entry.changes };
}

/**
 * Every history entry recorded with the request's id that the caller may read (see
 * `officeReading`), oldest first, with the actor's current name and side. Refused when the caller
 * may not see the request.
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
      moneyFirmId: moneyFirmSql,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.actorUserId))
    .where(eq(history.requestId, request.id))
    .orderBy(asc(history.occurredAt), asc(history.id));
  // `recordHistory` writes only listed actions; a row written past it (by hand, or by a retired
  // action) is not one the history can name, so it is left out rather than failing the answer.
  return rows.flatMap(({ action, ...row }) => {
    if (!historyActions.has(action)) return [];
    const reading = officeReading(principal, request, {
      action,
      moneyFirmId: row.moneyFirmId,
      changes: row.changes,
    });
    if (!reading) return [];
    return [
      {
        id: row.id,
        occurredAt: row.occurredAt.toISOString(),
        action,
        actor: {
          id: row.actorId,
          name: row.actorName ?? '',
          side: row.actorType === 'PATENT' ? 'office' : row.actorType === 'REGULAR' ? 'client' : 'system',
        },
        changes: reading.changes,
      } satisfies RequestHistoryEntry,
    ];
  });
}
