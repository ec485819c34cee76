/**
 * Offices whose official fees the portal holds as data: JP, US, the EPO (pending applications and
 * Unitary Patents), and the national offices collecting renewal fees of validated European
 * patents (fee-table-ep-national.ts).
 */
export type FeeOffice = 'JP' | 'US' | 'EP' | NationalRenewalOffice;
/** The EPC states whose renewal fees for a validated European patent are held (CH stands for CH/LI). */
export const nationalRenewalOffices = ['DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'CH', 'SE', 'AT', 'BE'] as const;
export type NationalRenewalOffice = (typeof nationalRenewalOffices)[number];
export type FeeRight = 'patent' | 'utilityModel' | 'design' | 'trademark';
/**
 * What a fee pays for: a yearly annuity, a trademark registration or renewal, a US maintenance
 * fee, a renewal fee (EP application or validated European patent), a Unitary Patent's renewal fee.
 */
export type FeeKind =
  'annuity' | 'trademarkRegistration' | 'trademarkRenewal' | 'maintenance' | 'renewal' | 'unitaryRenewal';
/** A trademark fee paid for the whole 10 years or in two 5-year halves (Trademark Act Art. 41-2). */
export type FeeInstalment = 'lump10' | 'half5';
export const feeCurrencies = ['JPY', 'USD', 'EUR', 'GBP', 'CHF', 'SEK'] as const;
export type FeeCurrency = (typeof feeCurrencies)[number];
/**
 * Fee reductions a right holder may qualify for: JP SMEs pay 1/2 and small or young companies 1/3
 * of annuities for years 1-10 (exam requested on or after 2019-04-01); US small entities 40% and
 * micro entities 20% of the undiscounted fee.
 */
export const feeReductions = ['jpSme', 'jpSmallCompany', 'usSmall', 'usMicro'] as const;
export type FeeReduction = (typeof feeReductions)[number];

/** The surcharge for paying in the late (grace) period. */
export type LateFee =
  | { kind: 'double' }
  | { kind: 'surcharge'; amount: number }
  | { kind: 'percent'; percent: number }
  /**
   * A surcharge per month late after `freeMonths` months without one (UK: none in the first
   * month, then £24 for each further month of the 6); the late amount is the most it can reach.
   */
  | { kind: 'perMonth'; amount: number; freeMonths: number; months: number }
  /**
   * A percentage that grows with the time late, each step up to `untilMonth` months after the
   * last day without surcharge (Spain: 25% in the first 3 months, 50% in the next 3); the late
   * amount is the most it can reach, in cents.
   */
  | { kind: 'percentSteps'; steps: readonly { percent: number; untilMonth: number }[] };

/** The text a fee row was read from: its title, address, and the day it was read. */
export interface FeeReference {
  title: string;
  url: string;
  readOn: string;
}

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
  /** Where the amounts come from (the address of `reference`, when there is one). */
  source: string;
  reference?: FeeReference;
  /** False when the amounts come from a secondary source only. */
  confirmed: boolean;
}
