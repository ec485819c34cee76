import { describe, expect, it } from 'vitest';
import { collectiveWithholding, withholdingTax } from '../src/index.js';

describe('withholdingTax (所得税法 Art. 205(i), NTA No.2798)', () => {
  it('below ¥1,000,000: 10.21%, fractions truncated', () => {
    expect(withholdingTax(500_000)).toBe(51_050);
    expect(withholdingTax(100_000)).toBe(10_210);
    expect(withholdingTax(33_333)).toBe(3_403); // 3,403.29
    expect(withholdingTax(1)).toBe(0);
  });

  it('at ¥1,000,000: exactly 102,100', () => {
    expect(withholdingTax(1_000_000)).toBe(102_100);
  });

  it('above: 20.42% of the excess + 102,100', () => {
    expect(withholdingTax(1_200_000)).toBe(142_940);
    expect(withholdingTax(1_000_001)).toBe(102_100); // 0.2042 truncated
    expect(withholdingTax(1_000_005)).toBe(102_101); // 1.021
  });

  it('nothing for a base of zero or less (a credit note)', () => {
    expect(withholdingTax(0)).toBe(0);
    expect(withholdingTax(-100_000)).toBe(0);
  });
});

describe('collectiveWithholding: the threshold is per payment (所基通 205-1)', () => {
  it('two invoices of 600,000 paid at once cross the threshold', () => {
    const result = collectiveWithholding([600_000, 600_000]);
    expect(result.separately).toBe(61_260 * 2);
    expect(result.together).toBe(142_940);
    expect(result.crossesThreshold).toBe(true);
  });

  it('invoices that stay below it together do not', () => {
    expect(collectiveWithholding([300_000, 200_000])).toEqual({
      separately: 30_630 + 20_420,
      together: 51_050,
      crossesThreshold: false,
    });
  });

  it('one invoice alone is not a crossing, even above the threshold', () => {
    expect(collectiveWithholding([1_200_000])).toEqual({
      separately: 142_940,
      together: 142_940,
      crossesThreshold: false,
    });
  });

  it('a small invoice paid with a large one moves into the 20.42% band', () => {
    const result = collectiveWithholding([1_500_000, 100_000, 0]);
    expect(result.separately).toBe(204_200 + 10_210);
    expect(result.together).toBe(224_620);
    expect(result.crossesThreshold).toBe(true);
  });
});
