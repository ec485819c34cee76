import { refuse, todayInJapan, type Invoice, type InvoiceSummary, type Refused } from '@ipportal/domain';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { files, invoices, paymentAllocations, payments, requests } from '../../../db/schema/index.js';
import { ofVisibleRequest, type RequestPath } from '../document-core/request-of-path.js';
import { documentBody, readable } from '../document-core/freeze.js';
import {
  amountsOf,
  dueDateOf,
  invoiceScope,
  isOffice,
  selectInvoices,
  selectListedInvoices,
  summaryOf,
  type InvoiceRow,
} from '../invoice-rows.js';

/*
 * An invoice as answered (with the invoices correcting it and the payments allocated to it:
 * confirmed ones are paid, recorded ones pending), a request's invoices, and the stored PDF.
 */

async function toInvoice(db: Executor, row: InvoiceRow, principal: Principal): Promise<Invoice> {
  const { invoice } = row;
  const today = todayInJapan();
  const office = isOffice(principal);
  const [body, corrects, correctedBy, allocations] = await Promise.all([
    documentBody(db, 'invoice', invoice, row),
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
    ...body,
    ...amountsOf(row, today),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    hasPdf: invoice.pdfFileId !== null,
    payments: allocations,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
  };
}

/** An invoice the caller was already found to see (after a write, inside its transaction). */
export async function readInvoice(db: Executor, principal: Principal, invoiceId: string): Promise<Invoice> {
  const [row] = await selectInvoices(db).where(eq(invoices.id, invoiceId)).limit(1);
  return toInvoice(db, readable(row, `invoice ${invoiceId}`), principal);
}

/** The invoice if the caller sees it (an office its own, the client side none of the drafts). */
export async function getInvoice(
  db: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<Invoice | Refused> {
  const where = and(eq(invoices.id, invoiceId), invoiceScope(principal));
  const [row] = await selectInvoices(db).where(where).limit(1);
  return row ? toInvoice(db, row, principal) : refuse('invoiceNotFound');
}

/**
 * A request's invoices in the caller's own scope, not only the request's: on a request the
 * concierge coordinates, its fee invoice is the client's and the concierge's, never the addressed
 * office's (ADR 0019).
 */
export function listRequestInvoices(db: Executor, principal: Principal, path: RequestPath) {
  return ofVisibleRequest(db, principal, path, async (request): Promise<InvoiceSummary[]> => {
    const rows = await selectListedInvoices(db, false)
      .where(and(eq(invoices.requestId, request.id), invoiceScope(principal)))
      .orderBy(desc(invoices.createdAt), desc(invoices.id));
    const today = todayInJapan();
    return rows.map((row) => summaryOf(row, today));
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
