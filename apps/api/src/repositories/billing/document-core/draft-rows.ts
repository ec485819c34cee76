import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { deals, invoices } from '../../../db/schema/index.js';
import type { LinedDocument } from './lines.js';
import { insertedId } from './drafts.js';

/* A draft's row of either kind, written the same way: inserted, its fields replaced, deleted. */

export type DealValues = typeof deals.$inferInsert;
export type InvoiceValues = typeof invoices.$inferInsert;

export async function insertDraftRow(
  tx: Executor,
  document: LinedDocument,
  values: DealValues | InvoiceValues,
) {
  const rows =
    document === 'deal'
      ? await tx
          .insert(deals)
          .values(values as DealValues)
          .returning({ id: deals.id })
      : await tx
          .insert(invoices)
          .values(values as InvoiceValues)
          .returning({ id: invoices.id });
  return insertedId(rows);
}

export async function updateDraftRow(
  tx: Executor,
  document: LinedDocument,
  id: string,
  values: Partial<DealValues> | Partial<InvoiceValues>,
): Promise<void> {
  if (document === 'deal')
    await tx
      .update(deals)
      .set(values as Partial<DealValues>)
      .where(eq(deals.id, id));
  else
    await tx
      .update(invoices)
      .set(values as Partial<InvoiceValues>)
      .where(eq(invoices.id, id));
}

export async function deleteDraftRow(tx: Executor, document: LinedDocument, id: string): Promise<void> {
  if (document === 'deal') await tx.delete(deals).where(eq(deals.id, id));
  else await tx.delete(invoices).where(eq(invoices.id, id));
}
