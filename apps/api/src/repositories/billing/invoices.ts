import type {} from 'drizzle-orm/pg-core';
import {
  defaultDueDate,
  formatYen,
  isRefused,
  refuse,
  todayInJapan,
  type BillingIssuer,
  type BillingParty,
  type Invoice,
  type invoiceCreateBodySchema,
  type invoiceDraftBodySchema,
  type InvoiceSummary,
  type LineInput,
  type Refused,
  type Totals,
  webPathOf,
} from '@ipportal/domain';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  dealItems,
  deals,
  files,
  firms,
  invoiceItems,
  invoices,
  paymentAllocations,
  payments,
  projects,
  requests,
} from '../../db/schema/index.js';
import type { MailQueue } from '../../mail/index.js';
import type { StoredFile } from '../../storage/types.js';
import { formatDay } from '../../reminders/describe.js';
import type { Publisher } from '../../events/index.js';
import { recordHistory } from '../history.js';
import { publishBillingChange } from './billing-signal.js';
import { findVisibleRequest } from '../request-access.js';
import { recipientsOf } from '../request-viewers.js';
import type { ActorContext } from '../users.js';
import {
  billedOfProject,
  computeDocumentTotals,
  issuerOf,
  itemValuesOf,
  lineInputs,
  nextDocumentNumber,
  recipientOf,
  toLine,
  toLineInput,
  toSubject,
  totalColumnsOf,
  totalsOf,
} from './common.js';

import {
  amountsOf,
  dueDateOf,
  invoiceScope,
  isOffice,
  selectInvoices,
  summaryOf,
  type InvoiceRow,
  type StoredInvoice,
} from './invoice-rows.js';
/*
 * Invoices and credit notes. Drafts are edited by the issuing office only and never shown to
 * clients. Issuing numbers the invoice (per office, kind and year, gapless: only issuing takes a
 * number), computes its totals, freezes both parties, and stores its PDF write-once, all in one
 * transaction; from then on a trigger (migration 0013) lets only the status, payment and void
 * columns change. Payments are written by the payments module; here they are only read:
 * confirmed allocations are paid, recorded ones pending.
 */

export type InvoiceCreate = z.output<typeof invoiceCreateBodySchema>;
export type InvoiceDraft = z.output<typeof invoiceDraftBodySchema>;

export interface InvoiceNotice {
  queue: MailQueue;
  link: (path: string) => string;
  /** Tells the open screens of the parties who see the invoice (the realtime socket) at commit. */
  bus: Publisher;
}

async function toInvoice(
  db: Executor,
  row: InvoiceRow,
  principal: Principal,
  today: string,
): Promise<Invoice> {
  const { invoice } = row;
  const office = isOffice(principal);
  const [items, corrects, correctedBy, allocations] = await Promise.all([
    db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoice.id))
      .orderBy(asc(invoiceItems.position)),
    invoice.correctsInvoiceId
      ? db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, invoice.correctsInvoiceId))
      : Promise.resolve([]),
    db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind })
      .from(invoices)
      .where(
        and(eq(invoices.correctsInvoiceId, invoice.id), office ? undefined : ne(invoices.status, 'draft')),
      )
      .orderBy(asc(invoices.createdAt)),
    db
      .select({
        paymentId: payments.id,
        paidOn: payments.paidOn,
        amount: paymentAllocations.amount,
        status: payments.status,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, invoice.id))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
  ]);
  const issuer = (invoice.issuerSnapshot as BillingIssuer | null) ?? (await issuerOf(db, invoice.firmId));
  const recipient = (invoice.recipientSnapshot as BillingParty | null) ?? (await recipientOf(db, invoice));
  const lines = items.map(toLine);
  const amounts = amountsOf(row, today);
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    status: invoice.status,
    dealId: invoice.dealId,
    correctsInvoice: corrects[0] ?? null,
    correctedBy,
    issueDate: invoice.issueDate,
    transactionDate: invoice.transactionDate,
    dueDate: dueDateOf(invoice, today),
    notes: invoice.notes,
    voidReason: invoice.voidReason,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    issuer,
    recipient,
    subject: toSubject({ ...row, projectId: invoice.projectId }),
    lines,
    totals: totalsOf(invoice),
    fxNote: lines.some((line) => line.currency !== 'JPY'),
    ...amounts,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    hasPdf: invoice.pdfFileId !== null,
    payments: allocations,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
  };
}

export async function readInvoice(db: Executor, principal: Principal, invoiceId: string): Promise<Invoice> {
  const [row] = await selectInvoices(db).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) throw new Error(`invoice ${invoiceId} not readable`);
  return toInvoice(db, row, principal, todayInJapan());
}

async function findInvoiceRow(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await selectInvoices(db)
    .where(and(eq(invoices.id, invoiceId), invoiceScope(principal)))
    .limit(1);
  return row;
}

export async function getInvoice(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<Invoice | Refused> {
  const row = await findInvoiceRow(db, principal, invoiceId);
  return row ? toInvoice(db, row, principal, todayInJapan()) : refuse('invoiceNotFound');
}

/** The caller's office's invoice, locked for a change (inside a transaction). */
async function lockOwnInvoice(
  tx: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<StoredInvoice | Refused<'invoiceNotFound'>> {
  if (!isOffice(principal) || !principal.firmId) return refuse('invoiceNotFound');
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.firmId, principal.firmId)))
    .for('update');
  return invoice ?? refuse('invoiceNotFound');
}

export async function listRequestInvoices(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<InvoiceSummary[] | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId);
  if (!request) return refuse('requestNotFound');
  // The caller's own scope, not only the request's: on a request the concierge coordinates, its
  // fee invoice is the client's and the concierge's, never the addressed office's (ADR 0019).
  const rows = await selectInvoices(db)
    .where(and(eq(invoices.requestId, request.id), invoiceScope(principal)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  const today = todayInJapan();
  return rows.map((row) => summaryOf(row, today));
}

async function writeItems(tx: Executor, invoiceId: string, values: ReturnType<typeof itemValuesOf>) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (values.length > 0) await tx.insert(invoiceItems).values(values.map((v) => ({ ...v, invoiceId })));
}

const negated = (line: LineInput): LineInput => ({
  ...line,
  unitPrice: line.unitPrice.startsWith('-') ? line.unitPrice.slice(1) : `-${line.unitPrice}`,
});

/**
 * A draft for a request addressed to the caller's office: from an accepted estimate of it (its
 * lines copied when none are given), as a credit note or replacement of an issued invoice of the
 * same request (its lines copied, negated for a credit note), or directly with lines.
 */
export async function createInvoice(
  db: Executor,
  principal: Principal,
  params: { projectId: string; requestId: number },
  body: InvoiceCreate,
  actor: ActorContext,
): Promise<Invoice | Refused> {
  return db.transaction(async (tx): Promise<Invoice | Refused> => {
    const request = await findVisibleRequest(tx, principal, params.projectId, params.requestId);
    if (!request || !isOffice(principal) || principal.firmId !== request.firmId) {
      return refuse('requestNotFound');
    }
    let lines: LineInput[] | undefined = body.lines ? lineInputs(body.lines) : undefined;
    if (body.dealId) {
      const [deal] = await tx
        .select({ id: deals.id, status: deals.status })
        .from(deals)
        .where(
          and(eq(deals.id, body.dealId), eq(deals.requestId, request.id), eq(deals.firmId, request.firmId)),
        );
      if (!deal) return refuse('dealNotFound');
      if (deal.status !== 'accepted') return refuse('dealNotAccepted');
      if (!lines) {
        const items = await tx
          .select()
          .from(dealItems)
          .where(eq(dealItems.dealId, deal.id))
          .orderBy(asc(dealItems.position));
        lines = items.map(toLineInput);
      }
    }
    if (body.correctsInvoiceId) {
      const [corrected] = await tx
        .select({ id: invoices.id, status: invoices.status })
        .from(invoices)
        .where(
          and(
            eq(invoices.id, body.correctsInvoiceId),
            eq(invoices.requestId, request.id),
            eq(invoices.firmId, request.firmId),
          ),
        );
      if (!corrected) return refuse('invoiceNotFound');
      if (corrected.status === 'draft') return refuse('invoiceNotIssued');
      if (!lines) {
        const items = await tx
          .select()
          .from(invoiceItems)
          .where(eq(invoiceItems.invoiceId, corrected.id))
          .orderBy(asc(invoiceItems.position));
        lines = items.map(toLineInput).map((line) => (body.kind === 'creditNote' ? negated(line) : line));
      }
    }
    if (!lines) return refuse('invoiceNeedsLines');
    const issuer = await issuerOf(tx, request.firmId);
    const totals = computeDocumentTotals(lines, issuer.individual);
    const [created] = await tx
      .insert(invoices)
      .values({
        kind: body.kind,
        dealId: body.dealId ?? null,
        correctsInvoiceId: body.correctsInvoiceId ?? null,
        projectId: request.projectId,
        requestId: request.id,
        firmId: request.firmId,
        ...(await billedOfProject(tx, request.projectId)),
        transactionDate: body.transactionDate,
        dueDate: body.dueDate,
        notes: body.notes ?? null,
        ...totalColumnsOf(totals),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: invoices.id });
    if (!created) throw new Error('insert returned no row');
    await writeItems(tx, created.id, itemValuesOf(totals));
    return readInvoice(tx, principal, created.id);
  });
}

export async function updateInvoice(
  db: Executor,
  principal: Principal,
  invoiceId: string,
  body: InvoiceDraft,
  actor: ActorContext,
): Promise<Invoice | Refused> {
  return db.transaction(async (tx): Promise<Invoice | Refused> => {
    const invoice = await lockOwnInvoice(tx, principal, invoiceId);
    if (isRefused(invoice)) return invoice;
    if (invoice.status !== 'draft') return refuse('invoiceNotDraft');
    const issuer = await issuerOf(tx, invoice.firmId);
    const totals = computeDocumentTotals(lineInputs(body.lines), issuer.individual);
    await tx
      .update(invoices)
      .set({
        transactionDate: body.transactionDate,
        dueDate: body.dueDate,
        notes: body.notes ?? null,
        ...totalColumnsOf(totals),
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(invoices.id, invoice.id));
    await writeItems(tx, invoice.id, itemValuesOf(totals));
    return readInvoice(tx, principal, invoice.id);
  });
}

export async function deleteInvoice(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<{ deleted: true } | Refused> {
  return db.transaction(async (tx): Promise<{ deleted: true } | Refused> => {
    const invoice = await lockOwnInvoice(tx, principal, invoiceId);
    if (isRefused(invoice)) return invoice;
    if (invoice.status !== 'draft') return refuse('invoiceNotDraft');
    await tx.delete(invoices).where(eq(invoices.id, invoice.id));
    return { deleted: true };
  });
}

/** What the PDF renderer needs, as the issuing transaction assembled it. */
export interface IssuedDocument {
  kind: 'invoice' | 'creditNote';
  number: string;
  issueDate: string;
  transactionDate: string;
  dueDate: string;
  issuer: BillingIssuer;
  recipient: BillingParty;
  subject: { refrenceCode: string; projectTitle: string; requestNumber: number; requestName: string };
  totals: Totals;
  notes: string | null;
  correctsInvoiceNumber: string | null;
  fxNote: boolean;
}

/**
 * Checks, before anything is rendered or stored, that the caller's office may issue this draft
 * now: it is a draft with lines and the office has a bank account to print.
 */
export async function checkIssuable(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<StoredInvoice | Refused> {
  if (!isOffice(principal) || !principal.firmId) return refuse('invoiceNotFound');
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.firmId, principal.firmId)));
  if (!invoice) return refuse('invoiceNotFound');
  return (await issuableRefusal(db, invoice)) ?? invoice;
}

async function issuableRefusal(db: Executor, invoice: StoredInvoice): Promise<Refused | undefined> {
  if (invoice.status !== 'draft') return refuse('invoiceNotDraft');
  const [lines] = await db
    .select({ n: count() })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoice.id));
  if ((lines?.n ?? 0) === 0) return refuse('invoiceNeedsLines');
  const [firm] = await db
    .select({ bankAccount: firms.bankAccount })
    .from(firms)
    .where(eq(firms.id, invoice.firmId));
  if (!firm?.bankAccount?.trim()) return refuse('billingProfileIncomplete');
  return undefined;
}

/**
 * Who issues a draft: always an office, named explicitly. The office route passes the firm of the
 * office user that `checkIssuable` let through; the concierge start passes the concierge office,
 * for whose fee the portal issues on the client's click (ADR 0019), recorded as `concierge` in the
 * history. There is no principal here: who may issue is decided before this is called.
 */
export interface IssuingOffice {
  firmId: string;
  concierge?: boolean;
}

export interface IssueDraftDeps {
  notice: InvoiceNotice;
  storePdf: (
    document: IssuedDocument,
  ) => Promise<StoredFile & { writeOnce: boolean; retainUntil: Date | null }>;
  today?: string;
}

/**
 * Issues a draft of `issuing`'s office inside the caller's transaction (so a caller may create the
 * draft and change other rows in the same one): the row locked and checked again, numbered, its
 * totals computed (withholding iff the office is an individual attorney), its due date defaulted,
 * both parties frozen, its PDF rendered and stored write-once by `storePdf` (bytes, then the
 * `files` row), the invoice updated, its history written and every client-side reader of the
 * request mailed a link in their language. Anything thrown (rendering, storage) rolls the whole
 * transaction back: no number is used up, nothing is issued.
 */
export async function issueDraft(
  tx: Executor,
  issuing: IssuingOffice,
  invoiceId: string,
  actor: ActorContext,
  deps: IssueDraftDeps,
): Promise<{ id: string; number: string } | Refused> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.firmId, issuing.firmId)))
    .for('update');
  if (!invoice) return refuse('invoiceNotFound');
  const refusal = await issuableRefusal(tx, invoice);
  if (refusal) return refusal;
  const [request] = await tx.select().from(requests).where(eq(requests.id, invoice.requestId));
  const [project] = await tx.select().from(projects).where(eq(projects.id, invoice.projectId));
  if (!request || !project) return refuse('invoiceNotFound');
  const today = deps.today ?? todayInJapan();
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoice.id))
    .orderBy(asc(invoiceItems.position));
  const issuer = await issuerOf(tx, invoice.firmId);
  const recipient = await recipientOf(tx, invoice);
  const totals = computeDocumentTotals(items.map(toLineInput), issuer.individual);
  const number = await nextDocumentNumber(tx, invoice.firmId, invoice.kind, today);
  const dueDate = invoice.dueDate ?? defaultDueDate(today);
  let correctsInvoiceNumber: string | null = null;
  if (invoice.correctsInvoiceId) {
    const [corrected] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.correctsInvoiceId));
    correctsInvoiceNumber = corrected?.number ?? null;
  }
  // The office's standing notes (payment terms, remarks) are printed under the invoice's own.
  const [firmNotes] = await tx
    .select({ invoiceNotes: firms.invoiceNotes })
    .from(firms)
    .where(eq(firms.id, invoice.firmId));
  const stored = await deps.storePdf({
    kind: invoice.kind,
    number,
    issueDate: today,
    transactionDate: invoice.transactionDate,
    dueDate,
    issuer,
    recipient,
    subject: {
      refrenceCode: project.refrenceCode,
      projectTitle: project.title,
      requestNumber: request.number,
      requestName: request.name,
    },
    totals,
    notes: [invoice.notes, firmNotes?.invoiceNotes].filter((text) => text?.trim()).join('\n\n') || null,
    correctsInvoiceNumber,
    fxNote: totals.lines.some((line) => line.currency !== 'JPY'),
  });
  const [file] = await tx
    .insert(files)
    .values({ ...stored, purpose: 'invoice', createdBy: actor.userId })
    .returning({ id: files.id });
  if (!file) throw new Error('insert returned no row');
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      status: 'issued',
      number,
      issueDate: today,
      dueDate,
      ...totalColumnsOf(totals),
      issuerSnapshot: issuer,
      recipientSnapshot: recipient,
      pdfFileId: file.id,
      issuedAt: now,
      issuedBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(eq(invoices.id, invoice.id));
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action: invoice.kind === 'creditNote' ? 'invoice.creditNote' : 'invoice.issue',
    entityType: 'invoice',
    entityId: invoice.id,
    projectId: invoice.projectId,
    requestId: invoice.requestId,
    changes: {
      name: number,
      total: totals.total,
      amountToTransfer: totals.amountToTransfer,
      dueDate,
      sha256: stored.sha256,
      ...(correctsInvoiceNumber ? { corrects: correctsInvoiceNumber } : {}),
      ...(issuing.concierge ? { concierge: true } : {}),
    },
    traceId: actor.traceId,
    ip: actor.ip,
  });
  // No one is left out, the actor included: an office user is never a client-side reader, and the
  // client whose click issued a concierge fee gets the bill like the rest of its side.
  for (const recipientUser of await recipientsOf(tx, request, 'client')) {
    await deps.notice.queue(tx, {
      to: recipientUser.email,
      locale: recipientUser.locale,
      template: 'invoiceIssued',
      params: {
        firmName: issuer.name,
        number,
        creditNote: invoice.kind === 'creditNote',
        amount: formatYen(totals.amountToTransfer, recipientUser.locale),
        dueDate: formatDay(recipientUser.locale, dueDate),
        reference: project.refrenceCode,
        url: deps.notice.link(webPathOf('invoice', { invoiceId: invoice.id })),
      },
      dedupeKey: `invoiceIssued:${invoice.id}:${recipientUser.userId}`,
      reference: `invoice:${invoice.id}`,
    });
  }
  await publishBillingChange(tx, deps.notice.bus, 'invoice', invoice.id);
  return { id: invoice.id, number };
}

/** Voids an issued invoice with a reason (the client side's open screens hear of it); one with any payment allocated to it is refused. */
export async function voidInvoice(
  db: Executor,
  principal: Principal,
  invoiceId: string,
  reason: string,
  actor: ActorContext,
  bus: Publisher,
): Promise<Invoice | Refused> {
  return db.transaction(async (tx): Promise<Invoice | Refused> => {
    const invoice = await lockOwnInvoice(tx, principal, invoiceId);
    if (isRefused(invoice)) return invoice;
    if (invoice.status === 'draft' || invoice.status === 'void') return refuse('invoiceNotIssued');
    const [allocated] = await tx
      .select({ n: count() })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.invoiceId, invoice.id));
    if ((allocated?.n ?? 0) > 0 || invoice.status !== 'issued') return refuse('invoiceHasPayments');
    const now = new Date();
    await tx
      .update(invoices)
      .set({
        status: 'void',
        voidReason: reason,
        voidedAt: now,
        voidedBy: actor.userId,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(invoices.id, invoice.id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'invoice.void',
      entityType: 'invoice',
      entityId: invoice.id,
      projectId: invoice.projectId,
      requestId: invoice.requestId,
      changes: { name: invoice.number, reason },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    await publishBillingChange(tx, bus, 'invoice', invoice.id);
    return readInvoice(tx, principal, invoice.id);
  });
}

/** The stored PDF of an issued invoice the caller may see. */
export async function findInvoicePdf(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<{ storageKey: string; name: string } | Refused> {
  const [row] = await db
    .select({ status: invoices.status, number: invoices.number, storageKey: files.storageKey })
    .from(invoices)
    .innerJoin(requests, eq(requests.id, invoices.requestId))
    .leftJoin(files, eq(files.id, invoices.pdfFileId))
    .where(and(eq(invoices.id, invoiceId), invoiceScope(principal)))
    .limit(1);
  if (!row) return refuse('invoiceNotFound');
  if (row.status === 'draft' || !row.storageKey) return refuse('invoiceNotIssued');
  return { storageKey: row.storageKey, name: `${row.number ?? invoiceId}.pdf` };
}
