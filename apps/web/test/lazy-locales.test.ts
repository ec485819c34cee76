import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types (the same check `lint` runs on every locales folder)
import { compareLocales, flatten } from '../scripts/check-locales.mjs';
import en from '../src/i18n/locales/en.json';
import ja from '../src/i18n/locales/ja.json';

type Check = (byLocale: Record<string, unknown>) => string[];
type Flatten = (tree: unknown) => Map<string, string>;

// Every set of texts that loads with its pages (shared/lazy-messages.ts): each feature's
// `locales/texts.ts` (sub-folders too) and the shared form pieces'.
const lazyTexts = import.meta.glob<{ texts: { ja: unknown; en: unknown } }>(
  ['../src/features/**/locales/texts.ts', '../src/shared/**/locales/texts.ts'],
  { eager: true },
);

describe('lazily loaded texts', () => {
  it('are found for every feature that keeps texts', () => {
    const folders = Object.keys(lazyTexts).map((path) =>
      path.replace('../src/', '').replace('/locales/texts.ts', ''),
    );
    expect(folders).toEqual(
      expect.arrayContaining([
        'features/account',
        'features/auth',
        'features/organization',
        'features/partner-firm',
        'features/projects',
        'features/requests',
        'features/requests/detail',
        'shared/forms',
      ]),
    );
  });
});

describe.each(Object.entries(lazyTexts).map(([path, module]) => [path, module.texts] as const))(
  '%s',
  (_path, texts) => {
    it('has the same keys and placeholders in ja and en', () => {
      expect((compareLocales as Check)(texts)).toEqual([]);
    });

    it('defines no key the start-up texts define (those would win)', () => {
      const startup = new Set([...(flatten as Flatten)(ja).keys(), ...(flatten as Flatten)(en).keys()]);
      expect([...(flatten as Flatten)(texts.ja).keys()].filter((key) => startup.has(key))).toEqual([]);
    });
  },
);
