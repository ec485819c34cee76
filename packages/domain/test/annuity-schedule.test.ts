import { describe, expect, it } from 'vitest';
import {
  annuityForecast,
  annuitySchedule,
  annuityTotalsByCalendarYear,
  CaseType,
  RegionCode,
  type AnnuityMatter,
} from '../src/index.js';

const patent: AnnuityMatter = {
  type: CaseType.Patent,
  regionCode: RegionCode.Japan,
  applicationDate: '2010-06-01',
  registrationDate: '2012-02-24',
  claims: 2,
};

describe('annuity schedule', () => {
  it('a registered JP patent owes from year 4 (years 1-3 were paid at grant), each year priced from the fee table', () => {
    const entries = annuitySchedule(patent, [], [], '2014-12-01');
    expect(entries[0]).toMatchObject({
      deadline: { key: 'jp.patent.annuity#4', date: '2015-02-24' },
      state: 'open',
      // Due in 2015: the 2004 table (6,400 + 2 x 500) is in force on the due date.
      fee: { amount: 7_400, lateAmount: 14_800, currency: 'JPY' },
    });
  });

  it('a patent examined before 2004-04-01 is priced from the legacy table, and its years without a held amount say so', () => {
    const entries = annuitySchedule(
      {
        ...patent,
        applicationDate: '2001-06-01',
        examRequestDate: '2003-05-01',
        registrationDate: '2005-02-24',
      },
      [],
      [],
      '2007-12-01',
    );
    expect(entries[0]).toMatchObject({
      deadline: { key: 'jp.patent.annuity#4', date: '2008-02-25' },
      fee: { amount: 16_100 + 2 * 1_300 },
    });
    const year7 = entries.find((e) => e.deadline.year === 7);
    expect(year7?.fee).toBeUndefined();
    expect(year7?.feeMissing).toBe('noRow');
  });

  it('a recorded payment moves the schedule on; a decision to let lapse is kept', () => {
    const entries = annuitySchedule(
      patent,
      [{ yearFrom: 4, yearTo: 4, paidOn: '2015-02-10' }],
      [{ key: 'jp.patent.annuity#6', decision: 'lapse' }],
      '2015-03-01',
    );
    expect(entries.slice(0, 3).map((e) => [e.deadline.year, e.state])).toEqual([
      [4, 'paid'],
      [5, 'open'],
      [6, 'lapse'],
    ]);
  });

  it('past the due date the late fee is owed; past the late period the payment is missed', () => {
    const late = annuitySchedule(patent, [], [], '2015-03-01')[0];
    expect(late?.state).toBe('late');
    expect(annuitySchedule(patent, [], [], '2015-09-01')[0]?.state).toBe('missed');
    // The forecast counts the late fee for a late payment.
    expect(annuityForecast([late!], '2015-03-01')[0]?.totals).toEqual([{ currency: 'JPY', amount: 14_800 }]);
  });

  it('a trademark renewal offers 10 years at once or the 5-year split, with the price difference', () => {
    const entries = annuitySchedule(
      { type: CaseType.Trademark, regionCode: RegionCode.Japan, registrationDate: '2017-03-10', classes: 1 },
      [],
      [],
      '2026-11-26',
    );
    expect(entries[0]).toMatchObject({
      deadline: { key: 'jp.trademark.renewalWindow#11' },
      fee: { amount: 43_600 },
      split: { lump10: 43_600, half5: 22_800, difference: 2_000, currency: 'JPY' },
    });
  });

  it('totals per calendar year and per horizon, per currency', () => {
    const entries = annuitySchedule(
      { ...patent, registrationDate: '2024-05-01', applicationDate: '2021-01-10' },
      [],
      [],
      '2026-11-26',
    );
    const byYear = annuityTotalsByCalendarYear(entries);
    expect(byYear[0]).toEqual({ calendarYear: 2027, currency: 'JPY', amount: 10_300 + 2 * 800 });
    const [one, five] = annuityForecast(entries, '2026-11-26');
    expect(one?.totals).toEqual([{ currency: 'JPY', amount: 11_900 }]);
    // 2027-2031: years 4-6 at 11,900 and years 7-8 at 24,800 + 2 x 1,900.
    expect(five?.totals).toEqual([{ currency: 'JPY', amount: 3 * 11_900 + 2 * 28_600 }]);
  });
});
