import { refuse, type Refused } from '@ipportal/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { invoices, payments } from '../../../db/schema/index.js';
import { invoiceScope } from '../payment-access.js';

/*
 * The rows a payment write locks first. Invoices are locked in id order, so two writers never wait
 * on each other crosswise; whatever is read about them after the lock (their allocations) is what
 * the writer's check sees, so of two transfers racing for one invoice the second sees the first.
 */

/** An invoice's allocation: part of a transfer paid into it. */
export type Allocation = { invoiceId: string; amount: number };

/** The client side a payment is billed to: an organization, or a user without one. */
export type Billed = { billedOrganizationId: string | null; billedUserId: string | null };

export interface LockedInvoice extends Billed {
  id: string;
  firmId: string;
  kind: 'invoice' | 'creditNote';
  status: 'draft' | 'issued' | 'paid' | 'void';
  number: string | null;
  projectId: string;
  requestId: string;
  amountToTransfer: number;
}

/** Locks the invoices the caller sees among `ids`, in id order; fewer rows than ids: some are not theirs. */
export async function lockInvoices(
  tx: Executor,
  principal: Principal,
  ids: string[],
): Promise<LockedInvoice[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: invoices.id,
      firmId: invoices.firmId,
      kind: invoices.kind,
      status: invoices.status,
      number: invoices.number,
      projectId: invoices.projectId,
      requestId: invoices.requestId,
      amountToTransfer: invoices.amountToTransfer,
      billedOrganizationId: invoices.billedOrganizationId,
      billedUserId: invoices.billedUserId,
    })
    .from(invoices)
    .where(and(inArray(invoices.id, ids), invoiceScope(principal)))
    .orderBy(asc(invoices.id))
    .for('update', { of: invoices });
}

export type PaymentRecord = typeof payments.$inferSelect;

/** Locks a payment of the caller's office that is not confirmed yet. */
export async function lockOwnUnconfirmed(
  tx: Executor,
  principal: Principal,
  paymentId: string,
): Promise<PaymentRecord | Refused<'paymentNotFound' | 'paymentAlreadyConfirmed'>> {
  if (principal.userType !== 'PATENT' || !principal.firmId) return refuse('paymentNotFound');
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.firmId, principal.firmId)))
    .limit(1)
    .for('update');
  if (!row) return refuse('paymentNotFound');
  if (row.status === 'confirmed') return refuse('paymentAlreadyConfirmed');
  return row;
}
