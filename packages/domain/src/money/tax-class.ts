import { taxClasses, type TaxClass } from '../codes/codes.js';

/**
 * How a line is taxed on an IP firm's invoice: the firm's own fees carry 10% consumption tax; official fees and stamps passed through to the office are shown as
 * non-taxable (消基通 10-1-4 keeps clearly separated stamp/fee money out of the taxable price);
 * foreign agents' and foreign offices' costs are outside Japanese consumption tax (不課税).
 */

/** The classes in printing order (the code list `taxClasses` carries their screen labels). */
export const taxClassValues: readonly TaxClass[] = taxClasses.values;

/** Consumption tax rate of each class, in percent. */
export const taxRateOf: Record<TaxClass, number> = {
  taxable10: 10,
  nonTaxable: 0,
  outOfScope: 0,
};

/** The label a qualified invoice prints for each class (Japanese, English). */
export const taxClassLabel: Record<TaxClass, { ja: string; en: string }> = {
  taxable10: { ja: '課税10%', en: 'Taxable 10%' },
  nonTaxable: { ja: '非課税', en: 'Non-taxable' },
  outOfScope: { ja: '不課税', en: 'Out of scope' },
};
