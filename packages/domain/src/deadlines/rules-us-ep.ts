import { CaseType } from '../codes/codes.js';
import { RegionCode } from '../regions/region-codes.js';
import { noClosingFact } from './closures.js';
import type { DeadlineRule, RuleResult } from './deadline-types.js';
import { lastDayOfMonth, latest, plusMonths, plusYears } from './date-math.js';

/** The day the texts in `references` were read. */
const readOn = '2026-11-29';

/** USPTO maintenance fees fall due 3.5, 7.5 and 11.5 years after grant (named by the year they keep). */
const usMaintenanceStages = [
  { year: 4, dueMonths: 42 },
  { year: 8, dueMonths: 90 },
  { year: 12, dueMonths: 138 },
] as const;

export const foreignRules: readonly DeadlineRule[] = [
  {
    // Utility and reissue patents only (no fee may be set for design or plant patents, 35 U.S.C.
    // 41(b)(3)). Window without surcharge from 3, 7, 11 years after grant (it cannot be paid
    // earlier, MPEP 2506); grace of 6 months with surcharge, ending 4, 8, 12 years after grant.
    // "The same day of the month the patent was granted" (MPEP 2506). A last day on a Saturday,
    // Sunday or DC federal holiday moves to the next business day (35 U.S.C. 21(b), 37 CFR 1.7(a)).
    id: 'us.patent.maintenanceFee',
    kind: 'payment',
    office: 'US',
    source: {
      ja: '米国特許法第41条(b)、連邦規則37 CFR 1.20(e)-(h)、1.362、MPEP 2506',
      en: '35 U.S.C. 41(b); 37 CFR 1.20(e)-(h), 1.362; MPEP 2506',
    },
    references: [
      {
        title: 'MPEP 2501 — 35 U.S.C. 41(b) (USPTO)',
        url: 'http://www.uspto.gov/web/offices/pac/mpep/s2501.html',
        readOn,
        official: true,
      },
      {
        title: 'Final rule 89 FR 91898 (37 CFR 1.20), Federal Register',
        url: 'https://govinfo.gov/content/pkg/FR-2024-11-20/html/2024-26821.htm',
        readOn,
        official: true,
      },
    ],
    closedBy: noClosingFact,
    compute(input, { businessDay }) {
      if (input.regionCode !== RegionCode.UnitedStates || input.type !== CaseType.Patent) return undefined;
      const grant = input.registrationDate;
      if (!grant) return undefined;
      return usMaintenanceStages.map(({ year, dueMonths }) => ({
        year,
        opensOn: plusMonths(grant, dueMonths - 6),
        date: plusMonths(grant, dueMonths),
        lateUntil: businessDay(plusMonths(grant, dueMonths + 6)),
      }));
    },
  },
  {
    // Renewal fees for a pending European application from the 3rd year counted from filing, due
    // on the last day of the month of the filing anniversary (EPC Art. 86(1), Rule 51(1)); payable
    // at most 3 months early (the 3rd year: 6 months); 6 months' grace with a 50% surcharge
    // (Rule 51(2)). A Euro-PCT's 3rd-year fee falls due at 31 months from priority at the earliest
    // (Rule 159(1)(g)). After the mention of grant the national offices collect (Art. 86(2)).
    id: 'ep.patent.renewalFee',
    kind: 'payment',
    source: {
      ja: '欧州特許条約（EPC）第86条、規則51(1)・(2)、規則159(1)(g)',
      en: 'EPC Art. 86; Rule 51(1)-(2); Rule 159(1)(g)',
    },
    // The EPO's closing days (Rule 134) are not modelled, and the grace period's end (last day of
    // the sixth month) is from secondary sources.
    references: [
      {
        title: 'EPO Guidelines A-X, 5.2.4 — Due date for renewal fees (Rule 51(1))',
        url: 'https://epo.org/law-practice/legal-texts/html/guidelines/e/a_x_5_2_4.htm',
        readOn,
        official: true,
      },
      {
        title: 'EPO Guide for applicants — Renewal fees (Rule 51(2), 50% additional fee)',
        url: 'http://www.epo.org/applying/european/Guide-for-applicants/html/e/ga_d_ix.html',
        readOn,
        official: true,
      },
    ],
    // A year falling due before the mention of grant was paid, or the application would have been
    // deemed withdrawn (Art. 86(1)): the schedule counts it paid (fees/annuity-schedule.ts).
    closedBy: noClosingFact,
    caveatKey: 'deadline.caveat.noOfficeCalendar',
    compute(input) {
      if (input.regionCode !== RegionCode.Europe || input.type !== CaseType.Patent) return undefined;
      const filing = input.internationalFilingDate ?? input.applicationDate;
      if (!filing) return undefined;
      const euroPctFloor = input.internationalFilingDate
        ? plusMonths(input.earliestPriorityDate ?? input.internationalFilingDate, 31)
        : undefined;
      const results: RuleResult[] = [];
      for (let year = 3; year <= 20; year += 1) {
        const anniversary = plusYears(filing, year - 1);
        if (input.registrationDate && anniversary > input.registrationDate) break;
        let date = lastDayOfMonth(anniversary);
        if (year === 3 && euroPctFloor) date = latest(date, euroPctFloor);
        results.push({
          year,
          opensOn: plusMonths(date, year === 3 ? -6 : -3),
          date,
          lateUntil: lastDayOfMonth(plusMonths(date, 6)),
        });
      }
      return results;
    },
  },
];
