import type { TaxClass } from '../codes/codes.js';

/** One invoice or estimate line as entered; amounts are decimal strings, never floats. */
export interface LineInput {
  description: string;
  /** Decimal, up to 3 places, > 0. */
  quantity: string;
  /** Decimal in `currency`: integer for JPY, up to 2 places otherwise; negative for a discount. */
  unitPrice: string;
  taxClass: TaxClass;
  /** 'JPY' or an ISO 4217 code. */
  currency: string;
  /** JPY per 1 unit of `currency`, up to 4 places; required iff currency !== 'JPY'. */
  exchangeRate: string | null;
}

export interface ComputedLine extends LineInput {
  /** quantity × unitPrice in the currency, rounded half-up to 2 places; null for JPY. */
  foreignAmount: string | null;
  /** JPY: quantity × unitPrice truncated to yen; foreign: foreignAmount × exchangeRate truncated. */
  amountYen: number;
}
