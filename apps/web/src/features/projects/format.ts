import type { Locale } from '@ipportal/domain';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/**
 * Dates and numbers per interface language. Calendar dates (`YYYY-MM-DD`: filing dates,
 * deadlines) are days, not instants: they are formatted in UTC from their parts so no time zone
 * moves them. Instants (`updateDate`) are shown in the user's time zone.
 * - ja: long 2026年11月23日, short 2026/11/23
 * - en: 23 Nov 2026 (both)
 */
export interface Formats {
  locale: Locale;
  /** A calendar date, long form; '' for none. */
  date(iso: string | null | undefined): string;
  /** A calendar date, compact form for tables; '' for none. */
  shortDate(iso: string | null | undefined): string;
  /** The day of an instant, compact form; '' for none. */
  instantDate(iso: string | null | undefined): string;
  /** Day and time of an instant; '' for none. */
  dateTime(iso: string | null | undefined): string;
  number(value: number | null | undefined): string;
  /** A size in bytes as B, KB, MB. */
  bytes(value: number): string;
}

const cache = new Map<Locale, Formats>();

function utcDay(iso: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

export function formatsFor(locale: Locale): Formats {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const long = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
  const short = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
  const localDay = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  );
  const localDateTime = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  );
  const numbers = new Intl.NumberFormat(tag);
  const oneDecimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const day = (format: Intl.DateTimeFormat) => (iso: string | null | undefined) => {
    if (!iso) return '';
    const date = utcDay(iso);
    return date ? format.format(date) : iso;
  };
  const instant = (format: Intl.DateTimeFormat) => (iso: string | null | undefined) => {
    if (!iso) return '';
    const time = Date.parse(iso);
    return Number.isNaN(time) ? iso : format.format(time);
  };
  const formats: Formats = {
    locale,
    date: day(long),
    shortDate: day(short),
    instantDate: instant(localDay),
    dateTime: instant(localDateTime),
    number: (value) => (value === null || value === undefined ? '' : numbers.format(value)),
    bytes: (value) => {
      if (value < 1024) return `${numbers.format(value)} B`;
      if (value < 1024 * 1024) return `${oneDecimal.format(value / 1024)} KB`;
      return `${oneDecimal.format(value / (1024 * 1024))} MB`;
    },
  };
  cache.set(locale, formats);
  return formats;
}

export function useFormats(): Formats {
  const [locale] = useLocale();
  return useMemo(() => formatsFor(locale), [locale]);
}
