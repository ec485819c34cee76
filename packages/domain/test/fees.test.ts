import { describe, expect, it } from 'vitest';
import { feeRows, officialFee, type FeeQuery } from '../src/index.js';

const amountOf = (query: FeeQuery) => {
  const result = officialFee(query);
  return result.ok ? result.quote.amount : result.reason;
};
const jpPatent = (year: number, paymentDate: string, extra: Partial<FeeQuery> = {}): FeeQuery => ({
  office: 'JP',
  right: 'patent',
  kind: 'annuity',
  year,
  paymentDate,
  claims: 2,
  ...extra,
});

describe('JP patent annuities (JPO 2022 revision; INPIT FAQ 000227)', () => {
  it('2 claims cost ¥4,900 a year for years 1 to 3 (4,300 + 2 x 300), ¥14,700 together', () => {
    for (const year of [1, 2, 3]) expect(amountOf(jpPatent(year, '2024-06-01'))).toBe(4_900);
    expect(
      [1, 2, 3].map((y) => amountOf(jpPatent(y, '2024-06-01'))).reduce((a, b) => Number(a) + Number(b), 0),
    ).toBe(14_700);
  });

  it('the row in force on the payment date applies: paid before 2022-04-01, the old amounts', () => {
    expect(amountOf(jpPatent(1, '2022-03-31'))).toBe(2_100 + 2 * 200);
    expect(amountOf(jpPatent(4, '2022-04-01'))).toBe(10_300 + 2 * 800);
    expect(amountOf(jpPatent(10, '2026-01-01', { claims: 5 }))).toBe(59_400 + 5 * 4_600);
  });

  it('the late period costs double (Art. 112(2))', () => {
    const result = officialFee(jpPatent(7, '2026-01-01'));
    expect(result.ok && result.quote).toMatchObject({ amount: 28_600, lateAmount: 57_200, currency: 'JPY' });
  });

  it('SMEs pay 1/2, small companies 1/3, per year rounded down to 10 yen, for years 1-10 only', () => {
    expect(amountOf(jpPatent(1, '2024-06-01', { reduction: 'jpSme', examRequestDate: '2020-01-01' }))).toBe(
      2_450,
    );
    expect(
      amountOf(jpPatent(1, '2024-06-01', { reduction: 'jpSmallCompany', examRequestDate: '2020-01-01' })),
    ).toBe(1_630);
    expect(amountOf(jpPatent(11, '2024-06-01', { reduction: 'jpSme', examRequestDate: '2020-01-01' }))).toBe(
      59_400 + 2 * 4_600,
    );
    // Examination requested before 2019-04-01: no reduction under this scheme.
    expect(amountOf(jpPatent(1, '2024-06-01', { reduction: 'jpSme', examRequestDate: '2018-01-01' }))).toBe(
      4_900,
    );
  });

  it('examination requested before 2004-04-01 keeps the legacy table: years 1-6 from a secondary source, unconfirmed; years 7-25 are not held, so no amount rather than a wrong one', () => {
    const legacy = { examRequestDate: '2003-12-01' };
    expect(amountOf(jpPatent(1, '2024-06-01', legacy))).toBe(10_300 + 2 * 900);
    const year5 = officialFee(jpPatent(5, '2024-06-01', legacy));
    expect(year5.ok && year5.quote).toMatchObject({ amount: 16_100 + 2 * 1_300, lateAmount: 2 * 18_700 });
    expect(year5.ok && year5.quote.row.confirmed).toBe(false);
    expect(amountOf(jpPatent(8, '2024-06-01', legacy))).toBe('noRow');
    // Requested on the day of the reform: the current table.
    expect(amountOf(jpPatent(1, '2024-06-01', { examRequestDate: '2004-04-01' }))).toBe(4_900);
    // Not known: the current table, never the legacy one.
    expect(amountOf(jpPatent(1, '2024-06-01', { examRequestDate: null }))).toBe(4_900);
    expect(amountOf(jpPatent(1, '2015-06-01'))).toBe(2_100 + 2 * 200);
  });

  it('a per-claim fee needs the number of claims', () => {
    expect(amountOf(jpPatent(4, '2024-06-01', { claims: null }))).toBe('claimsUnknown');
  });
});

describe('JP utility models, designs, trademarks', () => {
  it('utility model year 4 with 3 claims: 6,100 + 3 x 300', () => {
    expect(
      amountOf({
        office: 'JP',
        right: 'utilityModel',
        kind: 'annuity',
        year: 4,
        paymentDate: '2025-01-01',
        claims: 3,
      }),
    ).toBe(7_000);
  });

  it('design: 8,500 a year for years 1-3, 16,900 from year 4, no per-claim part', () => {
    const design = (year: number) =>
      amountOf({ office: 'JP', right: 'design', kind: 'annuity', year, paymentDate: '2025-01-01' });
    expect(design(2)).toBe(8_500);
    expect(design(4)).toBe(16_900);
  });

  it('trademark, 2 classes: 10 years at once or two 5-year halves; the halves cost more', () => {
    const tm = (
      kind: 'trademarkRegistration' | 'trademarkRenewal',
      instalment: 'lump10' | 'half5',
      year: number,
    ) =>
      amountOf({
        office: 'JP',
        right: 'trademark',
        kind,
        year,
        instalment,
        paymentDate: '2025-01-01',
        classes: 2,
      });
    expect(tm('trademarkRegistration', 'lump10', 1)).toBe(65_800);
    expect(tm('trademarkRegistration', 'half5', 6)).toBe(34_400);
    expect(tm('trademarkRenewal', 'lump10', 11)).toBe(87_200);
    expect(tm('trademarkRenewal', 'half5', 11)).toBe(45_600);
    // Before 2022-04-01 the renewal cost 38,800 per class.
    expect(
      amountOf({
        office: 'JP',
        right: 'trademark',
        kind: 'trademarkRenewal',
        year: 11,
        paymentDate: '2021-05-01',
        classes: 1,
      }),
    ).toBe(38_800);
  });
});

describe('US maintenance fees (89 FR 91898, from 2025-01-19) and EP renewal fees (from 2024-04-01)', () => {
  const us = (year: number, extra: Partial<FeeQuery> = {}): FeeQuery => ({
    office: 'US',
    right: 'patent',
    kind: 'maintenance',
    year,
    paymentDate: '2025-06-01',
    ...extra,
  });

  it('undiscounted, small (40%) and micro (20%) entity fees, and the grace surcharge', () => {
    expect([4, 8, 12].map((y) => amountOf(us(y)))).toEqual([2_150, 4_040, 8_280]);
    expect([4, 8, 12].map((y) => amountOf(us(y, { reduction: 'usSmall' })))).toEqual([860, 1_616, 3_312]);
    expect([4, 8, 12].map((y) => amountOf(us(y, { reduction: 'usMicro' })))).toEqual([430, 808, 1_656]);
    const late = officialFee(us(4, { reduction: 'usSmall' }));
    expect(late.ok && late.quote).toMatchObject({
      lateAmount: 860 + 216,
      currency: 'USD',
      reduction: 'usSmall',
    });
    expect(amountOf(us(4, { paymentDate: '2025-01-18' }))).toBe('noRow');
  });

  it('EP: 690 euros for year 3, 1,775 from year 10; 50% more in the grace period', () => {
    const ep = (year: number) =>
      officialFee({ office: 'EP', right: 'patent', kind: 'renewal', year, paymentDate: '2025-03-31' });
    const third = ep(3);
    expect(third.ok && third.quote).toMatchObject({ amount: 690, lateAmount: 1_035, currency: 'EUR' });
    const fifteenth = ep(15);
    expect(fifteenth.ok && fifteenth.quote.amount).toBe(1_775);
  });

  it('every row names its source and a valid-from date', () => {
    for (const row of feeRows) {
      // One secondary source (the legacy JP patent table) is served over http only.
      expect(row.source).toMatch(/^https?:\/\//);
      expect(row.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
