import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { requests } from '../../../db/schema/index.js';
import { recordHistory } from '../../history.js';
import type { ActorContext } from '../../users.js';
import type { StartableConcierge } from './startable.js';

/**
 * The concierge office joins the request as its coordinator and the state becomes
 * awaitingPayment, following the fee invoice (`request.concierge.start`); returns the history
 * entry's id, which the office's arrival notice names.
 */
export async function markConciergeStarted(
  tx: Executor,
  { request, firm }: StartableConcierge,
  invoice: { id: string; number: string },
  actor: ActorContext,
): Promise<number> {
  const now = new Date();
  await tx
    .update(requests)
    .set({
      concierge: 'awaitingPayment',
      coordinatorFirmId: firm.id,
      conciergeInvoiceId: invoice.id,
      conciergeStartedAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(eq(requests.id, request.id));
  return recordHistory(tx, {
    actorUserId: actor.userId,
    action: 'request.concierge.start',
    entityType: 'request',
    entityId: request.id,
    projectId: request.projectId,
    requestId: request.id,
    changes: {
      name: invoice.number,
      concierge: ['notUsed', 'awaitingPayment'],
      coordinatorFirmId: firm.id,
      invoiceId: invoice.id,
    },
    traceId: actor.traceId,
    ip: actor.ip,
  });
}
