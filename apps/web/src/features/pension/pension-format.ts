import type { Locale } from '@ipportal/domain';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/** Money and calendar dates of the annuity screens, per interface language. */
export interface PensionFormats {
  locale: Locale;
  money(amount: number, currency: string): string;
  /** A calendar date (`YYYY-MM-DD`), formatted from its parts so no time zone moves it. */
  date(iso: string | null | undefined): string;
}

export function pensionFormatsFor(locale: Locale): PensionFormats {
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const day = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  return {
    locale,
    money(amount, currency) {
      let format = moneyFormats.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(tag, { style: 'currency', currency });
        moneyFormats.set(currency, format);
      }
      return format.format(amount);
    },
    date(iso) {
      if (!iso) return '';
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      return day.format(new Date(Date.UTC(y, m - 1, d)));
    },
  };
}

export function usePensionFormats(): PensionFormats {
  const [locale] = useLocale();
  return useMemo(() => pensionFormatsFor(locale), [locale]);
}
