import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { UiProvider } from '../src/provider/UiProvider';
import type { UiLocale } from '../src/i18n';

function LocaleFrame({ locale, children }: { locale: UiLocale; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <UiProvider locale={locale}>{children}</UiProvider>;
}

const withUi: Decorator = (Story, context) => (
  <LocaleFrame locale={context.globals['locale'] === 'en' ? 'en' : 'ja'}>
    <Story />
  </LocaleFrame>
);

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withUi],
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
  initialGlobals: { locale: 'ja' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Any axe violation (not only serious or critical ones) fails the story test.
    a11y: { test: 'error' },
  },
};

export default preview;
