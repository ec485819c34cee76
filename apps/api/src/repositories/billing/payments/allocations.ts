import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { paymentAllocations, payments } from '../../../db/schema/index.js';
import type { Allocation } from './locks.js';

/*
 * A payment's allocations: the invoices it pays and how much into each. The invoices' paid and
 * pending sums follow them by trigger (docs/adr/0042-invoice-payment-sums.md); these sums are
 * read here only to check a new allocation, leaving out the payment being re-matched.
 */

/** Sum of allocations per invoice, of every payment (or only confirmed ones), leaving one payment out. */
export async function allocatedSums(
  tx: Executor,
  invoiceIds: string[],
  options: { confirmedOnly?: boolean; exceptPaymentId?: string } = {},
): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const conditions: (SQL | undefined)[] = [inArray(paymentAllocations.invoiceId, invoiceIds)];
  if (options.exceptPaymentId)
    conditions.push(sql`${paymentAllocations.paymentId} <> ${options.exceptPaymentId}`);
  if (options.confirmedOnly) conditions.push(eq(payments.status, 'confirmed'));
  const rows = await tx
    .select({
      invoiceId: paymentAllocations.invoiceId,
      sum: sql<string>`sum(${paymentAllocations.amount})`,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(...conditions))
    .groupBy(paymentAllocations.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, Number(row.sum)]));
}

/** A payment's allocations as stored. */
export async function allocationsOf(tx: Executor, paymentId: string): Promise<Allocation[]> {
  return tx
    .select({ invoiceId: paymentAllocations.invoiceId, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId));
}

export async function insertAllocations(
  tx: Executor,
  paymentId: string,
  allocations: Allocation[],
): Promise<void> {
  if (allocations.length === 0) return;
  await tx.insert(paymentAllocations).values(allocations.map((allocation) => ({ paymentId, ...allocation })));
}

/** Replaces a payment's allocations (matching a transfer, or correcting one). */
export async function replaceAllocations(
  tx: Executor,
  paymentId: string,
  allocations: Allocation[],
): Promise<void> {
  await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
  await insertAllocations(tx, paymentId, allocations);
}
