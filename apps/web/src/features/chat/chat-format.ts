import type { Locale } from '@ipportal/domain';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/** The chat's dates and times in the interface language (the browser's time zone). */
export interface ChatFormats {
  /** A day separator: "2026年11月21日(土)", "Sat, 21 November 2026". */
  day(iso: string): string;
  /** The time of a message: "14:05". */
  time(iso: string): string;
  /** Date and time (earlier texts, the room list for older days). */
  dateTime(iso: string): string;
  /** The room list's time: the time today, else the date. */
  listTime(iso: string, now: Date): string;
  bytes(value: number): string;
}

/** The local calendar day of an instant ("2026-11-21"), to group messages under day separators. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

const cache = new Map<Locale, ChatFormats>();

export function chatFormatsFor(locale: Locale): ChatFormats {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const day = new Intl.DateTimeFormat(tag, {
    weekday: 'short',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
  const date = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  );
  const dateTime = new Intl.DateTimeFormat(
    tag,
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  );
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const safe = (format: Intl.DateTimeFormat) => (iso: string) => {
    const value = new Date(iso);
    return Number.isNaN(value.getTime()) ? '' : format.format(value);
  };
  const formats: ChatFormats = {
    day: safe(day),
    time: safe(time),
    dateTime: safe(dateTime),
    listTime: (iso, now) => (dayKey(iso) === dayKey(now.toISOString()) ? safe(time)(iso) : safe(date)(iso)),
    bytes: (value) => {
      if (value < 1024) return `${number.format(value)} B`;
      if (value < 1024 * 1024) return `${number.format(value / 1024)} KB`;
      return `${number.format(value / (1024 * 1024))} MB`;
    },
  };
  cache.set(locale, formats);
  return formats;
}

export function useChatFormats(): ChatFormats {
  const [locale] = useLocale();
  return useMemo(() => chatFormatsFor(locale), [locale]);
}
