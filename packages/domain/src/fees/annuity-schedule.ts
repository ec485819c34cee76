import { CaseType } from '../codes/codes.js';
import { plusYears } from '../deadlines/date-math.js';
import type { DeadlineInput } from '../deadlines/deadline-input.js';
import type { ComputedDeadline, DeadlineRuleId } from '../deadlines/deadline-types.js';
import { lapseOf, type RightLapse } from '../deadlines/lapse.js';
import { computeDeadlines } from '../deadlines/rules.js';
import { RegionCode } from '../regions/region-codes.js';
import {
  nationalRenewalOffices,
  type FeeCurrency,
  type FeeInstalment,
  type FeeReduction,
  type NationalRenewalOffice,
} from './fee-row.js';
import { officialFee, type FeeQuery } from './official-fee.js';

/** What the annuity schedule reads from a matter (the deadline input without the paid years, plus what fees depend on). */
export interface AnnuityMatter extends Omit<DeadlineInput, 'paidThroughYear'> {
  claims?: number | null;
  classes?: number | null;
  feeReduction?: FeeReduction | null;
  /** JP patents: the date examination was requested, which picks the annuity table (before or from 2004-04-01). */
  examRequestDate?: string | null;
}

/** A recorded payment of the years `yearFrom` to `yearTo` of the right. */
export interface AnnuityPayment {
  yearFrom: number;
  yearTo: number;
  paidOn: string;
}

/**
 * A decision on one scheduled payment, by its deadline key (`jp.patent.annuity#7`): pay it, or
 * let the right lapse. The API reads it from the deadline's state (lapsed, or done: to pay).
 */
export interface AnnuityDecision {
  key: string;
  decision: 'pay' | 'lapse';
}

/** The yearly payments the pension schedule lists. */
const annuityRules: ReadonlySet<DeadlineRuleId> = new Set([
  'jp.patent.firstAnnuities',
  'jp.patent.annuity',
  'jp.utilityModel.annuity',
  'jp.design.annuity',
  'jp.trademark.secondHalf',
  'jp.trademark.renewalWindow',
  'us.patent.maintenanceFee',
  'ep.patent.renewalFee',
  'ep.unitary.renewalFee',
  ...nationalRenewalOffices.map((state) => `ep.national.${state}.renewalFee` as const),
]);

/** The national office a validated European patent's renewal rule pays (`ep.national.DE.renewalFee`). */
const nationalOfficeOf = (ruleId: DeadlineRuleId): NationalRenewalOffice | undefined =>
  nationalRenewalOffices.find((state) => ruleId === `ep.national.${state}.renewalFee`);

/**
 * The years paid before the first scheduled payment: a registered JP patent or utility model has
 * paid years 1-3 (at grant, Patent Act Art. 108(1); at filing, UM Act Art. 32(1)), a design year 1
 * (Design Act Art. 43(1)), a trademark its registration fee (10 years, unless the payments
 * recorded start at year 1: then the user recorded how it was paid, e.g. the first 5-year half);
 * an EP application owes from year 3.
 */
function paidAtRegistration(matter: AnnuityMatter, payments: readonly AnnuityPayment[]): number {
  if (matter.regionCode === RegionCode.Europe) return Math.max(2, epPaidBeforeGrant(matter));
  if (matter.regionCode !== RegionCode.Japan || !matter.registrationDate) return 0;
  switch (matter.type) {
    case CaseType.Patent:
    case CaseType.UtilityModel:
      return 3;
    case CaseType.Design:
      return 1;
    case CaseType.Trademark:
      return payments.some((p) => p.yearFrom === 1) ? 0 : 10;
    default:
      return 0;
  }
}

/**
 * A granted European patent paid every renewal that fell due before the mention of grant: a
 * missed one would have ended the application (EPC Art. 86(1)). The year of the mention itself,
 * due later that month, is still owed to the EPO (Art. 86(2)).
 */
function epPaidBeforeGrant(matter: AnnuityMatter): number {
  const grant = matter.registrationDate;
  if (!grant) return 0;
  return computeDeadlines(matter)
    .filter((d) => d.ruleId === 'ep.patent.renewalFee' && d.plainDate < grant)
    .reduce((through, d) => Math.max(through, d.year ?? 0), 0);
}

/** The last year of the right paid for: the recorded payments follow on from what registration paid. */
export function paidThroughYear(matter: AnnuityMatter, payments: readonly AnnuityPayment[]): number {
  return payments.reduce((through, p) => Math.max(through, p.yearTo), paidAtRegistration(matter, payments));
}

/**
 * `missed`: the late period passed unpaid (the right lapsed with it, `deadline.closedBy` says
 * how); `ended`: a later payment the lapse made moot, no longer owed.
 */
export type AnnuityState = 'paid' | 'lapse' | 'open' | 'late' | 'missed' | 'ended';

export interface AnnuityFee {
  amount: number;
  lateAmount: number;
  currency: FeeCurrency;
  reduction?: FeeReduction;
  /** The fee table rows used, with their sources. */
  sources: string[];
  /** False when a row used comes from a secondary source only (no official table was read). */
  confirmed: boolean;
}

/** For a trademark renewal: 10 years at once, or the first 5-year half now and the second later. */
export interface TrademarkSplitOption {
  lump10: number;
  half5: number;
  /** What paying in halves costs more (two halves minus the lump). */
  difference: number;
  currency: FeeCurrency;
}

export interface AnnuityEntry {
  deadline: ComputedDeadline;
  state: AnnuityState;
  fee?: AnnuityFee;
  /** Why the fee is not known: no fee row for the date, or the matter lacks claims or classes. */
  feeMissing?: 'noRow' | 'claimsUnknown' | 'classesUnknown';
  split?: TrademarkSplitOption;
  decision?: AnnuityDecision['decision'];
}

const officeOf = (regionCode: number) =>
  regionCode === RegionCode.Japan ? 'JP' : regionCode === RegionCode.UnitedStates ? 'US' : 'EP';

const rightOf = (type: CaseType) =>
  type === CaseType.Patent
    ? 'patent'
    : type === CaseType.UtilityModel
      ? 'utilityModel'
      : type === CaseType.Design
        ? 'design'
        : 'trademark';

/** The fee queries of one scheduled payment: one per year for annuities, one per payment otherwise. */
function feeQueries(
  matter: AnnuityMatter,
  d: ComputedDeadline,
  paymentDate: string,
  instalment?: FeeInstalment,
): FeeQuery[] {
  const common = {
    office: officeOf(matter.regionCode),
    right: rightOf(matter.type),
    paymentDate,
    claims: matter.claims ?? null,
    classes: matter.classes ?? null,
    reduction: matter.feeReduction ?? null,
    examRequestDate: matter.examRequestDate ?? null,
  } as const;
  const year = d.year ?? 1;
  switch (d.ruleId) {
    case 'us.patent.maintenanceFee':
      return [{ ...common, kind: 'maintenance', year }];
    case 'ep.patent.renewalFee':
      return [{ ...common, kind: 'renewal', year }];
    case 'ep.unitary.renewalFee':
      return [{ ...common, office: 'EP', kind: 'unitaryRenewal', year }];
    case 'jp.trademark.secondHalf':
      return [
        {
          ...common,
          kind: year <= 10 ? 'trademarkRegistration' : 'trademarkRenewal',
          year,
          instalment: 'half5',
        },
      ];
    case 'jp.trademark.renewalWindow':
      return [{ ...common, kind: 'trademarkRenewal', year, instalment: instalment ?? 'lump10' }];
    default: {
      const national = nationalOfficeOf(d.ruleId);
      if (national) return [{ ...common, office: national, kind: 'renewal', year }];
      const queries: FeeQuery[] = [];
      for (let y = year; y <= (d.throughYear ?? year); y += 1)
        queries.push({ ...common, kind: 'annuity', year: y });
      return queries;
    }
  }
}

type Priced = { fee: AnnuityFee } | { missing: 'noRow' | 'claimsUnknown' | 'classesUnknown' };

function feeOf(
  matter: AnnuityMatter,
  d: ComputedDeadline,
  paymentDate: string,
  instalment?: FeeInstalment,
): Priced {
  let fee: AnnuityFee | undefined;
  for (const query of feeQueries(matter, d, paymentDate, instalment)) {
    const result = officialFee(query);
    if (!result.ok) return { missing: result.reason };
    const { quote } = result;
    fee = {
      amount: (fee?.amount ?? 0) + quote.amount,
      lateAmount: (fee?.lateAmount ?? 0) + quote.lateAmount,
      currency: quote.currency,
      ...(quote.reduction && { reduction: quote.reduction }),
      sources: [...new Set([...(fee?.sources ?? []), quote.row.source])],
      confirmed: (fee?.confirmed ?? true) && quote.row.confirmed,
    };
  }
  return fee ? { fee } : { missing: 'noRow' };
}

/**
 * The pension (annuity and renewal) schedule of one matter on `today`: every yearly payment the
 * rules compute, with its official fee from the table row in force on the payment date (the
 * recorded date when paid, else the due date), whether it is paid, and the decision taken.
 */
export function annuitySchedule(
  matter: AnnuityMatter,
  payments: readonly AnnuityPayment[],
  decisions: readonly AnnuityDecision[],
  today: string,
): AnnuityEntry[] {
  const through = paidThroughYear(matter, payments);
  return computeDeadlines({ ...matter, paidThroughYear: through }, { today })
    .filter((d) => annuityRules.has(d.ruleId))
    .map((deadline) => {
      const year = deadline.year ?? 1;
      const payment = payments.find((p) => year >= p.yearFrom && year <= p.yearTo);
      const decision = decisions.find((x) => x.key === deadline.key)?.decision;
      const paid = deadline.paid === true;
      const state: AnnuityState = paid
        ? 'paid'
        : deadline.closedBy?.how === 'notApplicable'
          ? 'ended'
          : decision === 'lapse'
            ? 'lapse'
            : deadline.date >= today
              ? 'open'
              : deadline.lateUntil && deadline.lateUntil >= today
                ? 'late'
                : 'missed';
      const priced = feeOf(matter, deadline, payment?.paidOn ?? deadline.date);
      const entry: AnnuityEntry = {
        deadline,
        state,
        ...('fee' in priced ? { fee: priced.fee } : { feeMissing: priced.missing }),
        ...(decision && { decision }),
      };
      if (deadline.ruleId === 'jp.trademark.renewalWindow' && !paid) {
        const half = feeOf(matter, deadline, deadline.date, 'half5');
        if ('fee' in priced && 'fee' in half) {
          entry.split = {
            lump10: priced.fee.amount,
            half5: half.fee.amount,
            difference: half.fee.amount * 2 - priced.fee.amount,
            currency: priced.fee.currency,
          };
        }
      }
      return entry;
    });
}

/** The lapse of the matter's right on `today` (a payment's late period passed unpaid), if any. */
export function annuityLapse(
  matter: AnnuityMatter,
  payments: readonly AnnuityPayment[],
  today: string,
): RightLapse | undefined {
  return lapseOf(computeDeadlines({ ...matter, paidThroughYear: paidThroughYear(matter, payments) }), today);
}

/** Forecast horizons of the totals, in years from today. */
export const annuityHorizons = [1, 5, 10] as const;

/** What is still to pay (open, or late at the late fee), summed per currency within each horizon. */
export function annuityForecast(entries: readonly AnnuityEntry[], today: string) {
  const due = entries.filter((e) => (e.state === 'open' || e.state === 'late') && e.fee);
  const amountOf = (e: AnnuityEntry) => (e.state === 'late' ? e.fee!.lateAmount : e.fee!.amount);
  return annuityHorizons.map((years) => {
    const until = plusYears(today, years);
    const totals = new Map<FeeCurrency, number>();
    for (const e of due) {
      if (e.deadline.date > until) continue;
      totals.set(e.fee!.currency, (totals.get(e.fee!.currency) ?? 0) + amountOf(e));
    }
    return { years, totals: [...totals].map(([currency, amount]) => ({ currency, amount })) };
  });
}

/** What is still to pay per calendar year of the due date and currency. */
export function annuityTotalsByCalendarYear(entries: readonly AnnuityEntry[]) {
  const totals = new Map<string, { calendarYear: number; currency: FeeCurrency; amount: number }>();
  for (const e of entries) {
    if ((e.state !== 'open' && e.state !== 'late') || !e.fee) continue;
    const calendarYear = Number(e.deadline.date.slice(0, 4));
    const key = `${calendarYear}:${e.fee.currency}`;
    const row = totals.get(key) ?? { calendarYear, currency: e.fee.currency, amount: 0 };
    row.amount += e.state === 'late' ? e.fee.lateAmount : e.fee.amount;
    totals.set(key, row);
  }
  return [...totals.values()].sort(
    (a, b) => a.calendarYear - b.calendarYear || a.currency.localeCompare(b.currency),
  );
}
