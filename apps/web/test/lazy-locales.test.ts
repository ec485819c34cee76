import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types (the same check `lint` runs on src/i18n)
import { compareLocales, flatten } from '../scripts/check-locales.mjs';
import { texts as accountTexts } from '../src/features/account/locales/texts';
import { texts as authTexts } from '../src/features/auth/locales/texts';
import en from '../src/i18n/locales/en.json';
import ja from '../src/i18n/locales/ja.json';
import { texts as formTexts } from '../src/shared/forms/locales/texts';

type Check = (byLocale: Record<string, unknown>) => string[];
type Flatten = (tree: unknown) => Map<string, string>;

// Texts that load with their pages (shared/lazy-messages.ts) get the checks src/i18n's get in lint.
describe.each([
  ['auth', authTexts],
  ['account', accountTexts],
  ['forms', formTexts],
])('lazily loaded %s texts', (_name, texts) => {
  it('have the same keys and placeholders in ja and en', () => {
    expect((compareLocales as Check)(texts)).toEqual([]);
  });

  it('define no key the start-up texts define (those would win)', () => {
    const startup = new Set([...(flatten as Flatten)(ja).keys(), ...(flatten as Flatten)(en).keys()]);
    expect([...(flatten as Flatten)(texts.ja).keys()].filter((key) => startup.has(key))).toEqual([]);
  });
});
