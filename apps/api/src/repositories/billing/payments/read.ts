import { refuse, type Payment, type Refused } from '@ipportal/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import {
  firms,
  invoices,
  organizations,
  paymentAllocations,
  payments,
  users,
} from '../../../db/schema/index.js';
import { invoiceScope, paymentScope } from '../payment-access.js';

/* Payments as the contract shows them: the office, the client and the users by name. */

const recorders = alias(users, 'payment_recorder');
const confirmers = alias(users, 'payment_confirmer');
const billedUsers = alias(users, 'payment_billed_user');

const paymentColumns = {
  row: payments,
  firmName: firms.name,
  organizationName: organizations.name,
  billedUserName: billedUsers.name,
  recorderName: recorders.name,
  confirmerName: confirmers.name,
};

/** Payments with the names of their office, client, recorder and confirmer (filtered by the caller). */
export function selectPayments(db: Executor) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(firms, eq(firms.id, payments.firmId))
    .leftJoin(organizations, eq(organizations.id, payments.billedOrganizationId))
    .leftJoin(billedUsers, eq(billedUsers.id, payments.billedUserId))
    .leftJoin(recorders, eq(recorders.id, payments.createdBy))
    .leftJoin(confirmers, eq(confirmers.id, payments.confirmedBy));
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

/**
 * Payments with their allocations; given a reader, only the allocations to invoices the reader
 * may see (a member sees a payment that pays one invoice of theirs, not the other matters'
 * invoices it pays). `unallocated` stays the payment's own.
 */
export async function toPayments(db: Executor, rows: PaymentRow[], reader?: Principal): Promise<Payment[]> {
  const ids = rows.map((row) => row.row.id);
  const allocations =
    ids.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentAllocations.paymentId,
            invoiceId: paymentAllocations.invoiceId,
            invoiceNumber: invoices.number,
            amount: paymentAllocations.amount,
          })
          .from(paymentAllocations)
          .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
          .where(inArray(paymentAllocations.paymentId, ids))
          .orderBy(asc(invoices.number), asc(invoices.id));
  const readable =
    reader && ids.length > 0
      ? new Set(
          (
            await db
              .select({ id: invoices.id })
              .from(invoices)
              .where(
                and(
                  inArray(invoices.id, [...new Set(allocations.map((allocation) => allocation.invoiceId))]),
                  invoiceScope(reader),
                ),
              )
          ).map((invoice) => invoice.id),
        )
      : undefined;
  return rows.map(({ row, ...names }) => {
    const own = allocations.filter((allocation) => allocation.paymentId === row.id);
    const allocated = own.reduce((sum, allocation) => sum + Number(allocation.amount), 0);
    const shown = own
      .filter((allocation) => !readable || readable.has(allocation.invoiceId))
      .map(({ invoiceId, invoiceNumber, amount }) => ({ invoiceId, invoiceNumber, amount: Number(amount) }));
    const clientId = row.billedOrganizationId ?? row.billedUserId ?? '';
    return {
      id: row.id,
      firm: { id: row.firmId, name: names.firmName },
      client: { id: clientId, name: names.organizationName ?? names.billedUserName ?? '' },
      recordedBy: row.recordedBySide,
      status: row.status,
      paidOn: row.paidOn,
      amount: Number(row.amount),
      remitterName: row.remitterName,
      bankFeeBorneBy: row.bankFeeBorneBy,
      note: row.note,
      allocations: shown,
      unallocated: Number(row.amount) - allocated,
      createdAt: row.createdAt.toISOString(),
      recordedByUser: row.createdBy ? { id: row.createdBy, name: names.recorderName ?? '' } : null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      confirmedBy: row.confirmedBy ? { id: row.confirmedBy, name: names.confirmerName ?? '' } : null,
    };
  });
}

/** A payment just written, as its writer answers it. */
export async function readPayment(db: Executor, id: string): Promise<Payment> {
  const rows = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  const [payment] = await toPayments(db, rows);
  if (!payment) throw new Error('payment not readable after its write');
  return payment;
}

/** One payment the caller may see. */
export async function getPayment(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<Payment | Refused<'paymentNotFound'>> {
  const rows = await selectPayments(db)
    .where(and(eq(payments.id, id), paymentScope(principal)))
    .limit(1);
  const [payment] = await toPayments(db, rows, principal);
  return payment ?? refuse('paymentNotFound');
}
