import type {
  FeeCurrency,
  FeeInstalment,
  FeeKind,
  FeeOffice,
  FeeReduction,
  FeeRight,
  FeeRow,
} from './fee-row.js';
import { japaneseFeeRows } from './fee-table-jp.js';
import { nationalRenewalFeeRows, unitaryPatentFeeRows } from './fee-table-ep-national.js';
import { foreignFeeRows } from './fee-table-us-ep.js';

/** Every official fee row the portal knows. */
export const feeRows: readonly FeeRow[] = [
  ...japaneseFeeRows,
  ...foreignFeeRows,
  ...nationalRenewalFeeRows,
  ...unitaryPatentFeeRows,
];

export interface FeeQuery {
  office: FeeOffice;
  right: FeeRight;
  kind: FeeKind;
  /** The year of the right paid for (US maintenance: 4, 8 or 12; trademark: the first year of the term). */
  year: number;
  /** The (expected) payment date: the row in force on that day applies. */
  paymentDate: string;
  instalment?: FeeInstalment;
  claims?: number | null;
  classes?: number | null;
  reduction?: FeeReduction | null;
  /** JP patents: when examination was requested; unknown means the current table (requested on or after 2004-04-01). */
  examRequestDate?: string | null;
}

export interface FeeQuote {
  /** The fee for the year (or the payment) on time. */
  amount: number;
  /** The fee when paid in the late period, surcharge included. */
  lateAmount: number;
  currency: FeeCurrency;
  /** The reduction applied, when the query asked for one the row allows. */
  reduction?: FeeReduction;
  row: FeeRow;
}

export type FeeResult =
  { ok: true; quote: FeeQuote } | { ok: false; reason: 'noRow' | 'claimsUnknown' | 'classesUnknown' };

function examConditionMet(row: FeeRow, examRequestDate: string | null | undefined): boolean {
  if (!row.examRequested) return true;
  // A matter without the date is priced by the current table: rights examined before 2004 have
  // almost all expired, and the legacy rows would otherwise tie with the current ones.
  if (!examRequestDate) return !row.examRequested.before;
  const { onOrAfter, before } = row.examRequested;
  return (!onOrAfter || examRequestDate >= onOrAfter) && (!before || examRequestDate < before);
}

/** The row in force on the payment date: the latest `validFrom` on or before it (fee-change notices apply the payment date). */
export function feeRowFor(query: FeeQuery): FeeRow | undefined {
  return feeRows
    .filter(
      (row) =>
        row.office === query.office &&
        row.right === query.right &&
        row.kind === query.kind &&
        row.instalment === (row.right === 'trademark' ? (query.instalment ?? 'lump10') : undefined) &&
        query.year >= row.years.from &&
        query.year <= row.years.to &&
        row.validFrom <= query.paymentDate &&
        examConditionMet(row, query.examRequestDate),
    )
    .reduce<FeeRow | undefined>(
      (best, row) => (!best || row.validFrom > best.validFrom ? row : best),
      undefined,
    );
}

/** The official fee for one year (or one payment), from the fee table row in force on the payment date. */
export function officialFee(query: FeeQuery): FeeResult {
  const row = feeRowFor(query);
  if (!row) return { ok: false, reason: 'noRow' };
  const units = row.unit === 'claim' ? query.claims : row.unit === 'class' ? query.classes : 0;
  if (units == null || units < 0)
    return { ok: false, reason: row.unit === 'claim' ? 'claimsUnknown' : 'classesUnknown' };
  const full = row.base + row.perUnit * units;
  const reduction = row.reductions.find(
    (r) =>
      r.reduction === query.reduction &&
      (!r.examRequestedOnOrAfter ||
        !query.examRequestDate ||
        query.examRequestDate >= r.examRequestedOnOrAfter),
  );
  const reduce = (amount: number) => {
    if (!reduction) return amount;
    const reduced = amount * reduction.factor;
    const step = reduction.roundDownTo ?? 1;
    // Rounded to avoid 0.1 + 0.2 noise before truncating (e.g. 4,900 x 1/3 = 1,633.33 -> 1,630).
    return Math.floor(Math.round(reduced * 100) / 100 / step) * step;
  };
  const amount = reduce(full);
  const late = row.late;
  const lateAmount = !late
    ? amount
    : late.kind === 'double'
      ? amount * 2
      : late.kind === 'surcharge'
        ? amount + reduce(late.amount)
        : late.kind === 'perMonth'
          ? amount + late.amount * (late.months - late.freeMonths)
          : late.kind === 'percentSteps'
            ? // In whole cents first, so 18.85 x 1.5 is 28.28 and not a float's 28.27.
              Math.round(
                (Math.round(amount * 100) * (100 + Math.max(...late.steps.map((s) => s.percent)))) / 100,
              ) / 100
            : amount + Math.round((amount * late.percent) / 100);
  return {
    ok: true,
    quote: {
      amount,
      lateAmount,
      currency: row.currency,
      row,
      ...(reduction && { reduction: reduction.reduction }),
    },
  };
}
