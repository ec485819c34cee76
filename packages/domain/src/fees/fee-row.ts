/** Offices whose official fees the portal holds as data. */
export type FeeOffice = 'JP' | 'US' | 'EP';
export type FeeRight = 'patent' | 'utilityModel' | 'design' | 'trademark';
/** What a fee pays for: a yearly annuity, a trademark registration or renewal, a US maintenance fee, an EP renewal fee. */
export type FeeKind = 'annuity' | 'trademarkRegistration' | 'trademarkRenewal' | 'maintenance' | 'renewal';
/** A trademark fee paid for the whole 10 years or in two 5-year halves (Trademark Act Art. 41-2). */
export type FeeInstalment = 'lump10' | 'half5';
export type FeeCurrency = 'JPY' | 'USD' | 'EUR';
/**
 * Fee reductions a right holder may qualify for: JP SMEs pay 1/2 and small or young companies 1/3
 * of annuities for years 1-10 (exam requested on or after 2019-04-01); US small entities 40% and
 * micro entities 20% of the undiscounted fee.
 */
export const feeReductions = ['jpSme', 'jpSmallCompany', 'usSmall', 'usMicro'] as const;
export type FeeReduction = (typeof feeReductions)[number];

/** The surcharge for paying in the late (grace) period. */
export type LateFee =
  { kind: 'double' } | { kind: 'surcharge'; amount: number } | { kind: 'percent'; percent: number };

/**
 * One row of an official fee table: the fee per year (per payment for US maintenance fees and
 * trademark instalments) for a range of years, in force from `validFrom` until the next row for the
 * same fee. Amount = base + perUnit x claims (or classes).
 */
export interface FeeRow {
  id: string;
  office: FeeOffice;
  right: FeeRight;
  kind: FeeKind;
  years: { from: number; to: number };
  instalment?: FeeInstalment;
  base: number;
  perUnit: number;
  unit: 'claim' | 'class' | 'none';
  currency: FeeCurrency;
  validFrom: string;
  /** JP patent tables are keyed by the date examination was requested, not the payment date alone. */
  examRequested?: { onOrAfter?: string; before?: string };
  reductions: readonly {
    reduction: FeeReduction;
    factor: number;
    /** Round the reduced fee down to a multiple of this (JP: 10 yen, per year). */
    roundDownTo?: number;
    examRequestedOnOrAfter?: string;
  }[];
  late?: LateFee;
  /** Where the amounts come from. */
  source: string;
  /** False when the amounts come from a secondary source only. */
  confirmed: boolean;
}
