import { describe, expect, it } from 'vitest';
import { computeLine, computeTotals, type LineInput } from '../src/index.js';

const yen = (unitPrice: string, extra: Partial<LineInput> = {}): LineInput => ({
  description: '弊所手数料',
  quantity: '1',
  unitPrice,
  taxClass: 'taxable10',
  currency: 'JPY',
  exchangeRate: null,
  ...extra,
});
const none = { withholding: false };

describe('consumption tax: one rounding per invoice and rate (新消令 70-10)', () => {
  it('three lines of ¥105 at 10% → tax 31 on the 315 subtotal, not 3 × 10 = 30 per line', () => {
    const totals = computeTotals([yen('105'), yen('105'), yen('105')], none);
    expect(totals.byTaxClass).toEqual([{ taxClass: 'taxable10', rate: 10, subtotal: 315, tax: 31 }]);
    expect(totals.tax).toBe(31);
    expect(totals.total).toBe(346);
  });

  it('the fraction is truncated once: ¥999 + ¥999 → 199 (per line 99 + 99 = 198)', () => {
    expect(computeTotals([yen('999'), yen('999')], none).tax).toBe(199);
  });

  it('a quantity multiplies before the rounding: 3 × ¥105 on one line is the same 31', () => {
    expect(computeTotals([yen('105', { quantity: '3' })], none).tax).toBe(31);
  });
});

describe('mixed tax classes', () => {
  const lines: LineInput[] = [
    yen('150000', { description: '出願手数料' }),
    yen('14000', { description: '特許印紙代', taxClass: 'nonTaxable' }),
    yen('3333', { description: '翻訳料', quantity: '2' }),
    yen('82000', { description: '外国代理人費用', taxClass: 'outOfScope' }),
  ];

  it('subtotals and tax per class, in taxClasses order, tax only on the 10% class', () => {
    const totals = computeTotals(lines, none);
    expect(totals.byTaxClass).toEqual([
      { taxClass: 'taxable10', rate: 10, subtotal: 156_666, tax: 15_666 },
      { taxClass: 'nonTaxable', rate: 0, subtotal: 14_000, tax: 0 },
      { taxClass: 'outOfScope', rate: 0, subtotal: 82_000, tax: 0 },
    ]);
    expect(totals.subtotal).toBe(252_666);
    expect(totals.tax).toBe(15_666);
    expect(totals.total).toBe(268_332);
    expect(totals.amountToTransfer).toBe(268_332);
    expect(totals.withholdingBase).toBe(0);
  });

  it('withholding is on the 10% fees only, without their tax, official fees or foreign costs', () => {
    const totals = computeTotals(lines, { withholding: true });
    expect(totals.withholdingBase).toBe(156_666);
    expect(totals.withholding).toBe(15_995); // floor(156,666 × 10.21%) = floor(15,995.59)
    expect(totals.amountToTransfer).toBe(268_332 - 15_995);
  });

  it('only the classes that occur are listed', () => {
    const totals = computeTotals([yen('14000', { taxClass: 'nonTaxable' })], none);
    expect(totals.byTaxClass.map((entry) => entry.taxClass)).toEqual(['nonTaxable']);
    expect(computeTotals([], none)).toMatchObject({ byTaxClass: [], subtotal: 0, tax: 0, total: 0 });
  });
});

describe('withholding on the invoice (所得税法204条)', () => {
  it('the yuhigaoka invoice: 100,000 + 10,000 − 10,210 = 99,790', () => {
    const totals = computeTotals([yen('100000')], { withholding: true });
    expect(totals).toMatchObject({
      subtotal: 100_000,
      tax: 10_000,
      total: 110_000,
      withholdingBase: 100_000,
      withholding: 10_210,
      amountToTransfer: 99_790,
    });
  });

  it('fees of ¥1,200,000 withhold 142,940 (20.42% above the threshold)', () => {
    const totals = computeTotals([yen('1200000')], { withholding: true });
    expect(totals.withholding).toBe(142_940);
    expect(totals.amountToTransfer).toBe(1_320_000 - 142_940);
  });
});

describe('foreign-currency lines', () => {
  const usd = (quantity: string, unitPrice: string, exchangeRate: string): LineInput =>
    yen(unitPrice, { quantity, currency: 'USD', exchangeRate, taxClass: 'outOfScope' });

  it('the foreign amount is rounded half-up to cents, then converted and truncated to yen', () => {
    // 1.5 × 333.33 = 499.995 → 500.00; × 151.2345 = 75,617.25 → ¥75,617
    const line = computeLine(usd('1.5', '333.33', '151.2345'));
    expect(line.foreignAmount).toBe('500.00');
    expect(line.amountYen).toBe(75_617);
  });

  it('no floating point: 0.1 × 3 cents-exact, 1,234.56 × 149.99 = 185,171.65 → 185,171', () => {
    expect(computeLine(usd('3', '0.1', '100')).foreignAmount).toBe('0.30');
    expect(computeLine(usd('1', '1234.56', '149.99')).amountYen).toBe(185_171);
  });

  it('a JPY line has no foreign amount and truncates a fractional quantity to yen', () => {
    const line = computeLine(yen('333', { quantity: '0.5' }));
    expect(line).toMatchObject({ foreignAmount: null, amountYen: 166 });
  });

  it('foreign lines count in their tax class like any other', () => {
    const totals = computeTotals([yen('50000'), usd('1', '1000', '150')], none);
    expect(totals.byTaxClass[1]).toEqual({ taxClass: 'outOfScope', rate: 0, subtotal: 150_000, tax: 0 });
    expect(totals.total).toBe(50_000 + 5_000 + 150_000);
  });
});

describe('a negative discount line', () => {
  it('reduces its class subtotal before the one tax rounding', () => {
    const totals = computeTotals([yen('100000'), yen('-5555', { description: '値引き' })], {
      withholding: true,
    });
    expect(totals.lines[1]?.amountYen).toBe(-5_555);
    expect(totals.byTaxClass[0]).toMatchObject({ subtotal: 94_445, tax: 9_444 });
    expect(totals.withholdingBase).toBe(94_445);
    expect(totals.withholding).toBe(9_642); // floor(94,445 × 10.21%) = floor(9,642.83)
    expect(totals.amountToTransfer).toBe(94_445 + 9_444 - 9_642);
  });

  it('a fractional discount truncates toward zero, mirroring the positive line', () => {
    expect(computeLine(yen('-333', { quantity: '0.5' })).amountYen).toBe(-166);
  });

  it('a credit note (all negative) has exactly the negative tax of the same invoice', () => {
    const invoice = computeTotals([yen('105'), yen('105'), yen('105')], none);
    const credit = computeTotals([yen('-105'), yen('-105'), yen('-105')], none);
    expect(credit.tax).toBe(-invoice.tax);
    expect(credit.total).toBe(-invoice.total);
  });
});
