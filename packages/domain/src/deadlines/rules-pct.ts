import type { DeadlineRule } from './deadline-types.js';
import { latest, plusMonths } from './date-math.js';
import { isPct, priorityOrFiling } from './rule-helpers.js';

/**
 * The PCT rules. A last day on which the office where the act is done is closed moves (PCT Rule
 * 80.5; EPC Rule 134 for the EPO). Which office that is the matter does not say, but all of them
 * are closed on weekends: a weekend moves the day (office `PCT`), holidays do not, and the rules
 * stay unconfirmed with a caveat saying so.
 */
export const pctRules: readonly DeadlineRule[] = [
  {
    id: 'pct.nationalPhaseEntry',
    kind: 'procedure',
    source: {
      ja: '特許協力条約（PCT）第22条(1)・第39条(1)(a)：優先日から30か月',
      en: 'PCT Art. 22(1) and 39(1)(a): 30 months from the priority date',
    },
    confirmed: false,
    office: 'PCT',
    caveatKey: 'deadline.caveat.weekendsOnly',
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
    office: 'PCT',
    caveatKey: 'deadline.caveat.weekendsOnly',
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
    office: 'PCT',
    caveatKey: 'deadline.caveat.weekendsOnly',
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
    office: 'PCT',
    caveatKey: 'deadline.caveat.weekendsOnly',
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
