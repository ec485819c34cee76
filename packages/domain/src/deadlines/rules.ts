import { CaseType } from '../codes/codes.js';
import { RegionCode } from '../regions/region-codes.js';
import type { DeadlineInput } from './deadline-input.js';
import { latest, plusMonths, plusYears } from './date-math.js';

export type DeadlineRuleId =
  | 'jp.patent.examinationRequest'
  | 'jp.patent.termExpiry'
  | 'jp.utilityModel.termExpiry'
  | 'jp.design.termExpiry'
  | 'jp.trademark.termExpiry'
  | 'jp.trademark.renewalWindow'
  | 'pct.nationalPhaseEntry'
  | 'pct.nationalPhaseEntryEp'
  | 'pct.article19Amendment'
  | 'pct.chapterIIDemand';

/** A computed deadline: the last day, and for windows the first day too. */
export interface ComputedDeadline {
  ruleId: DeadlineRuleId;
  /** i18n key of the deadline's name, e.g. `deadline.jp.patent.examinationRequest.name`. */
  nameKey: string;
  /** i18n key explaining how the date is computed. */
  ruleKey: string;
  /** The legal source, cited as practitioners cite it. */
  source: string;
  /** Last day (or, for a window, the day it closes). */
  date: string;
  /** First day of a window (e.g. the trademark renewal window). */
  opensOn?: string;
  /** Last day of a late period with surcharge, when the law allows one. */
  lateUntil?: string;
  /**
   * False where the rule is known to be incomplete, e.g. the shift of a last day that falls on
   * an office holiday is not applied: the UI must say so rather than imply certainty.
   */
  confirmed: boolean;
}

export interface DeadlineRule {
  id: DeadlineRuleId;
  source: string;
  confirmed: boolean;
  compute(
    input: DeadlineInput,
  ): Omit<ComputedDeadline, 'ruleId' | 'nameKey' | 'ruleKey' | 'source' | 'confirmed'> | undefined;
}

const isJp = (input: DeadlineInput) => input.regionCode === RegionCode.Japan;
const isPct = (input: DeadlineInput) => input.regionCode === RegionCode.Pct;
const priorityOrFiling = (input: DeadlineInput) =>
  input.earliestPriorityDate ?? input.applicationDate ?? undefined;

/**
 * The deadline rule table. Each rule names its source; each has a worked example in
 * test/deadlines.test.ts. Holiday shifts are not applied anywhere yet (unconfirmed for Japan,
 * see shared/docs/ip-domain-facts.md), which is why no rule here is marked confirmed.
 */
export const deadlineRules: readonly DeadlineRule[] = [
  {
    // Examination request within 3 years of the Japanese filing date; for PCT national-phase
    // cases, of the international filing date. Paris-route cases count from the Japanese filing.
    id: 'jp.patent.examinationRequest',
    source: 'Patent Act (Japan) Art. 48-3(1); Art. 184-17 for PCT national phase',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Patent) return undefined;
      const base = input.internationalFilingDate ?? input.applicationDate;
      return base ? { date: plusYears(base, 3) } : undefined;
    },
  },
  {
    id: 'jp.patent.termExpiry',
    source: 'Patent Act (Japan) Art. 67(1) (extension of up to 5 years under Art. 67(4) not included)',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Patent) return undefined;
      const base = input.internationalFilingDate ?? input.applicationDate;
      return base ? { date: plusYears(base, 20) } : undefined;
    },
  },
  {
    id: 'jp.utilityModel.termExpiry',
    source: 'Utility Model Act (Japan) Art. 15',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.UtilityModel) return undefined;
      const base = input.internationalFilingDate ?? input.applicationDate;
      return base ? { date: plusYears(base, 10) } : undefined;
    },
  },
  {
    // Filed on or after 2020-04-01: 25 years from filing; earlier filings: 20 years from registration.
    id: 'jp.design.termExpiry',
    source: 'Design Act (Japan) Art. 21(1), as amended by Act No. 3 of 2019 (in force 2020-04-01)',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Design || !input.applicationDate) return undefined;
      if (input.applicationDate >= '2020-04-01') return { date: plusYears(input.applicationDate, 25) };
      return input.registrationDate ? { date: plusYears(input.registrationDate, 20) } : undefined;
    },
  },
  {
    id: 'jp.trademark.termExpiry',
    source: 'Trademark Act (Japan) Art. 19(1)',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Trademark || !input.registrationDate) return undefined;
      return { date: plusYears(input.registrationDate, 10) };
    },
  },
  {
    // Renewal may be filed from 6 months before expiry until expiry; late renewal up to 6 months
    // after expiry with a surcharge (double fee).
    id: 'jp.trademark.renewalWindow',
    source: 'Trademark Act (Japan) Art. 20(2) and (3)',
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Trademark || !input.registrationDate) return undefined;
      const expiry = plusYears(input.registrationDate, 10);
      return { opensOn: plusMonths(expiry, -6), date: expiry, lateUntil: plusMonths(expiry, 6) };
    },
  },
  {
    id: 'pct.nationalPhaseEntry',
    source: 'PCT Art. 22(1) and 39(1)(a): 30 months from the priority date',
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      return base ? { date: plusMonths(base, 30) } : undefined;
    },
  },
  {
    id: 'pct.nationalPhaseEntryEp',
    source: 'EPC Rule 159(1): 31 months from the priority date for entry into the European phase',
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      return base ? { date: plusMonths(base, 31) } : undefined;
    },
  },
  {
    // The later of 2 months from transmittal of the search report and 16 months from priority.
    id: 'pct.article19Amendment',
    source: 'PCT Art. 19, Rule 46.1',
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      if (!base) return undefined;
      const fromPriority = plusMonths(base, 16);
      const fromReport = input.searchReportTransmittalDate
        ? plusMonths(input.searchReportTransmittalDate, 2)
        : undefined;
      return { date: fromReport ? latest(fromReport, fromPriority) : fromPriority };
    },
  },
  {
    // The later of 3 months from transmittal of the search report and written opinion, and 22 months from priority.
    id: 'pct.chapterIIDemand',
    source: 'PCT Art. 31, Rule 54bis.1(a)',
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      if (!base) return undefined;
      const fromPriority = plusMonths(base, 22);
      const fromReport = input.searchReportTransmittalDate
        ? plusMonths(input.searchReportTransmittalDate, 3)
        : undefined;
      return { date: fromReport ? latest(fromReport, fromPriority) : fromPriority };
    },
  },
];

/** Every deadline the rule table computes for a matter, sorted by date. */
export function computeDeadlines(input: DeadlineInput): ComputedDeadline[] {
  return deadlineRules
    .flatMap((rule) => {
      const result = rule.compute(input);
      if (!result) return [];
      return [
        {
          ruleId: rule.id,
          nameKey: `deadline.${rule.id}.name`,
          ruleKey: `deadline.${rule.id}.rule`,
          source: rule.source,
          confirmed: rule.confirmed,
          ...result,
        },
      ];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}
