import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script without type declarations
import { compareLocales } from './check-locales.mjs';

const check = compareLocales as (byLocale: Record<string, unknown>) => string[];

describe('check-locales', () => {
  it('passes symmetric files', () => {
    expect(check({ ja: { a: { b: 'あ' } }, en: { a: { b: 'A' } } })).toEqual([]);
  });

  it('reports a key that exists in one language only', () => {
    expect(check({ ja: { a: 'あ', b: 'い' }, en: { a: 'A' } })).toEqual(['"b" is missing in en']);
    expect(check({ ja: {}, en: { nested: { c: 'C' } } })).toEqual(['"nested.c" is missing in ja']);
  });

  it('reports different placeholders', () => {
    expect(check({ ja: { a: '{{count}} 件' }, en: { a: '{{n}} items' } })).toEqual([
      '"a" uses different {{placeholders}} across languages',
    ]);
  });
});
