import { refuse, type Refused } from '@ipportal/domain';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { allocatedSums } from './allocations.js';
import { lockInvoices, type Allocation, type Billed, type LockedInvoice } from './locks.js';

/*
 * What a transfer may pay (一括支払い: one bank transfer allocated to invoices of one office and
 * one client). Invariant: an invoice's allocations, over all its payments, recorded or confirmed,
 * never exceed its amount to transfer. The invoices are locked before their allocations are read,
 * so a second transfer racing for one invoice is refused with nothing written.
 */

export type AllocationRefusal =
  | 'invoiceNotFound'
  | 'invoiceNotIssued'
  | 'invoiceAlreadyPaid'
  | 'paymentInvoicesOfOneOffice'
  | 'paymentInvoicesOfOneClient'
  | 'allocationExceedsBalance'
  | 'allocationsExceedAmount';

const billedKey = (billed: Billed) => `${billed.billedOrganizationId ?? ''}/${billed.billedUserId ?? ''}`;

/**
 * Locks and checks the invoices of some allocations: all visible to the caller, issued invoices
 * (not credit notes), unpaid, of one office and one billed client (`expect` pins either), each
 * allocation within the invoice's balance (leaving `exceptPaymentId`'s own allocations out).
 */
export async function lockAllocatable(
  tx: Executor,
  principal: Principal,
  allocations: Allocation[],
  amount: number,
  expect: { firmId?: string; billed?: Billed; exceptPaymentId?: string },
): Promise<LockedInvoice[] | Refused<AllocationRefusal>> {
  const total = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  if (total > amount) return refuse('allocationsExceedAmount');
  const ids = allocations.map((allocation) => allocation.invoiceId);
  const locked = await lockInvoices(tx, principal, ids);
  if (locked.length !== new Set(ids).size) return refuse('invoiceNotFound');
  for (const invoice of locked) {
    if (invoice.status === 'paid') return refuse('invoiceAlreadyPaid');
    if (invoice.status !== 'issued' || invoice.kind !== 'invoice') return refuse('invoiceNotIssued');
  }
  const firmIds = new Set([...(expect.firmId ? [expect.firmId] : []), ...locked.map((i) => i.firmId)]);
  if (firmIds.size > 1) return refuse('paymentInvoicesOfOneOffice');
  const billedKeys = new Set([
    ...(expect.billed ? [billedKey(expect.billed)] : []),
    ...locked.map((invoice) => billedKey(invoice)),
  ]);
  if (billedKeys.size > 1) return refuse('paymentInvoicesOfOneClient');
  const sums = await allocatedSums(
    tx,
    ids,
    expect.exceptPaymentId ? { exceptPaymentId: expect.exceptPaymentId } : {},
  );
  const byId = new Map(locked.map((invoice) => [invoice.id, invoice]));
  for (const allocation of allocations) {
    const invoice = byId.get(allocation.invoiceId)!;
    if (allocation.amount > invoice.amountToTransfer - (sums.get(invoice.id) ?? 0)) {
      return refuse('allocationExceedsBalance');
    }
  }
  return locked;
}

/** The numbers of the invoices among `invoiceRows` that the allocations pay into, in their order. */
export function numbersOf(invoiceRows: LockedInvoice[], allocations: Allocation[]): string[] {
  const ids = new Set(allocations.map((allocation) => allocation.invoiceId));
  return invoiceRows.filter((invoice) => ids.has(invoice.id)).map((invoice) => invoice.number ?? '');
}
