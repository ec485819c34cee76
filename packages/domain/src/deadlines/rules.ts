import { CaseType } from '../codes/codes.js';
import type { Locale } from '../codes/codes.js';
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

/**
 * What a deadline's day is. A procedure or payment deadline that falls on a day the office is
 * closed moves to its next business day (JP Patent Act Art. 3(2)); the end of a right's term
 * never moves.
 */
export type DeadlineKind = 'procedure' | 'payment' | 'termEnd';

/** Why a deadline's date differs from the date the rule gives. */
export interface DeadlineShift {
  reason: 'weekend' | 'holiday' | 'yearEnd';
  /** The holiday's name in each interface language, when `reason` is `holiday`. */
  holiday?: LegalSource;
}

/** A computed deadline: the last day, and for windows the first day too. */
export interface ComputedDeadline {
  ruleId: DeadlineRuleId;
  /**
   * Stable identity of this deadline on its matter: the rule id, plus `#year` for a yearly
   * payment (e.g. `jp.patent.annuity#4`). Stored states (done, let lapse, confirmed), reminder
   * jobs and calendar UIDs key on it, so it must never change for the same deadline.
   */
  key: string;
  kind: DeadlineKind;
  /** For a yearly payment (annuity, renewal, maintenance fee): the year of the right it pays. */
  year?: number;
  /** i18n key of the deadline's name, e.g. `deadline.jp.patent.examinationRequest.name`. */
  nameKey: string;
  /** i18n key explaining how the date is computed. */
  ruleKey: string;
  /** The legal source, cited as practitioners cite it, in each interface language. */
  source: LegalSource;
  /** Last day (or, for a window, the day it closes), after any business-day shift. */
  date: string;
  /** The last day as the rule gives it, before any shift; equals `date` when nothing moved it. */
  plainDate: string;
  /** Why `date` differs from `plainDate`; absent when it does not. */
  shift?: DeadlineShift;
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

/** A legal citation in Japanese and in English (a Japanese user reads 特許法第48条の3第1項). */
export type LegalSource = Readonly<Record<Locale, string>>;

export interface DeadlineRule {
  id: DeadlineRuleId;
  kind: DeadlineKind;
  source: LegalSource;
  confirmed: boolean;
  compute(
    input: DeadlineInput,
  ):
    | Omit<
        ComputedDeadline,
        'ruleId' | 'key' | 'kind' | 'plainDate' | 'nameKey' | 'ruleKey' | 'source' | 'confirmed'
      >
    | undefined;
}

const isJp = (input: DeadlineInput) => input.regionCode === RegionCode.Japan;
/**
 * A PCT application: the PCT covers patents and utility models only (designs go abroad under the
 * Hague Agreement, trademarks under the Madrid Protocol), so no other right type has its deadlines.
 */
const isPct = (input: DeadlineInput) =>
  input.regionCode === RegionCode.Pct &&
  (input.type === CaseType.Patent || input.type === CaseType.UtilityModel);
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
    kind: 'procedure',
    source: {
      ja: '特許法第48条の3第1項（PCT国内移行案件は第184条の17）',
      en: 'Patent Act (Japan) Art. 48-3(1); Art. 184-17 for PCT national phase',
    },
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Patent) return undefined;
      const base = input.internationalFilingDate ?? input.applicationDate;
      return base ? { date: plusYears(base, 3) } : undefined;
    },
  },
  {
    id: 'jp.patent.termExpiry',
    kind: 'termEnd',
    source: {
      ja: '特許法第67条第1項（第67条第4項による最大5年の延長は含まない）',
      en: 'Patent Act (Japan) Art. 67(1) (extension of up to 5 years under Art. 67(4) not included)',
    },
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Patent) return undefined;
      const base = input.internationalFilingDate ?? input.applicationDate;
      return base ? { date: plusYears(base, 20) } : undefined;
    },
  },
  {
    id: 'jp.utilityModel.termExpiry',
    kind: 'termEnd',
    source: { ja: '実用新案法第15条', en: 'Utility Model Act (Japan) Art. 15' },
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
    kind: 'termEnd',
    source: {
      ja: '意匠法第21条第1項（令和元年法律第3号による改正、2020年4月1日施行）',
      en: 'Design Act (Japan) Art. 21(1), as amended by Act No. 3 of 2019 (in force 2020-04-01)',
    },
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Design || !input.applicationDate) return undefined;
      if (input.applicationDate >= '2020-04-01') return { date: plusYears(input.applicationDate, 25) };
      return input.registrationDate ? { date: plusYears(input.registrationDate, 20) } : undefined;
    },
  },
  {
    id: 'jp.trademark.termExpiry',
    kind: 'termEnd',
    source: { ja: '商標法第19条第1項', en: 'Trademark Act (Japan) Art. 19(1)' },
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
    kind: 'payment',
    source: { ja: '商標法第20条第2項・第3項', en: 'Trademark Act (Japan) Art. 20(2) and (3)' },
    confirmed: false,
    compute(input) {
      if (!isJp(input) || input.type !== CaseType.Trademark || !input.registrationDate) return undefined;
      const expiry = plusYears(input.registrationDate, 10);
      return { opensOn: plusMonths(expiry, -6), date: expiry, lateUntil: plusMonths(expiry, 6) };
    },
  },
  {
    id: 'pct.nationalPhaseEntry',
    kind: 'procedure',
    source: {
      ja: '特許協力条約（PCT）第22条(1)・第39条(1)(a)：優先日から30か月',
      en: 'PCT Art. 22(1) and 39(1)(a): 30 months from the priority date',
    },
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      return base ? { date: plusMonths(base, 30) } : undefined;
    },
  },
  {
    id: 'pct.nationalPhaseEntryEp',
    kind: 'procedure',
    source: {
      ja: '欧州特許条約（EPC）規則159(1)：欧州段階への移行は優先日から31か月',
      en: 'EPC Rule 159(1): 31 months from the priority date for entry into the European phase',
    },
    confirmed: false,
    compute(input) {
      const base = isPct(input) ? priorityOrFiling(input) : undefined;
      return base ? { date: plusMonths(base, 31) } : undefined;
    },
  },
  {
    // The later of 2 months from transmittal of the search report and 16 months from priority.
    id: 'pct.article19Amendment',
    kind: 'procedure',
    source: { ja: '特許協力条約（PCT）第19条、規則46.1', en: 'PCT Art. 19, Rule 46.1' },
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
    kind: 'procedure',
    source: { ja: '特許協力条約（PCT）第31条、規則54の2.1(a)', en: 'PCT Art. 31, Rule 54bis.1(a)' },
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
          key: rule.id,
          kind: rule.kind,
          plainDate: result.date,
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
