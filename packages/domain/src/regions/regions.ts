import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import type { Locale } from '../codes/codes.js';
import {
  countryRegionCodes,
  priorityRegionCodes,
  RegionCode,
  regionsPreferringAlias,
} from './region-codes.js';

countries.registerLocale(en);
countries.registerLocale(ja);

export interface Region {
  /** Stable numeric code (1-200 countries, 201 Europe, 202 PCT, 999 Other). */
  readonly code: number;
  /** ISO 3166-1 alpha-2 for countries; undefined for Europe, PCT and Other. */
  readonly alpha2: string | undefined;
  /** i18n key of the region name, e.g. `region.1`. */
  readonly nameKey: string;
  readonly nameEn: string;
  readonly nameJa: string;
}

function countryName(alpha2: string, locale: Locale): string {
  const select = regionsPreferringAlias.has(alpha2) ? 'alias' : 'official';
  const name = countries.getName(alpha2, locale, { select });
  if (!name) throw new Error(`i18n-iso-countries has no ${locale} name for ${alpha2}`);
  return name;
}

const nonCountryRegions: readonly Region[] = [
  {
    code: RegionCode.Europe,
    alpha2: undefined,
    nameKey: 'region.201',
    nameEn: 'Europe (EPO / EU)',
    nameJa: '欧州（EPO・EU）',
  },
  {
    code: RegionCode.Pct,
    alpha2: undefined,
    nameKey: 'region.202',
    nameEn: 'PCT (international application)',
    nameJa: 'PCT（国際出願）',
  },
  { code: RegionCode.Other, alpha2: undefined, nameKey: 'region.999', nameEn: 'Other', nameJa: 'その他' },
];

/** Every region, in code order. */
export const regions: readonly Region[] = [
  ...countryRegionCodes.map(([code, alpha2]) => ({
    code,
    alpha2,
    nameKey: `region.${code}`,
    nameEn: countryName(alpha2, 'en'),
    nameJa: countryName(alpha2, 'ja'),
  })),
  ...nonCountryRegions,
];

const regionsByCode = new Map(regions.map((region) => [region.code, region]));

export const regionCodes: readonly number[] = regions.map((region) => region.code);

export function isRegionCode(code: unknown): code is number {
  return typeof code === 'number' && regionsByCode.has(code);
}

export function findRegion(code: number): Region | undefined {
  return regionsByCode.get(code);
}

export function findRegionByAlpha2(alpha2: string): Region | undefined {
  const upper = alpha2.toUpperCase();
  return regions.find((region) => region.alpha2 === upper);
}

export function regionName(code: number, locale: Locale): string | undefined {
  const region = regionsByCode.get(code);
  if (!region) return undefined;
  return locale === 'ja' ? region.nameJa : region.nameEn;
}

/**
 * Regions for a picker: the priority offices first (Japan, US, China, Korea, Europe, PCT),
 * then the rest sorted by their name in `locale` (Japanese names sort by the ja collation),
 * with Other last.
 */
export function sortedRegions(locale: Locale): Region[] {
  const collator = new Intl.Collator(locale);
  const name = (region: Region) => (locale === 'ja' ? region.nameJa : region.nameEn);
  const priority = priorityRegionCodes.map((code) => regionsByCode.get(code)).filter((r): r is Region => !!r);
  const rest = regions
    .filter((region) => !priorityRegionCodes.includes(region.code) && region.code !== RegionCode.Other)
    .sort((a, b) => collator.compare(name(a), name(b)));
  const other = regionsByCode.get(RegionCode.Other);
  return [...priority, ...rest, ...(other ? [other] : [])];
}

/** i18n resources for region names, merged into `domainMessages`. */
export function regionMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    regions.map((region) => [String(region.code), locale === 'ja' ? region.nameJa : region.nameEn]),
  );
}
