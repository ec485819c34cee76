import Big from 'big.js';
import { convertToYen } from '../money/convert-to-yen.js';

/** One payment still to make (open, or late at its late fee), as the forecast counts it. */
export interface ForecastPayment {
  projectId: string;
  /** The matter's country or office (`RegionCode`). */
  regionCode: number;
  dueDate: string;
  amount: number;
  currency: string;
}

/** Yen per unit of a currency, as a decimal string. */
export interface ForecastRate {
  currency: string;
  rate: string;
}

/** A sum of payments: per currency as charged, and in yen when every currency in it has a rate. */
export interface ForecastSum {
  /** JPY first, then the other currencies in code order; foreign amounts to the cent. */
  amounts: { currency: string; amount: number }[];
  /** Null when a currency in the sum has no rate: a yen total of only part would read as the whole. */
  yen: number | null;
  /** The currencies in the sum that have no rate. */
  missingRates: string[];
}

export interface PensionForecastInput {
  payments: readonly ForecastPayment[];
  rates: readonly ForecastRate[];
  /** Matters marked "to be abandoned" (放棄予定): their payments count as saved, not as cost. */
  abandoned: ReadonlySet<string>;
  today: string;
  /** Calendar years forecast, this one included. */
  years?: number;
}

export const forecastYears = 10;

const byCurrencyOrder = (a: string, b: string) =>
  a === b ? 0 : a === 'JPY' ? -1 : b === 'JPY' ? 1 : a.localeCompare(b);

/** A payment in yen: a yen fee as it is, a foreign one at its rate; null without a rate. */
export function paymentInYen(
  payment: Pick<ForecastPayment, 'amount' | 'currency'>,
  rates: ReadonlyMap<string, string>,
): number | null {
  if (payment.currency === 'JPY') return convertToYen(payment.amount, '1');
  const rate = rates.get(payment.currency);
  return rate === undefined ? null : convertToYen(payment.amount, rate);
}

/** Sums payments per currency (exact decimals) and, when every currency has a rate, in yen. */
export function sumPayments(
  payments: readonly Pick<ForecastPayment, 'amount' | 'currency'>[],
  rates: ReadonlyMap<string, string>,
): ForecastSum {
  const amounts = new Map<string, Big>();
  const missing = new Set<string>();
  let yen = 0;
  for (const payment of payments) {
    amounts.set(payment.currency, (amounts.get(payment.currency) ?? new Big(0)).plus(payment.amount));
    const inYen = paymentInYen(payment, rates);
    if (inYen === null) missing.add(payment.currency);
    else yen += inYen;
  }
  return {
    amounts: [...amounts.keys()]
      .sort(byCurrencyOrder)
      .map((currency) => ({ currency, amount: Number(amounts.get(currency)!.toFixed(2)) })),
    yen: missing.size > 0 ? null : yen,
    missingRates: [...missing].sort(),
  };
}

/**
 * The calendar year a payment counts in: its due date's, or this year for a late payment due
 * last year (it is still to pay now).
 */
const yearOf = (payment: ForecastPayment, firstYear: number) =>
  Math.max(firstYear, Number(payment.dueDate.slice(0, 4)));

function byRegion(payments: readonly ForecastPayment[], rates: ReadonlyMap<string, string>) {
  const regions = [...new Set(payments.map((p) => p.regionCode))].sort((a, b) => a - b);
  return regions.map((regionCode) => ({
    regionCode,
    total: sumPayments(
      payments.filter((p) => p.regionCode === regionCode),
      rates,
    ),
  }));
}

/**
 * What the annuities of the next calendar years cost, per year and per country or office, in the
 * currencies charged and in yen at the rates given; and what abandoning the marked matters saves
 * (a right let lapse pays nothing from its next payment on, so all its payments are saved).
 */
export function pensionForecastTotals({
  payments,
  rates,
  abandoned,
  today,
  years = forecastYears,
}: PensionForecastInput) {
  const rateOf = new Map(rates.map((r) => [r.currency, r.rate]));
  const firstYear = Number(today.slice(0, 4));
  const lastYear = firstYear + years - 1;
  const counted = payments.filter((p) => yearOf(p, firstYear) <= lastYear);
  const planned = counted.filter((p) => !abandoned.has(p.projectId));
  const projectIds = [...new Set(counted.map((p) => p.projectId))];
  return {
    firstYear,
    lastYear,
    total: sumPayments(planned, rateOf),
    saving: sumPayments(
      counted.filter((p) => abandoned.has(p.projectId)),
      rateOf,
    ),
    byYear: Array.from({ length: years }, (_, i) => firstYear + i).map((calendarYear) => {
      const inYear = planned.filter((p) => yearOf(p, firstYear) === calendarYear);
      return { calendarYear, total: sumPayments(inYear, rateOf), byRegion: byRegion(inYear, rateOf) };
    }),
    byRegion: byRegion(planned, rateOf),
    byMatter: projectIds.map((projectId) => ({
      projectId,
      abandoned: abandoned.has(projectId),
      total: sumPayments(
        counted.filter((p) => p.projectId === projectId),
        rateOf,
      ),
    })),
  };
}

export type PensionForecastTotals = ReturnType<typeof pensionForecastTotals>;
