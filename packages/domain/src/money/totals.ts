import Big from 'big.js';
import { computeLine, toYen } from './line-amount.js';
import type { ComputedLine, LineInput } from './line-input.js';
import type { TaxClass } from '../codes/codes.js';
import { taxClassValues, taxRateOf } from './tax-class.js';
import { withholdingTax } from './withholding.js';

export interface TaxClassTotal {
  taxClass: TaxClass;
  /** Percent. */
  rate: number;
  subtotal: number;
  tax: number;
}

export interface Totals {
  lines: ComputedLine[];
  /** Only the classes that occur, in `taxClasses` order. */
  byTaxClass: TaxClassTotal[];
  /** Sum of the lines' amountYen (without consumption tax). */
  subtotal: number;
  /** Sum of the per-class tax. */
  tax: number;
  /** subtotal + tax. */
  total: number;
  /** The taxable10 subtotal when withholding applies, else 0. */
  withholdingBase: number;
  /** withholdingTax(withholdingBase) when withholding applies, else 0. */
  withholding: number;
  /** total − withholding. */
  amountToTransfer: number;
}

/**
 * An invoice's totals as a qualified invoice states them (消費税法 Art. 57-4(1)): the subtotal
 * and the consumption tax per rate. The tax is rounded ONCE per invoice and rate over the class
 * subtotal; rounding each line and summing is not allowed (新消令 70-10, インボイス通達 3-12).
 * The fraction is truncated toward zero: the floor for an invoice, and for a credit note (negative
 * subtotal) the exact negative of the same invoice's tax.
 *
 * `withholding` is true when the issuer is an individual patent attorney and the payer must
 * withhold income tax: the base is the 10% fees without their consumption tax; official fees and
 * foreign costs (the other classes) are not part of it (所得税法204条: a fee to an individual attorney).
 */
export function computeTotals(lines: readonly LineInput[], options: { withholding: boolean }): Totals {
  const computed = lines.map(computeLine);
  const byTaxClass: TaxClassTotal[] = [];
  for (const taxClass of taxClassValues) {
    const ofClass = computed.filter((line) => line.taxClass === taxClass);
    if (ofClass.length === 0) continue;
    const subtotal = ofClass.reduce((sum, line) => sum + line.amountYen, 0);
    const rate = taxRateOf[taxClass];
    const tax = toYen(new Big(subtotal).times(rate).div(100));
    byTaxClass.push({ taxClass, rate, subtotal, tax });
  }
  const subtotal = byTaxClass.reduce((sum, entry) => sum + entry.subtotal, 0);
  const tax = byTaxClass.reduce((sum, entry) => sum + entry.tax, 0);
  const total = subtotal + tax;
  const withholdingBase = options.withholding
    ? (byTaxClass.find((entry) => entry.taxClass === 'taxable10')?.subtotal ?? 0)
    : 0;
  const withholding = options.withholding ? withholdingTax(withholdingBase) : 0;
  return {
    lines: computed,
    byTaxClass,
    subtotal,
    tax,
    total,
    withholdingBase,
    withholding,
    amountToTransfer: total - withholding,
  };
}
