import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/** Calendar dates (`YYYY-MM-DD`) in the interface language, read as days (no time-zone shift). */
export function useDayFormat(): {
  locale: 'ja' | 'en';
  day: (iso: string) => string;
  instant: (iso: string) => string;
  month: (date: Date) => string;
} {
  const [locale] = useLocale();
  return useMemo(() => {
    // Day, month, year in English, as every other page of the English interface writes dates.
    const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
    const day = new Intl.DateTimeFormat(tag, {
      year: 'numeric',
      month: locale === 'ja' ? 'long' : 'short',
      day: 'numeric',
      weekday: 'short',
      timeZone: 'UTC',
    });
    const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
    const month = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long' });
    return {
      locale,
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      instant: (iso: string) => instant.format(new Date(iso)),
      month: (date: Date) => month.format(date),
    };
  }, [locale]);
}
