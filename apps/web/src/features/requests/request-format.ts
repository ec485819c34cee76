import type { Locale, RequestStatus } from '@ipportal/domain';
import type { StatusTone } from '@ipportal/ui';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/**
 * Dates of the request screens per language. Deadlines are calendar days (`YYYY-MM-DD`),
 * formatted from their parts in UTC so no time zone moves them; the registration date is an
 * instant shown in the user's time zone. ja: 2026/11/23, en: 23 Nov 2026.
 */
export interface RequestFormats {
  locale: Locale;
  day(iso: string | null | undefined): string;
  instantDay(iso: string | null | undefined): string;
}

const cache = new Map<Locale, RequestFormats>();

export function requestFormatsFor(locale: Locale): RequestFormats {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const options: Intl.DateTimeFormatOptions =
    locale === 'ja'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  const utc = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
  const local = new Intl.DateTimeFormat(tag, options);
  const formats: RequestFormats = {
    locale,
    day(iso) {
      const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
      if (!match) return '';
      return utc.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
    },
    instantDay(iso) {
      if (!iso) return '';
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : local.format(date);
    },
  };
  cache.set(locale, formats);
  return formats;
}

export function useRequestFormats(): RequestFormats {
  const [locale] = useLocale();
  return useMemo(() => requestFormatsFor(locale), [locale]);
}

/** Colour of a request status chip (the text always names the status too). */
export function requestStatusTone(status: RequestStatus, declined: boolean): StatusTone {
  if (declined) return 'danger';
  return status === 3 ? 'success' : status === 2 ? 'info' : 'neutral';
}

/** The office's name in the interface language (the Japanese name when it has no English one). */
export function officeName(office: { name: string; nameEn: string | null }, locale: Locale): string {
  return locale === 'en' && office.nameEn ? office.nameEn : office.name;
}
