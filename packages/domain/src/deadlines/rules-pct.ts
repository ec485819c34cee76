import type { DeadlineRule } from './deadline-types.js';
import { latest, plusMonths } from './date-math.js';
import { RegionCode } from '../regions/region-codes.js';
import { earliestEntry, type ClosedBy } from './closures.js';
import { isPct, priorityOrFiling } from './rule-helpers.js';

/** The day the texts in `references` were read. */
const readOn = '2026-11-29';

const isEp = (regionCode: number) => regionCode === RegionCode.Europe;

/** Entry into any national or regional phase ends the international phase's optional steps. */
const endedByEntry: ClosedBy = (input) => {
  const entry = earliestEntry(input, () => true);
  return entry ? { how: 'notApplicable', fact: 'nationalEntry', date: entry.date } : undefined;
};

/**
 * The PCT rules. A last day on which the office where the act is done is closed moves (PCT Rule
 * 80.5; EPC Rule 134 for the EPO). Which office that is the matter does not say, but all of them
 * are closed on weekends: a weekend moves the day (office `PCT`), holidays do not, and the rules
 * carry a caveat saying so.
 */
export const pctRules: readonly DeadlineRule[] = [
  {
    id: 'pct.nationalPhaseEntry',
    kind: 'procedure',
    source: {
      ja: '特許協力条約（PCT）第22条(1)・第39条(1)(a)：優先日から30か月',
      en: 'PCT Art. 22(1) and 39(1)(a): 30 months from the priority date',
    },
    references: [
      {
        title: 'PCT Article 22 (WIPO)',
        url: 'http://wipo.int/pct/fr/texts/articles/a22.htm',
        readOn,
        official: true,
      },
      {
        title: 'PCT Article 39 (WIPO)',
        url: 'http://www.wipo.int/pct/en/texts/articles/a39.htm',
        readOn,
        official: true,
      },
    ],
    // Entry into a national phase (other than the EPO's, which has its own 31 months) is the act.
    closedBy: (input) => {
      const entry = earliestEntry(input, (regionCode) => !isEp(regionCode));
      return entry ? { how: 'done', fact: 'nationalEntry', date: entry.date } : undefined;
    },
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
    references: [
      {
        title: 'EPC Rule 159 (EPO)',
        url: 'https://www.epo.org/en/legal/epc/2020/r159.html',
        readOn,
        official: true,
      },
      {
        title: 'EPO Guidelines A-XII, 3.2 — the 31-month period under Rule 159(1)',
        url: 'https://www.epo.org/en/legal/guidelines-epc/2026/a_xii_3_2.html',
        readOn,
        official: true,
      },
    ],
    closedBy: (input) => {
      const entry = earliestEntry(input, isEp);
      return entry ? { how: 'done', fact: 'nationalEntry', date: entry.date } : undefined;
    },
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
    references: [
      {
        title: 'PCT International Search and Preliminary Examination Guidelines 20.01 (Rule 46.1)',
        url: 'https://wipo.int/web/pct-system/texts/ispe/20_01_03',
        readOn,
        official: true,
      },
    ],
    closedBy: endedByEntry,
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
    references: [
      {
        title: 'Regulations under the PCT, Rule 54bis (WIPO)',
        url: 'https://wipo.int/en/web/pct-system/texts/rules/r54bis',
        readOn,
        official: true,
      },
    ],
    closedBy: endedByEntry,
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
