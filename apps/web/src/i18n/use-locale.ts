import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLocale } from '@ipportal/domain';
import type { Locale } from '@ipportal/domain';
import { isLocale, persistLocale } from './locale';

/** The interface language and a setter that switches instantly and remembers the choice. */
export function useLocale(): [Locale, (locale: Locale) => void] {
  const { i18n } = useTranslation();
  const current = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLocale;
  const setLocale = useCallback(
    (locale: Locale) => {
      persistLocale(typeof localStorage === 'undefined' ? undefined : localStorage, locale);
      void i18n.changeLanguage(locale);
    },
    [i18n],
  );
  return [current, setLocale];
}
