import { describe, expect, it } from 'vitest';
import { billingFormatsFor } from './billing-format';

describe('billing formats', () => {
  it('writes a day in full, and short for a table column as each language writes it', () => {
    const ja = billingFormatsFor('ja');
    const en = billingFormatsFor('en');
    expect(ja.date('2026-01-05')).toBe('2026年1月5日');
    expect(ja.shortDate('2026-01-05')).toBe('2026/01/05');
    expect(en.date('2026-01-05')).toBe('5 Jan 2026');
    expect(en.shortDate('2026-01-05')).toBe('5 Jan 2026');
    expect(ja.shortDate(null)).toBe('');
  });
});
