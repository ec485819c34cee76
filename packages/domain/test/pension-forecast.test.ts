import { describe, expect, it } from 'vitest';
import {
  convertToYen,
  foreignFeeCurrencies,
  pensionForecastTotals,
  plainRate,
  sumPayments,
  type ForecastPayment,
} from '../src/index.js';

const jp = 'jp-patent';
const us = 'us-patent';
const ep = 'ep-patent';
const pay = (projectId: string, regionCode: number, dueDate: string, amount: number, currency: string) =>
  ({ projectId, regionCode, dueDate, amount, currency }) satisfies ForecastPayment;

const payments = [
  pay(jp, 1, '2027-05-06', 16_700, 'JPY'),
  pay(jp, 1, '2028-05-08', 16_700, 'JPY'),
  pay(us, 2, '2027-07-23', 2_150, 'USD'),
  pay(ep, 3, '2027-06-30', 690, 'EUR'),
  pay(ep, 3, '2028-06-30', 845, 'EUR'),
];
const rates = [
  { currency: 'USD', rate: '150.25' },
  { currency: 'EUR', rate: '162.5' },
];

describe('converting a foreign fee to yen', () => {
  it('multiplies exactly and rounds half up to the yen (no float drift)', () => {
    expect(convertToYen(2_150, '150.25')).toBe(323_038); // 323,037.5 → up
    expect(convertToYen(860, '149.9994')).toBe(128_999); // 128,999.484 → down
    expect(convertToYen(860, '149.9999')).toBe(129_000); // 128,999.914 → up
    // 0.1 × 3 is 0.30000000000000004 in floating point; here it is 0.3 → 0 yen, 0.5 → 1 yen.
    expect(convertToYen(0.1, '3')).toBe(0);
    expect(convertToYen('0.5', '1')).toBe(1);
    expect(convertToYen(1_155.15, '161.1')).toBe(186_095); // 186,094.665
  });

  it('reads a stored rate without its trailing zeros', () => {
    expect(plainRate('155.2000')).toBe('155.2');
    expect(plainRate('150.0000')).toBe('150');
  });

  it('asks a rate for every foreign currency the fee tables charge in', () => {
    expect(foreignFeeCurrencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
    expect(foreignFeeCurrencies).not.toContain('JPY');
  });
});

describe('summing payments', () => {
  it('adds cents exactly per currency, and yen from each converted payment', () => {
    const sum = sumPayments(
      [
        { amount: 0.1, currency: 'USD' },
        { amount: 0.2, currency: 'USD' },
        { amount: 4_900, currency: 'JPY' },
      ],
      new Map([['USD', '100']]),
    );
    expect(sum).toEqual({
      amounts: [
        { currency: 'JPY', amount: 4_900 },
        { currency: 'USD', amount: 0.3 },
      ],
      yen: 4_900 + 10 + 20,
      missingRates: [],
    });
  });

  it('gives no yen total when a currency has no rate, and names it, keeping the foreign sums', () => {
    const sum = sumPayments(payments, new Map([['USD', '150']]));
    expect(sum.yen).toBeNull();
    expect(sum.missingRates).toEqual(['EUR']);
    expect(sum.amounts).toEqual([
      { currency: 'JPY', amount: 33_400 },
      { currency: 'EUR', amount: 1_535 },
      { currency: 'USD', amount: 2_150 },
    ]);
  });
});

describe('the 10-year forecast', () => {
  it('totals each calendar year and each country in yen at the rates given', () => {
    const forecast = pensionForecastTotals({ payments, rates, abandoned: new Set(), today: '2026-11-29' });
    expect([forecast.firstYear, forecast.lastYear]).toEqual([2026, 2035]);
    expect(forecast.byYear).toHaveLength(10);
    const y2027 = forecast.byYear.find((y) => y.calendarYear === 2027)!;
    // 16,700 + 2,150 × 150.25 (323,037.5 → 323,038) + 690 × 162.5 (112,125)
    expect(y2027.total.yen).toBe(16_700 + 323_038 + 112_125);
    expect(y2027.byRegion.map((r) => [r.regionCode, r.total.yen])).toEqual([
      [1, 16_700],
      [2, 323_038],
      [3, 112_125],
    ]);
    expect(forecast.byYear.find((y) => y.calendarYear === 2026)!.total).toEqual({
      amounts: [],
      yen: 0,
      missingRates: [],
    });
    expect(forecast.total.yen).toBe(16_700 * 2 + 323_038 + 112_125 + 137_313); // 845 × 162.5 = 137,312.5
    // The years add up to the total: each payment is rounded once.
    expect(forecast.byYear.reduce((sum, y) => sum + y.total.yen!, 0)).toBe(forecast.total.yen);
    expect(forecast.byRegion.map((r) => r.regionCode)).toEqual([1, 2, 3]);
  });

  it('moves a matter marked to be abandoned from the cost to the saving', () => {
    const forecast = pensionForecastTotals({
      payments,
      rates,
      abandoned: new Set([ep]),
      today: '2026-11-29',
    });
    expect(forecast.saving).toEqual({
      amounts: [{ currency: 'EUR', amount: 1_535 }],
      yen: 112_125 + 137_313,
      missingRates: [],
    });
    expect(forecast.total.yen).toBe(16_700 * 2 + 323_038);
    expect(forecast.byRegion.map((r) => r.regionCode)).toEqual([1, 2]);
    expect(forecast.byMatter.find((m) => m.projectId === ep)).toMatchObject({ abandoned: true });
    expect(forecast.byMatter.find((m) => m.projectId === jp)).toMatchObject({
      abandoned: false,
      total: { yen: 33_400 },
    });
  });

  it('counts a late payment due last year in this year, and nothing after the tenth year', () => {
    const forecast = pensionForecastTotals({
      payments: [pay(jp, 1, '2025-12-01', 33_400, 'JPY'), pay(jp, 1, '2036-01-05', 59_400, 'JPY')],
      rates: [],
      abandoned: new Set(),
      today: '2026-01-10',
    });
    expect(forecast.byYear[0]).toMatchObject({ calendarYear: 2026, total: { yen: 33_400 } });
    expect(forecast.total.yen).toBe(33_400);
  });

  it('shows no yen where a rate is missing, but still the yen of years without that currency', () => {
    const forecast = pensionForecastTotals({
      payments,
      rates: [{ currency: 'USD', rate: '150' }],
      abandoned: new Set(),
      today: '2026-11-29',
    });
    expect(forecast.total).toMatchObject({ yen: null, missingRates: ['EUR'] });
    const y2027 = forecast.byYear.find((y) => y.calendarYear === 2027)!;
    expect(y2027.total.yen).toBeNull();
    expect(y2027.byRegion.find((r) => r.regionCode === 2)!.total.yen).toBe(322_500);
  });
});
