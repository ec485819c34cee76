import type { Locale } from '@ipportal/domain';
import { useMemo } from 'react';
import { useLocale } from '../../../i18n/use-locale';

/** Instants (mails, history) with their time, and sizes, per interface language. */
export interface DetailFormats {
  dateTime(iso: string): string;
  bytes(value: number): string;
}

const cache = new Map<Locale, DetailFormats>();

export function detailFormatsFor(locale: Locale): DetailFormats {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const dateTime = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  );
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const formats: DetailFormats = {
    dateTime: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
    },
    bytes: (value) => {
      if (value < 1024) return `${number.format(value)} B`;
      if (value < 1024 * 1024) return `${number.format(value / 1024)} KB`;
      return `${number.format(value / (1024 * 1024))} MB`;
    },
  };
  cache.set(locale, formats);
  return formats;
}

export function useDetailFormats(): DetailFormats {
  const [locale] = useLocale();
  return useMemo(() => detailFormatsFor(locale), [locale]);
}
