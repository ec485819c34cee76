import { formatYen } from '@ipportal/domain';
import type { Locale } from '@ipportal/domain';
import { useMemo } from 'react';
import { useLocale } from '../../i18n/use-locale';

/** Money and dates of estimates and invoices in the interface language (ja: ￥1,100 and 2026年11月26日; en: JP¥1,100 and 26 Nov 2026). */
export interface BillingFormats {
  locale: Locale;
  /** Whole yen. */
  yen(amount: number): string;
  /** An amount in any currency; decimal text (as the API sends foreign amounts) or a number. */
  money(amount: string | number, currency: string): string;
  /** A calendar date (`YYYY-MM-DD`) read as a day, so no time zone moves it. */
  date(iso: string | null | undefined): string;
  /**
   * The same day written short for a table's column, as Japanese tables write it (2026/11/26);
   * English keeps 26 Nov 2026, already short and not ambiguous between day and month.
   */
  shortDate(iso: string | null | undefined): string;
  /** The day of an instant, in the viewer's time zone. */
  instantDay(iso: string | null | undefined): string;
  /** A quantity (up to 3 decimal places). */
  quantity(value: string): string;
  /** Yen per one unit of a foreign currency. */
  rate(value: string, currency: string): string;
}

/** A `YYYY-MM-DD` day as the instant of its UTC midnight, which the formats read in UTC. */
function calendarDay(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function billingFormatsFor(locale: Locale): BillingFormats {
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  const dayOptions: Intl.DateTimeFormatOptions =
    locale === 'ja'
      ? { year: 'numeric', month: 'long', day: 'numeric' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  const day = new Intl.DateTimeFormat(tag, { ...dayOptions, timeZone: 'UTC' });
  const shortDay =
    locale === 'ja'
      ? new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
      : day;
  const localDay = new Intl.DateTimeFormat(tag, dayOptions);
  const quantityFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const rateFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 4 });
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string) => {
    let format = moneyFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
      });
      moneyFormats.set(currency, format);
    }
    return format;
  };
  return {
    locale,
    // The domain's yen format, which the stored PDF uses too.
    yen: (amount) => formatYen(amount, locale),
    // Shown only: the API computed every amount from the decimal text already.
    money: (amount, currency) =>
      currency === 'JPY' ? formatYen(Number(amount), locale) : moneyFormat(currency).format(Number(amount)),
    date: (iso) => (iso ? day.format(calendarDay(iso)) : ''),
    shortDate: (iso) => (iso ? shortDay.format(calendarDay(iso)) : ''),
    instantDay: (iso) => (iso ? localDay.format(new Date(iso)) : ''),
    quantity: (value) => quantityFormat.format(Number(value)),
    rate: (value, currency) =>
      locale === 'ja'
        ? `1 ${currency} = ${rateFormat.format(Number(value))}円`
        : `1 ${currency} = JP¥${rateFormat.format(Number(value))}`,
  };
}

export function useBillingFormats(): BillingFormats {
  const [locale] = useLocale();
  return useMemo(() => billingFormatsFor(locale), [locale]);
}
