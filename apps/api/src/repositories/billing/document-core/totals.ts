import {
  computeTotals,
  type BillingTotals,
  type LineInput,
  type TaxClass,
  type Totals,
} from '@ipportal/domain';
import type { Executor } from '../../../db/client.js';
import { issuerOf } from './parties.js';

/**
 * Totals as the server computes them: withholding iff the issuing office is an individual patent
 * attorney. A credit note (negative lines) withholds the mirror of the same positive invoice.
 */
export function computeDocumentTotals(lines: readonly LineInput[], individual: boolean): Totals {
  const totals = computeTotals(lines, { withholding: individual });
  if (!individual || totals.withholdingBase >= 0) return totals;
  const mirror = computeTotals(lines.map(negatedLine), { withholding: true });
  return {
    ...totals,
    withholding: -mirror.withholding,
    amountToTransfer: totals.total + mirror.withholding,
  };
}

/** The office's totals of some lines, as of its billing details now. */
export async function officeTotals(
  db: Executor,
  firmId: string,
  lines: readonly LineInput[],
): Promise<Totals> {
  const issuer = await issuerOf(db, firmId);
  return computeDocumentTotals(lines, issuer.individual);
}

/** A line with its unit price negated: a credit note's line of an invoice's. */
export function negatedLine(line: LineInput): LineInput {
  const value = line.unitPrice;
  return { ...line, unitPrice: value.startsWith('-') ? value.slice(1) : value === '0' ? value : `-${value}` };
}

/** The stored columns of computed totals. */
export function totalColumnsOf(totals: Totals) {
  return {
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    withholdingBase: totals.withholdingBase,
    withholding: totals.withholding,
    amountToTransfer: totals.amountToTransfer,
    byTaxClass: totals.byTaxClass,
  };
}

export function totalsOf(row: {
  subtotal: number;
  tax: number;
  total: number;
  withholdingBase: number;
  withholding: number;
  amountToTransfer: number;
  byTaxClass: unknown;
}): BillingTotals {
  return {
    byTaxClass: row.byTaxClass as { taxClass: TaxClass; rate: number; subtotal: number; tax: number }[],
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    withholdingBase: row.withholdingBase,
    withholding: row.withholding,
    amountToTransfer: row.amountToTransfer,
  };
}
