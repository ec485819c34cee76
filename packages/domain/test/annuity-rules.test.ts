import { describe, expect, it } from 'vitest';
import { CaseType, computeDeadlines, RegionCode, type DeadlineInput } from '../src/index.js';

const jpPatent = (input: Partial<DeadlineInput>): DeadlineInput => ({
  type: CaseType.Patent,
  regionCode: RegionCode.Japan,
  ...input,
});
const byKey = (input: DeadlineInput, key: string) => computeDeadlines(input).find((d) => d.key === key);

describe('JP patent annuities (Patent Act Art. 108, 112)', () => {
  it('INPIT: registered 2012-02-24 (H24.2.24), year 4 is due 2015-02-24 (H27.2.24), late until 6 months later', () => {
    const year4 = byKey(
      jpPatent({ applicationDate: '2010-06-01', registrationDate: '2012-02-24' }),
      'jp.patent.annuity#4',
    );
    expect(year4).toMatchObject({
      ruleId: 'jp.patent.annuity',
      kind: 'payment',
      year: 4,
      date: '2015-02-24',
      plainDate: '2015-02-24',
      lateUntil: '2015-08-24',
      office: 'JP',
      confirmed: true,
    });
    expect(year4?.shift).toBeUndefined();
  });

  it('registered 2003-04-29: year 4 falls on Saturday 2006-04-29 (a holiday) and moves to 2006-05-01; the late period counts from the moved day', () => {
    const year4 = byKey(
      jpPatent({ applicationDate: '2001-01-10', registrationDate: '2003-04-29' }),
      'jp.patent.annuity#4',
    );
    expect(year4).toMatchObject({
      date: '2006-05-01',
      plainDate: '2006-04-29',
      shift: { reason: 'holiday', holiday: { ja: 'みどりの日', en: 'Greenery Day' } },
      lateUntil: '2006-11-01',
    });
  });

  it('one payment per year from year 4 while the year starts before the term ends (20 years from filing)', () => {
    const years = computeDeadlines(
      jpPatent({ applicationDate: '2010-01-10', registrationDate: '2012-02-24' }),
    )
      .filter((d) => d.ruleId === 'jp.patent.annuity')
      .map((d) => d.year);
    // Year 18 starts 2029-02-24, before the term ends on 2030-01-10; year 19 would start after it.
    expect(years).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it('years 1-3 are due within 30 days of the decision to grant, when that date is known', () => {
    expect(
      byKey(
        jpPatent({ applicationDate: '2022-01-10', grantDecisionDate: '2025-03-03' }),
        'jp.patent.annuity#1',
      ),
    ).toBeUndefined();
    expect(
      byKey(
        jpPatent({ applicationDate: '2022-01-10', grantDecisionDate: '2025-03-03' }),
        'jp.patent.firstAnnuities#1',
      ),
    ).toMatchObject({
      year: 1,
      throughYear: 3,
      date: '2025-04-02',
    });
  });

  it('recorded payments mark the years they cover as paid', () => {
    const all = computeDeadlines(
      jpPatent({ applicationDate: '2010-01-10', registrationDate: '2012-02-24', paidThroughYear: 5 }),
    );
    expect(all.find((d) => d.key === 'jp.patent.annuity#5')?.paid).toBe(true);
    expect(all.find((d) => d.key === 'jp.patent.annuity#6')?.paid).toBe(false);
  });

  it('the examination request deadline moves past a holiday; the end of the term does not', () => {
    // Filed 2023-04-29: 3 years later is Wednesday 2026-04-29, 昭和の日.
    const input = jpPatent({ applicationDate: '2023-04-29' });
    expect(byKey(input, 'jp.patent.examinationRequest')).toMatchObject({
      date: '2026-04-30',
      plainDate: '2026-04-29',
      shift: { reason: 'holiday', holiday: { ja: '昭和の日' } },
    });
    // Filed 2006-05-03: the term ends on Sunday 2026-05-03, 憲法記念日, and stays there.
    const term = byKey(jpPatent({ applicationDate: '2006-05-03' }), 'jp.patent.termExpiry');
    expect(term).toMatchObject({ kind: 'termEnd', date: '2026-05-03', plainDate: '2026-05-03' });
    expect(term?.shift).toBeUndefined();
  });

  it('a payment due in the year-end closure moves to the first business day of January', () => {
    // Registered 2022-12-29: year 4 due Friday 2025-12-29 (closed until 3 January, then a weekend).
    expect(
      byKey(
        jpPatent({ applicationDate: '2020-05-01', registrationDate: '2022-12-29' }),
        'jp.patent.annuity#4',
      ),
    ).toMatchObject({
      plainDate: '2025-12-29',
      date: '2026-01-05',
      shift: { reason: 'yearEnd' },
    });
  });
});

describe('JP utility models and designs', () => {
  it('utility model: years 4-10 on the registration anniversary, confirmed by the INPIT FAQ', () => {
    const all = computeDeadlines({
      type: CaseType.UtilityModel,
      regionCode: RegionCode.Japan,
      applicationDate: '2024-01-15',
      registrationDate: '2024-05-20',
    }).filter((d) => d.ruleId === 'jp.utilityModel.annuity');
    expect(all.map((d) => d.year)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(all[0]).toMatchObject({
      plainDate: '2027-05-20',
      confirmed: true,
      references: [{ url: 'https://faq.inpit.go.jp/FAQ/2024/01/000217.html', official: true }],
    });
  });

  it('design filed from 2020-04-01: year 2 on, up to 25 years from filing', () => {
    const all = computeDeadlines({
      type: CaseType.Design,
      regionCode: RegionCode.Japan,
      applicationDate: '2021-03-01',
      registrationDate: '2021-09-10',
    }).filter((d) => d.ruleId === 'jp.design.annuity');
    expect(all[0]).toMatchObject({ key: 'jp.design.annuity#2', plainDate: '2022-09-10' });
    // The term ends 2046-03-01; year 25 would start 2045-09-10, still inside it.
    expect(all.at(-1)?.year).toBe(25);
  });

  it('design filed before 2020-04-01: 20 years from registration, so years 2-20', () => {
    const all = computeDeadlines({
      type: CaseType.Design,
      regionCode: RegionCode.Japan,
      applicationDate: '2019-05-10',
      registrationDate: '2020-01-17',
    }).filter((d) => d.ruleId === 'jp.design.annuity');
    expect(all.map((d) => d.year)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
  });
});

describe('JP trademarks (Trademark Act Art. 19, 20, 41-2)', () => {
  const tm = (paidThroughYear?: number): DeadlineInput => ({
    type: CaseType.Trademark,
    regionCode: RegionCode.Japan,
    registrationDate: '2020-04-10',
    ...(paidThroughYear !== undefined && { paidThroughYear }),
  });

  it('paid in halves through year 5: the second half is due 5 years after registration, 6 months late at double fee', () => {
    expect(byKey(tm(5), 'jp.trademark.secondHalf#6')).toMatchObject({
      year: 6,
      throughYear: 10,
      plainDate: '2025-04-10',
      date: '2025-04-10',
      lateUntil: '2025-10-10',
    });
    expect(byKey(tm(10), 'jp.trademark.secondHalf#6')).toBeUndefined();
  });

  it('a renewal extends the term by 10 years and opens the next renewal window', () => {
    expect(byKey(tm(10), 'jp.trademark.termExpiry')?.date).toBe('2030-04-10');
    expect(byKey(tm(20), 'jp.trademark.termExpiry')?.date).toBe('2040-04-10');
    const renewals = computeDeadlines(tm(20)).filter((d) => d.ruleId === 'jp.trademark.renewalWindow');
    expect(renewals.map((d) => [d.key, d.paid])).toEqual([
      ['jp.trademark.renewalWindow#11', true],
      ['jp.trademark.renewalWindow#21', false],
    ]);
    // INPIT: expiry 4/10, the window opens 10/11.
    expect(renewals[0]?.opensOn).toBe('2029-10-11');
  });
});

describe('US maintenance fees (35 U.S.C. 41(b), MPEP 2506)', () => {
  const us = { type: CaseType.Patent, regionCode: RegionCode.UnitedStates, applicationDate: '2017-05-01' };

  it('3.5, 7.5 and 11.5 years after grant; window from 3, 7, 11 years; grace until 4, 8, 12 years', () => {
    const fees = computeDeadlines({ ...us, registrationDate: '2021-03-09' }).filter(
      (d) => d.ruleId === 'us.patent.maintenanceFee',
    );
    expect(fees.map((d) => [d.key, d.opensOn, d.plainDate, d.lateUntil])).toEqual([
      ['us.patent.maintenanceFee#4', '2024-03-09', '2024-09-09', '2025-03-10'],
      ['us.patent.maintenanceFee#8', '2028-03-09', '2028-09-09', '2029-03-09'],
      ['us.patent.maintenanceFee#12', '2032-03-09', '2032-09-09', '2033-03-09'],
    ]);
  });

  it('a last day on a federal holiday moves to the next business day', () => {
    // Granted 2020-01-04: 3.5 years later is Tuesday 2023-07-04, Independence Day.
    expect(byKey({ ...us, registrationDate: '2020-01-04' }, 'us.patent.maintenanceFee#4')).toMatchObject({
      plainDate: '2023-07-04',
      date: '2023-07-05',
      shift: { reason: 'holiday', holiday: { en: 'Independence Day' } },
      office: 'US',
    });
  });
});

describe('EP renewal fees (EPC Art. 86, Rule 51)', () => {
  it('from year 3, on the last day of the month of the filing anniversary, with 6 months of grace', () => {
    const all = computeDeadlines({
      type: CaseType.Patent,
      regionCode: RegionCode.Europe,
      applicationDate: '2022-03-15',
    }).filter((d) => d.ruleId === 'ep.patent.renewalFee');
    expect(all[0]).toMatchObject({
      key: 'ep.patent.renewalFee#3',
      opensOn: '2023-09-30',
      date: '2024-03-31',
      lateUntil: '2024-09-30',
      // Confirmed by the EPO's Guidelines; the EPO's closing days are not applied, and it says so.
      confirmed: true,
      caveatKey: 'deadline.caveat.noOfficeCalendar',
    });
    expect(all.map((d) => d.year)).toEqual(Array.from({ length: 18 }, (_, i) => i + 3));
  });

  it('stops after the mention of grant (national offices collect from then on); a Euro-PCT 3rd year waits for 31 months', () => {
    const granted = computeDeadlines({
      type: CaseType.Patent,
      regionCode: RegionCode.Europe,
      applicationDate: '2022-03-15',
      registrationDate: '2026-05-06',
    }).filter((d) => d.ruleId === 'ep.patent.renewalFee');
    expect(granted.map((d) => d.year)).toEqual([3, 4, 5]);
    const euroPct = byKey(
      {
        type: CaseType.Patent,
        regionCode: RegionCode.Europe,
        applicationDate: '2024-06-01',
        internationalFilingDate: '2022-01-20',
        earliestPriorityDate: '2021-12-20',
      },
      'ep.patent.renewalFee#3',
    );
    // The 3rd year would fall due on 2024-01-31 (from the international filing date), before the
    // 31-month date from priority, 2024-07-20, which is then the due date.
    expect(euroPct?.date).toBe('2024-07-20');
  });
});
