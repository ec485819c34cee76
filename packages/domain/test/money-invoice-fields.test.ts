import { describe, expect, it } from 'vitest';
import {
  defaultDueDate,
  formatYen,
  isQualifiedInvoiceNumber,
  matchesCorporateNumberCheckDigit,
  qualifiedInvoiceNumberPattern,
} from '../src/index.js';

describe('defaultDueDate: end of the following month', () => {
  it('across the year end', () => {
    expect(defaultDueDate('2026-12-01')).toBe('2027-01-31');
    expect(defaultDueDate('2026-12-31')).toBe('2027-01-31');
    expect(defaultDueDate('2026-11-26')).toBe('2026-12-31');
  });

  it('February, in common and leap years', () => {
    expect(defaultDueDate('2026-01-31')).toBe('2026-02-28');
    expect(defaultDueDate('2028-01-15')).toBe('2028-02-29');
    expect(defaultDueDate('2100-01-01')).toBe('2100-02-28');
  });

  it('30-day months and a malformed date', () => {
    expect(defaultDueDate('2026-03-31')).toBe('2026-04-30');
    expect(() => defaultDueDate('2026/03/31')).toThrow(RangeError);
  });
});

describe('qualified invoice registration numbers', () => {
  it('T and 13 digits', () => {
    expect(qualifiedInvoiceNumberPattern.source).toBe('^T\\d{13}$');
    expect(isQualifiedInvoiceNumber('T8700110005901')).toBe(true);
    for (const bad of [
      '8700110005901',
      'T870011000590',
      'T87001100059012',
      't8700110005901',
      'T870011000590X',
      '',
    ])
      expect(isQualifiedInvoiceNumber(bad)).toBe(false);
  });

  it('a failed 法人番号 check digit is not refused: it may be an individual registration number', () => {
    expect(isQualifiedInvoiceNumber('T1234567890123')).toBe(true);
    expect(matchesCorporateNumberCheckDigit('T1234567890123')).toBe(false);
  });

  it('the 法人番号 check digit (NTA example 8700110005901; 日税連 7010705000725)', () => {
    expect(matchesCorporateNumberCheckDigit('T8700110005901')).toBe(true);
    expect(matchesCorporateNumberCheckDigit('T7010705000725')).toBe(true);
    expect(matchesCorporateNumberCheckDigit('T1700110005901')).toBe(false);
    expect(matchesCorporateNumberCheckDigit('8700110005901')).toBe(false);
  });
});

describe('formatYen: as the annuity screens show money', () => {
  it('grouped, no decimals, the locale’s yen sign', () => {
    expect(formatYen(1_234_567, 'ja')).toBe('￥1,234,567');
    expect(formatYen(1_234_567, 'en')).toBe('JP¥1,234,567');
    expect(formatYen(-10_210, 'ja')).toBe('-￥10,210');
  });
});
