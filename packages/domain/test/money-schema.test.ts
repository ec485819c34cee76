import { describe, expect, it } from 'vitest';
import { lineInputSchema, linesSchema, ValidationMessage, type LineInput } from '../src/index.js';

const line = (extra: Partial<Record<keyof LineInput, unknown>> = {}) => ({
  description: '弊所手数料',
  quantity: '1',
  unitPrice: '100000',
  taxClass: 'taxable10',
  currency: 'JPY',
  exchangeRate: null,
  ...extra,
});

function issues(value: unknown): { path: string; message: string }[] {
  const result = lineInputSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('lineInputSchema', () => {
  it('accepts JPY and foreign lines, a discount and full-width digits', () => {
    expect(issues(line())).toEqual([]);
    expect(issues(line({ unitPrice: '-5000' }))).toEqual([]);
    expect(issues(line({ currency: 'USD', unitPrice: '1234.56', exchangeRate: '151.2345' }))).toEqual([]);
    expect(lineInputSchema.parse(line({ quantity: '２．５', unitPrice: '－１００' }))).toMatchObject({
      quantity: '2.5',
      unitPrice: '-100',
    });
  });

  it('the exchange rate is required exactly for a foreign currency', () => {
    expect(issues(line({ currency: 'EUR', unitPrice: '10' }))).toEqual([
      { path: 'exchangeRate', message: ValidationMessage.exchangeRateRequired },
    ]);
    expect(issues(line({ exchangeRate: '1' }))).toEqual([
      { path: 'exchangeRate', message: ValidationMessage.invalidValue },
    ]);
    expect(issues(line({ currency: 'USD', exchangeRate: '150.12345' }))).toEqual([
      { path: 'exchangeRate', message: ValidationMessage.invalidNumber },
    ]);
  });

  it('yen prices are whole, foreign prices have at most 2 places', () => {
    expect(issues(line({ unitPrice: '100.5' }))).toEqual([
      { path: 'unitPrice', message: ValidationMessage.wholeYen },
    ]);
    expect(issues(line({ currency: 'USD', unitPrice: '1.005', exchangeRate: '150' }))).toEqual([
      { path: 'unitPrice', message: ValidationMessage.invalidNumber },
    ]);
  });

  it('amounts typed with full-width digits or thousands separators are read; what is still not a number asks for half-width digits', () => {
    const parsed = lineInputSchema.parse(line({ quantity: '１，０００', unitPrice: '３００，０００' }));
    expect([parsed.quantity, parsed.unitPrice]).toEqual(['1000', '300000']);
    expect(issues(line({ unitPrice: '3,00,000' }))).toEqual([
      { path: 'unitPrice', message: ValidationMessage.halfWidthNumber },
    ]);
    expect(issues(line({ currency: 'USD', unitPrice: '10', exchangeRate: '150円' }))).toEqual([
      { path: 'exchangeRate', message: ValidationMessage.halfWidthNumber },
    ]);
  });

  it('quantity: 0 < q ≤ 1,000,000 with at most 3 places', () => {
    for (const quantity of ['0', '-1', '1.2345', '1000000.001', 'abc', ''])
      expect(issues(line({ quantity }))).toEqual([
        { path: 'quantity', message: ValidationMessage.numberRange },
      ]);
    expect(issues(line({ quantity: '1000000' }))).toEqual([]);
    expect(issues(line({ quantity: '0.001' }))).toEqual([]);
  });

  it('a line amount is at most ¥10^12 either way', () => {
    expect(issues(line({ quantity: '1000', unitPrice: '1000000000' }))).toEqual([]);
    expect(issues(line({ quantity: '1000', unitPrice: '-1000000001' }))).toEqual([
      { path: 'unitPrice', message: ValidationMessage.numberRange },
    ]);
  });

  it('description 1 to 500 characters, currency 3 capitals, a known tax class', () => {
    expect(issues(line({ description: '  ' }))).toEqual([
      { path: 'description', message: ValidationMessage.required },
    ]);
    expect(issues(line({ description: 'x'.repeat(501) }))).toEqual([
      { path: 'description', message: ValidationMessage.tooLong },
    ]);
    expect(issues(line({ currency: 'usd', exchangeRate: '150' }))).toEqual([
      { path: 'currency', message: ValidationMessage.invalidCurrency },
    ]);
    expect(issues(line({ taxClass: 'taxable8' }))).toEqual([
      { path: 'taxClass', message: ValidationMessage.invalidValue },
    ]);
  });
});

describe('linesSchema', () => {
  it('1 to 100 lines', () => {
    expect(linesSchema.safeParse([]).success).toBe(false);
    expect(linesSchema.safeParse(Array.from({ length: 100 }, () => line())).success).toBe(true);
    const tooMany = linesSchema.safeParse(Array.from({ length: 101 }, () => line()));
    expect(tooMany.error?.issues[0]?.message).toBe(ValidationMessage.tooLong);
  });
});
