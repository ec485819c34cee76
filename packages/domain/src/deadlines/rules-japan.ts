import { CaseType } from '../codes/codes.js';
import type { DeadlineInput } from './deadline-input.js';
import type { DeadlineRule, RuleResult } from './deadline-types.js';
import { plusDays, plusMonths, plusYears } from './date-math.js';
import { firstRecorded, noClosingFact } from './closures.js';
import { isJp, jpAnniversaryPayments, jpFilingDate } from './rule-helpers.js';

/** The day the texts in `references` were read. */
const readOn = '2026-11-29';

/** The design term: 25 years from filing for filings from 2020-04-01, else 20 from registration. */
function designTermEnd(input: DeadlineInput): string | undefined {
  if (!input.applicationDate) return undefined;
  if (input.applicationDate >= '2020-04-01') return plusYears(input.applicationDate, 25);
  return input.registrationDate ? plusYears(input.registrationDate, 20) : undefined;
}

/** Trademark terms run 10 years each; each renewal paid adds one (Trademark Act Art. 19(1)-(2)). */
function trademarkTerms(input: DeadlineInput): number {
  return Math.max(1, Math.ceil((input.paidThroughYear ?? 0) / 10));
}

const isJpOf = (input: DeadlineInput, type: CaseType) => isJp(input) && input.type === type;

/**
 * The Japanese rules. Procedure and payment deadlines move past the JPO's closed days (Patent
 * Act Art. 3(2), applied to utility models, designs and trademarks by UM Act Art. 2-5, Design Act
 * Art. 68 and TM Act Art. 77; INPIT FAQ https://faq.inpit.go.jp/FAQ/2024/01/000151.html);
 * terms of rights never move (same FAQ, note 1).
 */
export const japaneseRules: readonly DeadlineRule[] = [
  {
    // Examination request within 3 years of the Japanese filing date; for PCT national-phase
    // cases, of the international filing date. Paris-route cases count from the Japanese filing.
    id: 'jp.patent.examinationRequest',
    kind: 'procedure',
    office: 'JP',
    source: {
      ja: '特許法第48条の3第1項（PCT国内移行案件は第184条の17）',
      en: 'Patent Act (Japan) Art. 48-3(1); Art. 184-17 for PCT national phase',
    },
    references: [
      {
        title: '特許法第48条の3（条文の写し）',
        url: 'https://6666.0000.nagoya/category/%E7%89%B9%E8%A8%B1%E6%B3%95/',
        readOn,
        official: false,
      },
    ],
    // The request itself closes it on its date; a decision to grant or a registration proves it
    // was made (a JP application is examined only on request, Art. 48-2; without one in time it
    // is deemed withdrawn, Art. 48-3(4)).
    closedBy: (input) =>
      firstRecorded([
        { how: 'done', fact: 'examinationRequest', date: input.examinationRequestDate },
        { how: 'implied', fact: 'grantDecision', date: input.grantDecisionDate },
        { how: 'implied', fact: 'registration', date: input.registrationDate },
      ]),
    compute(input) {
      const base = isJpOf(input, CaseType.Patent) ? jpFilingDate(input) : undefined;
      return base ? { date: plusYears(base, 3) } : undefined;
    },
  },
  {
    // Years 1-3 together within 30 days of service of the decision to grant (extendable once by
    // 30 days on request, Art. 108(3)); no late period for this first payment.
    id: 'jp.patent.firstAnnuities',
    kind: 'payment',
    office: 'JP',
    source: { ja: '特許法第108条第1項', en: 'Patent Act (Japan) Art. 108(1)' },
    references: [
      {
        title: '特許法第108条第1項（条文の写し）',
        url: 'https://baba-p.com/?p=626',
        readOn,
        official: false,
      },
    ],
    // The right is registered only once years 1-3 are paid (Art. 66(2)).
    closedBy: (input) =>
      firstRecorded([{ how: 'implied', fact: 'registration', date: input.registrationDate }]),
    compute(input) {
      if (!isJpOf(input, CaseType.Patent) || !input.grantDecisionDate) return undefined;
      return { year: 1, throughYear: 3, date: plusDays(input.grantDecisionDate, 30) };
    },
  },
  {
    id: 'jp.patent.annuity',
    kind: 'payment',
    office: 'JP',
    source: {
      ja: '特許法第108条第2項（追納は第112条第1項・第2項：6か月以内、倍額）',
      en: 'Patent Act (Japan) Art. 108(2); late payment within 6 months at double fee, Art. 112(1)-(2)',
    },
    references: [
      {
        title: 'INPIT FAQ 特許料の納付期限（000217）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000217.html',
        readOn,
        official: true,
      },
      {
        title: 'INPIT FAQ 期間の末日が休日の場合（000151）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000151.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      if (!isJpOf(input, CaseType.Patent) || !input.registrationDate) return undefined;
      const filing = jpFilingDate(input);
      const termEnd = filing ? plusYears(filing, 20) : undefined;
      return jpAnniversaryPayments(input.registrationDate, { from: 4, to: 20 }, termEnd, businessDay);
    },
  },
  {
    id: 'jp.patent.termExpiry',
    kind: 'termEnd',
    source: {
      ja: '特許法第67条第1項（第67条第4項による最大5年の延長は含まない）',
      en: 'Patent Act (Japan) Art. 67(1) (extension of up to 5 years under Art. 67(4) not included)',
    },
    references: [
      {
        title: 'INPIT FAQ 期間の末日が休日の場合（000151、存続期間は繰り延べない）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000151.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input) {
      const base = isJpOf(input, CaseType.Patent) ? jpFilingDate(input) : undefined;
      return base ? { date: plusYears(base, 20) } : undefined;
    },
  },
  {
    // Years 1-3 are paid at filing (Art. 32(1)); from year 4 by the registration anniversary.
    id: 'jp.utilityModel.annuity',
    kind: 'payment',
    office: 'JP',
    source: {
      ja: '実用新案法第32条第2項（追納は第33条：6か月以内、倍額）',
      en: 'Utility Model Act (Japan) Art. 32(2); late payment within 6 months at double fee, Art. 33',
    },
    // The research found the schedule in a secondary copy of the statute only.
    references: [
      {
        title: 'INPIT FAQ 特許料・登録料の納付期限（000217）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000217.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      if (!isJpOf(input, CaseType.UtilityModel) || !input.registrationDate) return undefined;
      const filing = jpFilingDate(input);
      const termEnd = filing ? plusYears(filing, 10) : undefined;
      return jpAnniversaryPayments(input.registrationDate, { from: 4, to: 10 }, termEnd, businessDay);
    },
  },
  {
    id: 'jp.utilityModel.termExpiry',
    kind: 'termEnd',
    source: { ja: '実用新案法第15条', en: 'Utility Model Act (Japan) Art. 15' },
    references: [
      {
        title: '実用新案法第15条（条文の写し）',
        url: 'https://patent-wars.com/wiki/実用新案法第三十一条',
        readOn,
        official: false,
      },
    ],
    closedBy: noClosingFact,
    compute(input) {
      const base = isJpOf(input, CaseType.UtilityModel) ? jpFilingDate(input) : undefined;
      return base ? { date: plusYears(base, 10) } : undefined;
    },
  },
  {
    // Only year 1 is paid at registration (Art. 43(1)); year 2 on by the registration anniversary.
    id: 'jp.design.annuity',
    kind: 'payment',
    office: 'JP',
    source: {
      ja: '意匠法第43条第2項（追納は第44条：6か月以内、倍額）',
      en: 'Design Act (Japan) Art. 43(2); late payment within 6 months at double fee, Art. 44',
    },
    references: [
      {
        title: '意匠登録料の納付（二次資料）',
        url: 'https://support-dp.com/design/02regist/149/',
        readOn,
        official: false,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      if (!isJpOf(input, CaseType.Design) || !input.registrationDate) return undefined;
      const termEnd = designTermEnd(input);
      if (!termEnd) return undefined;
      return jpAnniversaryPayments(input.registrationDate, { from: 2, to: 25 }, termEnd, businessDay);
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
    references: [
      {
        title: '意匠権の存続期間（二次資料）',
        url: 'https://cita2ip.com/news2020-01-01/',
        readOn,
        official: false,
      },
    ],
    closedBy: noClosingFact,
    compute(input) {
      const end = isJpOf(input, CaseType.Design) ? designTermEnd(input) : undefined;
      return end ? { date: end } : undefined;
    },
  },
  {
    // 10 years from registration; each renewal adds 10 (INPIT: registered 4/10, expires 4/10
    // ten years later, https://faq.inpit.go.jp/FAQ/2024/01/000204.html).
    id: 'jp.trademark.termExpiry',
    kind: 'termEnd',
    source: { ja: '商標法第19条第1項・第2項', en: 'Trademark Act (Japan) Art. 19(1) and (2)' },
    references: [
      {
        title: 'INPIT FAQ 商標権の存続期間（000204）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000204.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input) {
      if (!isJpOf(input, CaseType.Trademark) || !input.registrationDate) return undefined;
      return { date: plusYears(input.registrationDate, 10 * trademarkTerms(input)) };
    },
  },
  {
    // A fee paid in two 5-year instalments: the second half is due 5 years before the term ends
    // (Art. 41-2(1), "存続期間の満了前5年まで"); late within 6 months at double fee (Art. 41-3,
    // Art. 43(3)); unpaid, the right lapses at the 5-year point. Owed when the payments stop at
    // year 5 of a term.
    id: 'jp.trademark.secondHalf',
    kind: 'payment',
    office: 'JP',
    source: {
      ja: '商標法第41条の2第1項・第7項（追納は第41条の3：6か月以内、倍額）',
      en: 'Trademark Act (Japan) Art. 41-2(1) and (7); late payment within 6 months at double fee, Art. 41-3',
    },
    references: [
      {
        title: 'INPIT FAQ 商標登録料の分割納付（000202）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000202.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      const paid = input.paidThroughYear ?? 0;
      if (!isJpOf(input, CaseType.Trademark) || !input.registrationDate || paid % 10 !== 5) return undefined;
      const date = plusYears(input.registrationDate, paid);
      return {
        year: paid + 1,
        throughYear: paid + 5,
        date,
        lateUntil: businessDay(plusMonths(businessDay(date), 6)),
      };
    },
  },
  {
    // Renewal from 6 months before expiry until expiry; late renewal within 6 months after expiry
    // at double fee (Art. 20(2)-(3), Art. 43(1)). Sources differ by one day on the first day of
    // the window (INPIT: expiry 4/10, from 10/11); the later one is shown. The late period counts
    // from the expiry itself, which does not move. One renewal per term so far, and the next one.
    id: 'jp.trademark.renewalWindow',
    kind: 'payment',
    office: 'JP',
    source: { ja: '商標法第20条第2項・第3項', en: 'Trademark Act (Japan) Art. 20(2) and (3)' },
    references: [
      {
        title: 'INPIT FAQ 商標権の更新登録申請（000202）',
        url: 'https://faq.inpit.go.jp/FAQ/2024/01/000202.html',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      if (!isJpOf(input, CaseType.Trademark) || !input.registrationDate) return undefined;
      const results: RuleResult[] = [];
      for (let term = 1; term <= trademarkTerms(input); term += 1) {
        const expiry = plusYears(input.registrationDate, 10 * term);
        results.push({
          year: 10 * term + 1,
          throughYear: 10 * term + 10,
          opensOn: plusDays(plusMonths(expiry, -6), 1),
          date: expiry,
          lateUntil: businessDay(plusMonths(expiry, 6)),
        });
      }
      return results;
    },
  },
];
