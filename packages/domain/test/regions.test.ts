import { describe, expect, it } from 'vitest';
import {
  findRegion,
  findRegionByAlpha2,
  isRegionCode,
  regionCodes,
  regionName,
  regions,
  sortedRegions,
  translateDomainKey,
} from '../src/index.js';

describe('regions', () => {
  it('has unique codes: 1-200 for countries, then 201 EU, 202 PCT and 999 Other', () => {
    expect(new Set(regionCodes).size).toBe(regionCodes.length);
    const expected = [...Array.from({ length: 200 }, (_, i) => i + 1), 201, 202, 999];
    expect([...regionCodes].sort((a, b) => a - b)).toEqual(expected);
  });

  it('maps every country code to a distinct ISO 3166 alpha-2 code', () => {
    const alpha2 = regions.filter((r) => r.code <= 200).map((r) => r.alpha2);
    expect(alpha2.every((a) => typeof a === 'string' && /^[A-Z]{2}$/.test(a))).toBe(true);
    expect(new Set(alpha2).size).toBe(200);
  });

  it.each(regions.map((r) => [r.code, r] as const))(
    'region %i has a name key and non-empty names in both languages',
    (code, region) => {
      expect(region.nameKey).toBe(`region.${code}`);
      expect(region.nameEn.trim()).not.toBe('');
      expect(region.nameJa.trim()).not.toBe('');
      expect(translateDomainKey('ja', region.nameKey)).toBe(region.nameJa);
      expect(translateDomainKey('en', region.nameKey)).toBe(region.nameEn);
    },
  );

  it('takes names from CLDR data', () => {
    expect(regionName(1, 'ja')).toBe('日本');
    expect(regionName(1, 'en')).toBe('Japan');
    expect(regionName(2, 'en')).toBe('United States of America');
    expect(regionName(4, 'ja')).toBe('大韓民国');
    expect(regionName(5, 'en')).toBe('Taiwan');
    expect(regionName(202, 'en')).toContain('PCT');
    expect(regionName(12345, 'en')).toBeUndefined();
  });

  it('looks regions up by code and alpha-2', () => {
    expect(findRegion(3)?.alpha2).toBe('CN');
    expect(findRegionByAlpha2('kr')?.code).toBe(4);
    expect(findRegion(0)).toBeUndefined();
    expect(isRegionCode(201)).toBe(true);
    expect(isRegionCode(203)).toBe(false);
    expect(isRegionCode('1')).toBe(false);
  });

  it.each(['ja', 'en'] as const)(
    'sorts for %s with Japan, US, China, Korea, Europe and PCT first and Other last',
    (locale) => {
      const sorted = sortedRegions(locale);
      expect(sorted).toHaveLength(regions.length);
      expect(sorted.slice(0, 6).map((r) => r.code)).toEqual([1, 2, 3, 4, 201, 202]);
      expect(sorted.at(-1)?.code).toBe(999);
      const middle = sorted.slice(6, -1).map((r) => (locale === 'ja' ? r.nameJa : r.nameEn));
      const collator = new Intl.Collator(locale);
      expect([...middle].sort((a, b) => collator.compare(a, b))).toEqual(middle);
    },
  );
});
