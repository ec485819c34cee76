import { billingLineInputSchema, computeTotals } from '@ipportal/domain';
import type { BillingLine, BillingLineInput, Totals } from '@ipportal/domain';
import { amountFieldText } from '../../shared/forms/numbers';

export type TaxClass = BillingLine['taxClass'];

/** One line as the form holds it: text in every field, a key for React and reordering. */
export interface LineDraft {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxClass: TaxClass;
  currency: string;
  /** Yen per unit of `currency`; ignored (sent as null) for JPY. */
  exchangeRate: string;
}

/** Currencies offered for foreign lines (official fees and foreign agents' invoices). */
export const currencies = [
  'JPY',
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CNY',
  'KRW',
  'TWD',
  'AUD',
  'CAD',
  'SGD',
  'INR',
];

let counter = 0;
const nextKey = () => `line-${++counter}`;

export function emptyLine(): LineDraft {
  return {
    key: nextKey(),
    description: '',
    quantity: '1',
    unitPrice: '',
    taxClass: 'taxable10',
    currency: 'JPY',
    exchangeRate: '',
  };
}

/** Lines of a stored document, as drafts (a revision or an invoice copies them). */
export function draftsOf(lines: readonly (BillingLine | BillingLineInput)[]): LineDraft[] {
  return lines.map((line) => ({
    key: nextKey(),
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxClass: line.taxClass,
    currency: line.currency ?? 'JPY',
    exchangeRate: line.exchangeRate ?? '',
  }));
}

/**
 * The lines as the API takes them (amounts stay text: no float touches them), with numbers as
 * typed on a Japanese keyboard or with separators ('３００，０００') in half width.
 */
export function linesBody(lines: readonly LineDraft[]): BillingLineInput[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: amountFieldText(line.quantity),
    unitPrice: amountFieldText(line.unitPrice),
    taxClass: line.taxClass,
    currency: line.currency,
    exchangeRate: line.currency === 'JPY' ? null : amountFieldText(line.exchangeRate) || null,
  }));
}

export interface TotalsPreview {
  totals: Totals;
  /** Per line: its yen amount, or null while the line is not complete or not valid. */
  amounts: (number | null)[];
  /** Lines left out of the preview because they are incomplete or invalid. */
  skipped: number;
}

/**
 * The totals as the server will compute them (the domain's `computeTotals`: tax once per rate,
 * withholding for an individual attorney), over the lines that pass the line schema. A preview
 * only: what the server answers after saving is what is stored.
 */
export function previewTotals(lines: readonly LineDraft[], withholding: boolean): TotalsPreview {
  const valid: Parameters<typeof computeTotals>[0][number][] = [];
  const index: (number | null)[] = [];
  for (const line of linesBody(lines)) {
    const parsed = billingLineInputSchema.safeParse(line);
    if (parsed.success) {
      index.push(valid.length);
      valid.push(parsed.data);
    } else index.push(null);
  }
  const totals = computeTotals(valid, { withholding });
  return {
    totals,
    amounts: index.map((i) => (i === null ? null : (totals.lines[i]?.amountYen ?? null))),
    skipped: index.filter((i) => i === null).length,
  };
}

/** A credit note's lines: the corrected invoice's lines with the opposite sign. */
export function negatedLines(lines: readonly BillingLine[]): BillingLineInput[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice.startsWith('-') ? line.unitPrice.slice(1) : `-${line.unitPrice}`,
    taxClass: line.taxClass,
    currency: line.currency,
    exchangeRate: line.exchangeRate,
  }));
}
