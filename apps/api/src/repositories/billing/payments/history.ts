import type { Executor } from '../../../db/client.js';
import { recordHistory } from '../../history.js';
import type { ActorContext } from '../../users.js';
import type { Allocation, LockedInvoice } from './locks.js';

/*
 * A payment's history is written on each request it pays into, so each matter's history shows
 * the money of its own invoices only.
 */

/** `payment.record` on the request of each invoice an allocation pays into. */
export async function recordAllocationHistory(
  tx: Executor,
  paymentId: string,
  locked: LockedInvoice[],
  allocations: Allocation[],
  actor: ActorContext,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const byId = new Map(locked.map((invoice) => [invoice.id, invoice]));
  for (const allocation of allocations) {
    const invoice = byId.get(allocation.invoiceId)!;
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'payment.record',
      entityType: 'payment',
      entityId: paymentId,
      projectId: invoice.projectId,
      requestId: invoice.requestId,
      changes: { name: invoice.number, invoiceId: invoice.id, amount: allocation.amount, ...extra },
      traceId: actor.traceId,
      ip: actor.ip,
    });
  }
}

/** `payment.confirm` on the request of one invoice the confirmed payment pays into. */
export async function recordConfirmHistory(
  tx: Executor,
  paymentId: string,
  invoice: LockedInvoice,
  amount: number,
  actor: ActorContext,
): Promise<void> {
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action: 'payment.confirm',
    entityType: 'payment',
    entityId: paymentId,
    projectId: invoice.projectId,
    requestId: invoice.requestId,
    changes: { name: invoice.number, invoiceId: invoice.id, amount },
    traceId: actor.traceId,
    ip: actor.ip,
  });
}
