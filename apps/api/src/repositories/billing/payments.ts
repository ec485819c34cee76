import {
  formatYen,
  isRefused,
  refuse,
  refusePaidInFuture,
  todayInJapan,
  type Counterparty,
  type Payment,
  type Refused,
  type paymentListQuerySchema,
  type recordPaymentBodySchema,
  type recordReceivedPaymentBodySchema,
  webPathOf,
} from '@ipportal/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  firms,
  invoices,
  organizations,
  paymentAllocations,
  payments,
  requests,
  users,
} from '../../db/schema/index.js';
import type { MailQueue } from '../../mail/index.js';
import type { Publisher } from '../../events/index.js';
import { recordHistory } from '../history.js';
import { publishBillingChange } from './billing-signal.js';
import type { ActorContext } from '../users.js';
import { clientRecipients, mailDay, officeRecipients, type PortalLink } from './billing-notices.js';
import { invoiceScope, paymentScope } from './payment-access.js';

/*
 * Payments (一括支払い): one bank transfer allocated to invoices of one office and one client.
 * Invariant: an invoice's allocations (over all its payments, recorded or confirmed) never
 * exceed its amount to transfer. Every write that adds allocations locks the invoice rows first
 * (`select … for update`, in id order so two writers never wait on each other crosswise) and
 * reads the allocations after the lock: of two transfers racing for one invoice, the second
 * sees the first's allocation and is refused with nothing written.
 */

export interface PaymentNotices {
  queue: MailQueue;
  link: PortalLink;
  /** Tells the open screens of the office and the client side who see the payment, at commit. */
  bus: Publisher;
}

type Allocation = { invoiceId: string; amount: number };
type Billed = { billedOrganizationId: string | null; billedUserId: string | null };

interface LockedInvoice extends Billed {
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
async function lockInvoices(tx: Executor, principal: Principal, ids: string[]): Promise<LockedInvoice[]> {
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

/** Sum of allocations per invoice, of every payment (or only confirmed ones), leaving one payment out. */
async function allocatedSums(
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

type AllocationRefusal =
  | 'invoiceNotFound'
  | 'invoiceNotIssued'
  | 'invoiceAlreadyPaid'
  | 'paymentInvoicesOfOneOffice'
  | 'paymentInvoicesOfOneClient'
  | 'allocationExceedsBalance'
  | 'allocationsExceedAmount';

/**
 * Locks and checks the invoices of some allocations: all visible to the caller, issued invoices
 * (not credit notes), unpaid, of one office and one billed client (`expect` pins either), each
 * allocation within the invoice's balance (leaving `exceptPaymentId`'s own allocations out).
 */
async function checkAllocations(
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

const billedKey = (billed: Billed) => `${billed.billedOrganizationId ?? ''}/${billed.billedUserId ?? ''}`;

async function insertAllocations(tx: Executor, paymentId: string, allocations: Allocation[]): Promise<void> {
  if (allocations.length === 0) return;
  await tx.insert(paymentAllocations).values(allocations.map((allocation) => ({ paymentId, ...allocation })));
}

/** `payment.record` in the history of each request an allocation pays into. */
async function recordAllocationHistory(
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

/**
 * The client records one transfer paying issued, unpaid invoices of one office that it may see.
 * The office's users are mailed to confirm receipt. History: `payment.record` on each request.
 */
export async function recordClientPayment(
  db: Executor,
  principal: Principal,
  body: z.output<typeof recordPaymentBodySchema>,
  actor: ActorContext,
  notices: PaymentNotices,
): Promise<Payment | Refused> {
  const inFuture = refusePaidInFuture(body.paidOn, todayInJapan());
  if (inFuture) return inFuture;
  return db.transaction(async (tx) => {
    const locked = await checkAllocations(tx, principal, body.allocations, body.amount, {});
    if (isRefused(locked)) return locked;
    const first = locked[0]!;
    const billed = { billedOrganizationId: first.billedOrganizationId, billedUserId: first.billedUserId };
    const [created] = await tx
      .insert(payments)
      .values({
        firmId: first.firmId,
        ...billed,
        recordedBySide: 'client',
        paidOn: body.paidOn,
        amount: body.amount,
        remitterName: body.remitterName,
        bankFeeBorneBy: body.bankFeeBorneBy,
        note: body.note ?? null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: payments.id });
    if (!created) throw new Error('payment insert returned no row');
    await insertAllocations(tx, created.id, body.allocations);
    await recordAllocationHistory(tx, created.id, locked, body.allocations, actor);
    const payment = await readPayment(tx, created.id);
    const numbers = numbersOf(locked, body.allocations);
    for (const recipient of await officeRecipients(tx, first.firmId)) {
      await notices.queue(tx, {
        to: recipient.email,
        locale: recipient.locale,
        template: 'paymentRecorded',
        params: {
          clientName: payment.client.name,
          amount: formatYen(body.amount, recipient.locale),
          paidOn: mailDay(recipient.locale, body.paidOn),
          remitterName: body.remitterName,
          invoiceNumbers: numbers,
          url: notices.link(webPathOf('invoiceManage')),
        },
        dedupeKey: `payment-recorded:${created.id}:${recipient.userId}`,
        reference: `payment:${created.id}`,
      });
    }
    await publishBillingChange(tx, notices.bus, 'payment', created.id);
    return payment;
  });
}

/**
 * The office records a transfer it received from one of its clients (a client it has issued an
 * invoice to), matched to invoices now or later. History: `payment.record` on each request.
 */
export async function recordReceivedPayment(
  db: Executor,
  principal: Principal,
  body: z.output<typeof recordReceivedPaymentBodySchema>,
  actor: ActorContext,
  bus: Publisher,
): Promise<Payment | Refused> {
  const firmId = principal.firmId;
  if (!firmId) return refuse('paymentClientNotFound');
  const inFuture = refusePaidInFuture(body.paidOn, todayInJapan());
  if (inFuture) return inFuture;
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({
        billedOrganizationId: invoices.billedOrganizationId,
        billedUserId: invoices.billedUserId,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.firmId, firmId),
          sql`${invoices.status} <> 'draft'`,
          sql`(${invoices.billedOrganizationId} = ${body.clientId} or (${invoices.billedOrganizationId} is null and ${invoices.billedUserId} = ${body.clientId}))`,
        ),
      )
      .limit(1);
    if (!client) return refuse('paymentClientNotFound');
    const billed = client.billedOrganizationId
      ? { billedOrganizationId: client.billedOrganizationId, billedUserId: null }
      : { billedOrganizationId: null, billedUserId: client.billedUserId };
    const locked = await checkAllocations(tx, principal, body.allocations, body.amount, { firmId, billed });
    if (isRefused(locked)) return locked;
    const [created] = await tx
      .insert(payments)
      .values({
        firmId,
        ...billed,
        recordedBySide: 'office',
        paidOn: body.paidOn,
        amount: body.amount,
        remitterName: body.remitterName,
        bankFeeBorneBy: body.bankFeeBorneBy,
        note: body.note ?? null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: payments.id });
    if (!created) throw new Error('payment insert returned no row');
    await insertAllocations(tx, created.id, body.allocations);
    await recordAllocationHistory(tx, created.id, locked, body.allocations, actor);
    await publishBillingChange(tx, bus, 'payment', created.id);
    return readPayment(tx, created.id);
  });
}

/** Locks a payment of the caller's office that is not confirmed yet. */
async function lockOwnUnconfirmed(
  tx: Executor,
  principal: Principal,
  paymentId: string,
): Promise<typeof payments.$inferSelect | Refused<'paymentNotFound' | 'paymentAlreadyConfirmed'>> {
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

/**
 * The office replaces the allocations of an unconfirmed transfer of its own (matching an
 * incoming transfer, or correcting a client's). History: `payment.record` (matched) on each
 * request now paid into.
 */
export async function matchPayment(
  db: Executor,
  principal: Principal,
  paymentId: string,
  allocations: Allocation[],
  actor: ActorContext,
  bus: Publisher,
): Promise<Payment | Refused> {
  return db.transaction(async (tx) => {
    const payment = await lockOwnUnconfirmed(tx, principal, paymentId);
    if (isRefused(payment)) return payment;
    const locked = await checkAllocations(tx, principal, allocations, payment.amount, {
      firmId: payment.firmId,
      billed: payment,
      exceptPaymentId: payment.id,
    });
    if (isRefused(locked)) return locked;
    await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id));
    await insertAllocations(tx, payment.id, allocations);
    await tx
      .update(payments)
      .set({ updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(payments.id, payment.id));
    await recordAllocationHistory(tx, payment.id, locked, allocations, actor, { matched: true });
    await publishBillingChange(tx, bus, 'payment', payment.id);
    return readPayment(tx, payment.id);
  });
}

/**
 * The issuing office confirms receipt. Every invoice whose confirmed allocations now cover its
 * amount to transfer becomes paid (`invoice.paid`); a concierge fee invoice paid in full moves
 * its request's concierge state to paid (`request.concierge.paid`). The client side is mailed.
 * History: `payment.confirm` on each request paid into.
 */
export async function confirmPayment(
  db: Executor,
  principal: Principal,
  paymentId: string,
  actor: ActorContext,
  notices: PaymentNotices,
): Promise<Payment | Refused> {
  return db.transaction(async (tx) => {
    const payment = await lockOwnUnconfirmed(tx, principal, paymentId);
    if (isRefused(payment)) return payment;
    const allocations = await tx
      .select({ invoiceId: paymentAllocations.invoiceId, amount: paymentAllocations.amount })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, payment.id));
    const locked = await lockInvoices(
      tx,
      principal,
      allocations.map((allocation) => allocation.invoiceId),
    );
    if (locked.some((invoice) => invoice.status === 'paid')) return refuse('invoiceAlreadyPaid');
    const now = new Date();
    await tx
      .update(payments)
      .set({
        status: 'confirmed',
        confirmedAt: now,
        confirmedBy: actor.userId,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(payments.id, payment.id));
    const confirmed = await allocatedSums(
      tx,
      locked.map((invoice) => invoice.id),
      { confirmedOnly: true },
    );
    const paid: LockedInvoice[] = [];
    for (const invoice of locked) {
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'payment.confirm',
        entityType: 'payment',
        entityId: payment.id,
        projectId: invoice.projectId,
        requestId: invoice.requestId,
        changes: {
          name: invoice.number,
          invoiceId: invoice.id,
          amount: allocations.find((allocation) => allocation.invoiceId === invoice.id)?.amount ?? 0,
        },
        traceId: actor.traceId,
        ip: actor.ip,
      });
      if (invoice.status !== 'issued' || (confirmed.get(invoice.id) ?? 0) < invoice.amountToTransfer)
        continue;
      await markInvoicePaid(tx, invoice, now, actor);
      paid.push(invoice);
    }
    const result = await readPayment(tx, payment.id);
    const recipients = await clientRecipients(
      tx,
      locked.map((invoice) => invoice.requestId),
      payment,
    );
    for (const recipient of recipients) {
      // Each reader is told only of the invoices of requests it sees.
      const sees = (invoice: LockedInvoice) =>
        !recipient.requestIds || recipient.requestIds.has(invoice.requestId);
      const numbers = numbersOf(locked.filter(sees), allocations);
      const paidNumbers = numbersOf(paid.filter(sees), allocations);
      await notices.queue(tx, {
        to: recipient.email,
        locale: recipient.locale,
        template: 'paymentConfirmed',
        params: {
          firmName: result.firm.name,
          amount: formatYen(payment.amount, recipient.locale),
          paidOn: mailDay(recipient.locale, payment.paidOn),
          invoiceNumbers: numbers,
          paidInvoiceNumbers: paidNumbers,
          url: notices.link(webPathOf('paidInvoices')),
        },
        dedupeKey: `payment-confirmed:${payment.id}:${recipient.userId}`,
        reference: `payment:${payment.id}`,
      });
    }
    await publishBillingChange(tx, notices.bus, 'payment', payment.id);
    return result;
  });
}

/** An invoice paid in full: status and time, its history, and the concierge state it drives. */
async function markInvoicePaid(tx: Executor, invoice: LockedInvoice, now: Date, actor: ActorContext) {
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

function numbersOf(invoiceRows: LockedInvoice[], allocations: Allocation[]): string[] {
  const ids = new Set(allocations.map((allocation) => allocation.invoiceId));
  return invoiceRows.filter((invoice) => ids.has(invoice.id)).map((invoice) => invoice.number ?? '');
}

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

function selectPayments(db: Executor) {
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
async function toPayments(db: Executor, rows: PaymentRow[], reader?: Principal): Promise<Payment[]> {
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

async function readPayment(db: Executor, id: string): Promise<Payment> {
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

const allocatedOf = sql<number>`coalesce((select sum(pa.amount) from ${paymentAllocations} as pa where pa.payment_id = ${payments}.id), 0)`;

/** The payment history the caller sees, newest transfer first, with the total count. */
export async function listPayments(
  db: Executor,
  principal: Principal,
  query: z.output<typeof paymentListQuerySchema>,
): Promise<{ items: Payment[]; total: number }> {
  const filters: SQL[] = [paymentScope(principal)];
  if (query.status !== 'all') filters.push(eq(payments.status, query.status));
  if (query.matched === 'unmatched') filters.push(sql`${payments.amount} > ${allocatedOf}`);
  if (query.matched === 'matched') filters.push(sql`${payments.amount} <= ${allocatedOf}`);
  if (query.counterpartyId) {
    filters.push(
      principal.userType === 'PATENT'
        ? sql`(${payments.billedOrganizationId} = ${query.counterpartyId} or ${payments.billedUserId} = ${query.counterpartyId})`
        : eq(payments.firmId, query.counterpartyId),
    );
  }
  if (query.from) filters.push(sql`${payments.paidOn} >= ${query.from}`);
  if (query.to) filters.push(sql`${payments.paidOn} <= ${query.to}`);
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    selectPayments(db)
      .where(where)
      .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(where),
  ]);
  return { items: await toPayments(db, rows, principal), total: Number(count?.total ?? 0) };
}

/**
 * Who bills the caller (the offices of the issued invoices it sees, with `individual` for the
 * withholding warning), or whom the caller's office bills (organizations and users), by name.
 */
export async function listCounterparties(db: Executor, principal: Principal): Promise<Counterparty[]> {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return [];
    const rows = await db
      .select({
        organizationId: invoices.billedOrganizationId,
        organizationName: organizations.name,
        userId: invoices.billedUserId,
        userName: users.name,
      })
      .from(invoices)
      .leftJoin(organizations, eq(organizations.id, invoices.billedOrganizationId))
      .leftJoin(users, eq(users.id, invoices.billedUserId))
      .where(and(eq(invoices.firmId, principal.firmId), sql`${invoices.status} <> 'draft'`))
      .groupBy(invoices.billedOrganizationId, organizations.name, invoices.billedUserId, users.name);
    const byId = new Map<string, Counterparty>();
    for (const row of rows) {
      const party: Counterparty = row.organizationId
        ? {
            id: row.organizationId,
            name: row.organizationName ?? '',
            kind: 'organization',
            individual: false,
          }
        : { id: row.userId ?? '', name: row.userName ?? '', kind: 'user', individual: false };
      byId.set(party.id, party);
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
  const rows = await db
    .select({ id: firms.id, name: firms.name, individual: firms.individual })
    .from(invoices)
    .innerJoin(firms, eq(firms.id, invoices.firmId))
    .where(invoiceScope(principal))
    .groupBy(firms.id, firms.name, firms.individual)
    .orderBy(asc(firms.name), asc(firms.id));
  return rows.map((row) => ({ ...row, kind: 'firm' as const }));
}
