import type { BillingLine, BillingLineInput, LineInput, Totals } from '@ipportal/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { dealItems, invoiceItems } from '../../../db/schema/index.js';

/*
 * The lines of estimates and invoices: one table each (`deal_items`, `invoice_items`) of the same
 * columns, read and written here only, always as the totals computed them.
 */

/** The documents that have lines. */
export type LinedDocument = 'deal' | 'invoice';

type ItemRow = typeof dealItems.$inferSelect | typeof invoiceItems.$inferSelect;

/** `2.000` -> `2`, `12.50` -> `12.5`: decimals as the office typed them, without padding. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export function toLineInput(row: ItemRow): LineInput {
  return {
    description: row.description,
    quantity: trimDecimal(row.quantity),
    unitPrice: trimDecimal(row.unitPrice),
    taxClass: row.taxClass,
    currency: row.currency,
    exchangeRate: row.exchangeRate === null ? null : trimDecimal(row.exchangeRate),
  };
}

export function toLine(row: ItemRow): BillingLine {
  return {
    ...toLineInput(row),
    foreignAmount: row.foreignAmount === null ? null : Number(row.foreignAmount).toFixed(2),
    amountYen: row.amountYen,
  };
}

/** Parsed lines (schema output) as the domain's computeTotals takes them. */
export function lineInputs(lines: readonly BillingLineInput[]): LineInput[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxClass: line.taxClass,
    currency: line.currency ?? 'JPY',
    exchangeRate: line.exchangeRate ?? null,
  }));
}

/** The stored item rows of computed lines (positions from 0). */
export function itemValuesOf(totals: Totals) {
  return totals.lines.map((line, position) => ({
    position,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxClass: line.taxClass,
    currency: line.currency,
    exchangeRate: line.exchangeRate,
    foreignAmount: line.foreignAmount,
    amountYen: line.amountYen,
  }));
}

const itemTables = {
  deal: { table: dealItems, owner: dealItems.dealId, position: dealItems.position },
  invoice: { table: invoiceItems, owner: invoiceItems.invoiceId, position: invoiceItems.position },
} as const;

/** A document's stored lines in their order. */
export async function readLines(db: Executor, document: LinedDocument, id: string): Promise<ItemRow[]> {
  const { table, owner, position } = itemTables[document];
  return db.select().from(table).where(eq(owner, id)).orderBy(asc(position));
}

/** A document's stored lines as totals are computed from them (to copy them into another draft). */
export async function storedLineInputs(
  db: Executor,
  document: LinedDocument,
  id: string,
): Promise<LineInput[]> {
  return (await readLines(db, document, id)).map(toLineInput);
}

export async function countLines(db: Executor, document: LinedDocument, id: string): Promise<number> {
  const { table, owner } = itemTables[document];
  const [row] = await db.select({ n: count() }).from(table).where(eq(owner, id));
  return row?.n ?? 0;
}

/** Replaces a draft's lines with the computed ones. */
export async function writeLines(
  tx: Executor,
  document: LinedDocument,
  id: string,
  totals: Totals,
): Promise<void> {
  const values = itemValuesOf(totals);
  if (document === 'deal') {
    await tx.delete(dealItems).where(eq(dealItems.dealId, id));
    if (values.length > 0) await tx.insert(dealItems).values(values.map((v) => ({ ...v, dealId: id })));
  } else {
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    if (values.length > 0) await tx.insert(invoiceItems).values(values.map((v) => ({ ...v, invoiceId: id })));
  }
}
