import type { invoiceCreateBodySchema, invoiceDraftBodySchema } from '@ipportal/domain';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { files, invoices, paymentAllocations } from '../../../db/schema/index.js';
import type { StoredFile } from '../../../storage/types.js';
import type { ActorContext } from '../../users.js';
import type { Frozen } from '../document-core/freeze.js';
import { insertDraftRow, type InvoiceValues } from '../document-core/draft-rows.js';
import { insertedId } from '../document-core/drafts.js';

/*
 * The writes of an invoice's life, each inside the caller's transaction. Which one may happen is
 * the use case's to check. Once issued, a trigger (migration 0013) lets only the status, payment
 * and void columns change; payments are written by the payments module.
 */

export type InvoiceCreate = z.output<typeof invoiceCreateBodySchema>;
export type InvoiceDraft = z.output<typeof invoiceDraftBodySchema>;

/** The columns a draft is written with from the office's form. */
export const invoiceFieldsOf = (body: Pick<InvoiceDraft, 'transactionDate' | 'dueDate' | 'notes'>) => ({
  transactionDate: body.transactionDate,
  dueDate: body.dueDate,
  notes: body.notes ?? null,
});

export function insertInvoice(
  tx: Executor,
  values: Omit<InvoiceValues, keyof ReturnType<typeof invoiceFieldsOf>>,
  body: InvoiceCreate,
): Promise<string> {
  const links = { dealId: body.dealId ?? null, correctsInvoiceId: body.correctsInvoiceId ?? null };
  return insertDraftRow(tx, 'invoice', { ...values, kind: body.kind, ...links, ...invoiceFieldsOf(body) });
}

/** The stored PDF's `files` row (the bytes are already stored). */
export async function insertInvoiceFile(
  tx: Executor,
  stored: StoredFile & { writeOnce: boolean; retainUntil: Date | null },
  actor: ActorContext,
): Promise<string> {
  const values = { ...stored, purpose: 'invoice' as const, createdBy: actor.userId };
  return insertedId(await tx.insert(files).values(values).returning({ id: files.id }));
}

export interface Issue {
  number: string;
  issueDate: string;
  dueDate: string;
  frozen: Frozen;
  pdfFileId: string;
}

export async function markIssued(tx: Executor, invoiceId: string, issue: Issue, actor: ActorContext) {
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      status: 'issued',
      number: issue.number,
      issueDate: issue.issueDate,
      dueDate: issue.dueDate,
      ...issue.frozen.columns,
      pdfFileId: issue.pdfFileId,
      issuedAt: now,
      issuedBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(eq(invoices.id, invoiceId));
}

export async function countAllocations(tx: Executor, invoiceId: string): Promise<number> {
  const [allocated] = await tx
    .select({ n: count() })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoiceId, invoiceId));
  return allocated?.n ?? 0;
}

export async function markVoid(tx: Executor, invoiceId: string, reason: string, actor: ActorContext) {
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
    .where(eq(invoices.id, invoiceId));
}
