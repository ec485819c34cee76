import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { UiProvider } from '../src/provider/UiProvider';
import type { UiLocale } from '../src/i18n';
import { loadUiTexts } from '../src/i18n/load-ui-texts';

// Story tests run once per language: vitest.config.ts defines this as "en" for the English project.
declare const __STORY_TEST_LOCALE__: string | undefined;
const initialLocale =
  typeof __STORY_TEST_LOCALE__ !== 'undefined' && __STORY_TEST_LOCALE__ === 'en' ? 'en' : 'ja';

function LocaleFrame({ locale, children }: { locale: UiLocale; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <UiProvider locale={locale}>{children}</UiProvider>;
}

/**
 * Stories keep Japanese sample args (the default language) and list the English ones in
 * `parameters.enArgs`; in English those replace the Japanese ones. Render functions pick their
 * texts with `pick()` from test/fixtures/story-locale.
 */
const withUi: Decorator = (Story, context) => {
  const locale = context.globals['locale'] === 'en' ? 'en' : 'ja';
  const enArgs = context.parameters['enArgs'] as Record<string, unknown> | undefined;
  return (
    <LocaleFrame locale={locale}>
      {locale === 'en' && enArgs ? <Story args={{ ...context.args, ...enArgs }} /> : <Story />}
    </LocaleFrame>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withUi],
  // English texts load before a story renders, as an app loads them before rendering in English.
  loaders: [async () => ({ uiTexts: await loadUiTexts('en') })],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'ja', title: '日本語' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: initialLocale },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Any axe violation (not only serious or critical ones) fails the story test.
    a11y: { test: 'error' },
  },
};

export default preview;
