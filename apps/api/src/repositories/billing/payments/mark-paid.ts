import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { invoices, requests } from '../../../db/schema/index.js';
import { recordHistory } from '../../history.js';
import type { ActorContext } from '../../users.js';
import type { LockedInvoice } from './locks.js';

/**
 * An invoice paid in full: its status and time, `invoice.paid`, and the concierge state it drives
 * (a request awaiting its concierge fee becomes paid: `request.concierge.paid`).
 */
export async function markInvoicePaid(
  tx: Executor,
  invoice: LockedInvoice,
  now: Date,
  actor: ActorContext,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: now, updatedAt: now, updatedBy: actor.userId })
    .where(eq(invoices.id, invoice.id));
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action: 'invoice.paid',
    entityType: 'invoice',
    entityId: invoice.id,
    projectId: invoice.projectId,
    requestId: invoice.requestId,
    changes: { name: invoice.number, status: ['issued', 'paid'] },
    traceId: actor.traceId,
    ip: actor.ip,
  });
  const moved = await tx
    .update(requests)
    .set({ concierge: 'paid', updatedAt: now, updatedBy: actor.userId })
    .where(and(eq(requests.conciergeInvoiceId, invoice.id), eq(requests.concierge, 'awaitingPayment')))
    .returning({ id: requests.id, projectId: requests.projectId });
  for (const request of moved) {
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.concierge.paid',
      entityType: 'request',
      entityId: request.id,
      projectId: request.projectId,
      requestId: request.id,
      changes: { name: invoice.number, concierge: ['awaitingPayment', 'paid'] },
      traceId: actor.traceId,
      ip: actor.ip,
    });
  }
}
