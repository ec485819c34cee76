import type { Locale } from '../codes/codes.js';

const yenFormats: Record<Locale, Intl.NumberFormat> = {
  // The same tags and style as the annuity screens (apps/web pension-format.ts), so money reads
  // the same everywhere in the product: ja "￥1,234", en "JP¥1,234".
  ja: new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'JPY' }),
};

/** An integer yen amount for the interface language. */
export function formatYen(amount: number, locale: Locale): string {
  return yenFormats[locale].format(amount);
}
