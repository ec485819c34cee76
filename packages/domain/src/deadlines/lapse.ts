import { nextJapanBusinessDay } from '../dates/japan-calendar/business-days.js';
import type { DeadlineClosure } from './closures.js';
import type {
  ComputedDeadline,
  DeadlineRuleId,
  LegalSource,
  RestorationRuleId,
  RuleReference,
} from './deadline-types.js';
import { plusDays, plusMonths, plusYears } from './date-math.js';
import type { LapseFact } from './lapse-facts.js';

/*
 * A yearly payment not made by the end of its late period ends the right: a JP right is deemed
 * lapsed (消滅), a US patent expires, an EP application is deemed withdrawn. The law then gives a
 * last window to bring it back (回復, a petition for delayed payment, re-establishment), which is a
 * deadline of its own. Time alone causes the lapse, so it is judged on a given day.
 */

interface LapseRule {
  /** How the right ended, as its label reads. */
  fact: LapseFact;
  /** What the later payments and the term are closed by (a withdrawn application has no right). */
  after: LapseFact;
  /** The law that ends the right. */
  source: LegalSource;
  restoration: {
    ruleId: RestorationRuleId;
    /** The last day of the window, from the unpaid payment's deadline. */
    until: (unpaid: ComputedDeadline) => string;
    source: LegalSource;
    /** The texts the window was checked against; confirmed when one of them is official. */
    references: readonly RuleReference[];
    caveatKey?: string;
  };
}

/** JP: within 1 year of the end of the late period (a trademark: 6 months), moved past closed days. */
const jpWindow = (months: number) => (unpaid: ComputedDeadline) =>
  nextJapanBusinessDay(plusMonths(unpaid.lateUntil!, months)).date;

/*
 * JP restoration since 2023-04-01 (Act No. 42 of 2021): when missing the late period was not
 * intentional, within 2 months of the day the payment became possible and within 1 year of the
 * end of the late period (trademarks 6 months), with a statement of reasons and a restoration
 * fee. Sources: JPO, 「故意によるものでないこと」による期間徒過後の救済について
 * (https://www.jpo.go.jp/system/laws/rule/guideline/kyusai_method2.html, as quoted by
 * https://www.sakae-pat.jp/ja-others/特許権等の回復申請状況 and https://soei.com); statute text of
 * Patent Act Art. 112-2 (https://patent.lifetechia.com/tokkyo/112-2). The 2-month limit runs from
 * a day the portal does not know, so the window shown is the outer one.
 */
const jpRestorationReferences: readonly RuleReference[] = [
  {
    title: 'JPO, 「故意によるものでないこと」による期間徒過後の救済について',
    url: 'https://www.jpo.go.jp/system/laws/rule/guideline/kyusai_method2.html',
    readOn: '2026-11-29',
    official: true,
  },
];

const usRestorationReferences: readonly RuleReference[] = [
  {
    title: '37 CFR 1.378; Prosecution Pointer 407 (secondary: no time limit, 2 years for an ePetition)',
    url: 'https://www.mondaq.com/unitedstates/patent/1415216/prosecution-pointer-407',
    readOn: '2026-11-29',
    official: false,
  },
];

const epRestorationReferences: readonly RuleReference[] = [
  {
    title: 'EPO, Guide for applicants (Euro-PCT), E XI 2: re-establishment of rights',
    url: 'https://www.epo.org/applying/international/guide-for-applicants/html/e/ga_e_xi_2.html',
    readOn: '2026-11-29',
    // The guide, not the EPC's own text: the window is kept unconfirmed until Rule 136 is read.
    official: false,
  },
];

const jpRestorationNote = {
  ja: '追納期間の経過後1年以内（故意によるものでない場合。回復理由書・回復手数料が必要）',
  en: 'within 1 year after the late-payment period (if not intentional; statement of reasons and restoration fee)',
};

/** A JP patent, utility model or design: the same lapse and restoration, under its own Act. */
function jpYearlyFeeLapse(
  restorationRuleId: RestorationRuleId,
  articles: { lapse: LegalSource; restoration: LegalSource },
): LapseRule {
  return {
    fact: 'jpLatePaymentPassed',
    after: 'rightLapsed',
    source: articles.lapse,
    restoration: {
      ruleId: restorationRuleId,
      until: jpWindow(12),
      source: {
        ja: `${articles.restoration.ja}（${jpRestorationNote.ja}）`,
        en: `${articles.restoration.en} (${jpRestorationNote.en})`,
      },
      references: jpRestorationReferences,
    },
  };
}

const lapseRules: Partial<Record<DeadlineRuleId, LapseRule>> = {
  'jp.patent.annuity': jpYearlyFeeLapse('jp.patent.restoration', {
    lapse: { ja: '特許法第112条第4項', en: 'Patent Act (Japan) Art. 112(4)' },
    restoration: { ja: '特許法第112条の2第1項', en: 'Patent Act (Japan) Art. 112-2(1)' },
  }),
  'jp.utilityModel.annuity': jpYearlyFeeLapse('jp.utilityModel.restoration', {
    lapse: { ja: '実用新案法第33条第4項', en: 'Utility Model Act (Japan) Art. 33(4)' },
    restoration: { ja: '実用新案法第33条の2第1項', en: 'Utility Model Act (Japan) Art. 33-2(1)' },
  }),
  'jp.design.annuity': jpYearlyFeeLapse('jp.design.restoration', {
    lapse: { ja: '意匠法第44条第4項', en: 'Design Act (Japan) Art. 44(4)' },
    restoration: { ja: '意匠法第44条の2第1項', en: 'Design Act (Japan) Art. 44-2(1)' },
  }),
  'jp.trademark.secondHalf': {
    // The second half unpaid: the right lapses back to the 5-year point.
    fact: 'jpLatePaymentPassed',
    after: 'rightLapsed',
    source: { ja: '商標法第41条の3', en: 'Trademark Act (Japan) Art. 41-3' },
    restoration: {
      ruleId: 'jp.trademark.restoration',
      until: jpWindow(6),
      source: {
        ja: '商標法第41条の4（追納期間の経過後6か月以内、故意によるものでない場合）',
        en: 'Trademark Act (Japan) Art. 41-4 (within 6 months after the late-payment period, if not intentional)',
      },
      references: jpRestorationReferences,
    },
  },
  'jp.trademark.renewalWindow': {
    // Not renewed by the end of the late-renewal period: deemed lapsed at the expiry (Art. 20(4)).
    fact: 'jpLateRenewalPassed',
    after: 'rightLapsed',
    source: { ja: '商標法第20条第4項', en: 'Trademark Act (Japan) Art. 20(4)' },
    restoration: {
      ruleId: 'jp.trademark.restoration',
      until: jpWindow(6),
      source: {
        ja: '商標法第21条第1項（更新申請期間の経過後6か月以内、故意によるものでない場合）',
        en: 'Trademark Act (Japan) Art. 21(1) (within 6 months after the late-renewal period, if not intentional)',
      },
      references: jpRestorationReferences,
    },
  },
  'us.patent.maintenanceFee': {
    // The patent expires at the end of the grace period (35 U.S.C. 41(b)(1)).
    fact: 'usGracePassed',
    after: 'rightLapsed',
    source: { ja: '米国特許法第41条(b)(1)', en: '35 U.S.C. 41(b)(1)' },
    restoration: {
      ruleId: 'us.patent.delayedMaintenanceFee',
      // 37 CFR 1.378 sets no time limit for an unintentional delay, but a petition filed more than
      // two years after the expiry must explain the whole delay, and only one filed within two
      // years may be an ePetition (USPTO, ePetition filing requirements; Prosecution Pointer 407,
      // https://www.mondaq.com/unitedstates/patent/1415216/prosecution-pointer-407). The date
      // shown is those two years from the expiry (the day the grace period ends, before any shift).
      until: (unpaid) => plusYears(plusMonths(unpaid.plainDate, 6), 2),
      source: {
        ja: '米国特許法第41条(c)(1)、37 CFR 1.378（期限はなく、失効から2年を過ぎると遅延の事情の説明が求められる）',
        en: '35 U.S.C. 41(c)(1); 37 CFR 1.378 (no time limit; more than 2 years after expiry the USPTO asks for the reasons for the whole delay)',
      },
      references: usRestorationReferences,
      caveatKey: 'deadline.caveat.softLimit',
    },
  },
  'ep.patent.renewalFee': {
    fact: 'epGracePassed',
    after: 'applicationWithdrawn',
    source: { ja: '欧州特許条約（EPC）第86条(1)', en: 'EPC Art. 86(1)' },
    restoration: {
      ruleId: 'ep.patent.reestablishment',
      // Within one year of the end of the grace period, and two months of the removal of the cause
      // (EPO Guide for applicants, Euro-PCT, E XI 2, https://www.epo.org/applying/international/guide-for-applicants/html/e/ga_e_xi_2.html).
      until: (unpaid) => plusYears(unpaid.lateUntil!, 1),
      source: {
        ja: '欧州特許条約（EPC）第122条、規則136(1)（猶予期間の満了から1年以内、障害がなくなった日から2か月以内）',
        en: 'EPC Art. 122; Rule 136(1) (within 1 year of the end of the grace period, and 2 months of the removal of the cause)',
      },
      references: epRestorationReferences,
      caveatKey: 'deadline.caveat.noOfficeCalendar',
    },
  },
};

/** The rules whose missed payment ends the right. */
export const lapsingRuleIds: readonly DeadlineRuleId[] = Object.keys(lapseRules) as DeadlineRuleId[];

/** The deadlines a lapse opens. */
export const restorationRuleIds: readonly RestorationRuleId[] = [
  ...new Set(Object.values(lapseRules).map((rule) => rule.restoration.ruleId)),
];

/** A right ended by a payment not made in time, judged on a given day. */
export interface RightLapse {
  /** The unpaid payment's deadline key and the first year it would have paid. */
  key: string;
  year: number;
  /** How the right ended, as its label reads. */
  fact: LapseFact;
  /** The last day the payment could still be made (the end of the late period). */
  lateUntil: string;
  source: LegalSource;
  /** The window to bring the right back, as a deadline. */
  restoration: ComputedDeadline;
}

/**
 * The lapse of the right on `today`: its first unpaid yearly payment whose late period ended
 * before today. Undefined while every payment is paid or can still be paid.
 */
export function lapseOf(deadlines: readonly ComputedDeadline[], today: string): RightLapse | undefined {
  const unpaid = deadlines
    .filter((d) => lapseRules[d.ruleId] && d.paid !== true && !d.closedBy && d.lateUntil)
    .sort((a, b) => (a.year ?? 0) - (b.year ?? 0))[0];
  if (!unpaid || unpaid.lateUntil! >= today) return undefined;
  const rule = lapseRules[unpaid.ruleId]!;
  const restorationRule = rule.restoration;
  const until = restorationRule.until(unpaid);
  const restoration: ComputedDeadline = {
    ruleId: restorationRule.ruleId,
    key: `${restorationRule.ruleId}#${unpaid.year ?? 1}`,
    kind: 'payment',
    year: unpaid.year ?? 1,
    ...(unpaid.throughYear !== undefined && { throughYear: unpaid.throughYear }),
    nameKey: `deadline.${restorationRule.ruleId}.name`,
    ruleKey: `deadline.${restorationRule.ruleId}.rule`,
    source: restorationRule.source,
    date: until,
    plainDate: until,
    opensOn: plusDays(unpaid.lateUntil!, 1),
    references: restorationRule.references,
    confirmed: restorationRule.references.some((reference) => reference.official),
    ...(restorationRule.caveatKey && { caveatKey: restorationRule.caveatKey }),
    // Left unused, the right is lost for good: past, not overdue.
    ...(until < today && {
      closedBy: { how: 'lapsed', fact: 'restorationPassed', date: until } satisfies DeadlineClosure,
    }),
  };
  return {
    key: unpaid.key,
    year: unpaid.year ?? 1,
    fact: rule.fact,
    lateUntil: unpaid.lateUntil!,
    source: rule.source,
    restoration,
  };
}

/**
 * The deadlines as they stand on `today` after a lapse: the unpaid payment reads as the lapse
 * (「消滅（追納期間経過）」), the later payments and the end of the term are moot, and the
 * restoration deadline is added. Unchanged when the right has not lapsed.
 */
export function withLapse(deadlines: readonly ComputedDeadline[], today: string): ComputedDeadline[] {
  const lapse = lapseOf(deadlines, today);
  if (!lapse) return [...deadlines];
  const rule = lapseRules[deadlines.find((d) => d.key === lapse.key)!.ruleId]!;
  const moot: DeadlineClosure = { how: 'notApplicable', fact: rule.after, date: lapse.lateUntil };
  const closed = deadlines.map((d): ComputedDeadline => {
    if (d.key === lapse.key)
      return { ...d, closedBy: { how: 'lapsed', fact: lapse.fact, date: lapse.lateUntil } };
    if (d.closedBy || d.paid) return d;
    const later =
      (d.kind === 'payment' && lapseRules[d.ruleId] && (d.year ?? 0) > lapse.year) ||
      (d.kind === 'termEnd' && d.date > lapse.lateUntil);
    return later ? { ...d, closedBy: moot } : d;
  });
  return [...closed, lapse.restoration].sort(
    (a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key),
  );
}
