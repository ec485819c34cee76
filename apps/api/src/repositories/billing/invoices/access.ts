import { refuse, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { firms, invoices } from '../../../db/schema/index.js';
import { whileDraft } from '../document-core/drafts.js';
import { countLines } from '../document-core/lines.js';
import { isOffice, type StoredInvoice } from '../invoice-rows.js';

/*
 * Which invoice an office may change: only its own (drafts are never shown to clients, and only
 * the issuing office drafts, issues and voids), and when a draft may be issued.
 */

/** The caller's office's invoice, locked for a change (inside a transaction). */
export async function lockOwnInvoice(
  tx: Executor,
  principal: Principal,
  invoiceId: string,
): Promise<StoredInvoice | Refused<'invoiceNotFound'>> {
  if (!isOffice(principal) || !principal.firmId) return refuse('invoiceNotFound');
  return (await lockOfficeInvoice(tx, principal.firmId, invoiceId)) ?? refuse('invoiceNotFound');
}

/** An office's invoice, locked: who acts for the office was decided before (the office user, or the concierge start). */
export async function lockOfficeInvoice(
  tx: Executor,
  firmId: string,
  invoiceId: string,
): Promise<StoredInvoice | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.firmId, firmId)))
    .for('update');
  return invoice;
}

/** The office's own invoice, locked, while it is a draft. */
export async function lockOwnInvoiceDraft(tx: Executor, principal: Principal, invoiceId: string) {
  return whileDraft(await lockOwnInvoice(tx, principal, invoiceId), 'invoiceNotDraft');
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

/** Why a draft cannot be issued now, if it cannot. */
export async function issuableRefusal(db: Executor, invoice: StoredInvoice): Promise<Refused | undefined> {
  if (invoice.status !== 'draft') return refuse('invoiceNotDraft');
  if ((await countLines(db, 'invoice', invoice.id)) === 0) return refuse('invoiceNeedsLines');
  const [firm] = await db
    .select({ bankAccount: firms.bankAccount })
    .from(firms)
    .where(eq(firms.id, invoice.firmId));
  if (!firm?.bankAccount?.trim()) return refuse('billingProfileIncomplete');
  return undefined;
}

/** An invoice of a request, as its history entries name it. */
export const invoiceOf = (invoice: StoredInvoice) => ({
  entityType: 'invoice' as const,
  id: invoice.id,
  projectId: invoice.projectId,
  requestId: invoice.requestId,
});
