import type { Locale } from '../../codes/codes.js';
import { formatYen } from '../../money/format-yen.js';

/**
 * One text of a billing document in its three faces: the Japanese and the English page (the
 * screen and print page in the interface language) and the stored PDF, which is read in both
 * languages and so prints a label as "日本語 / English" and a value in a form both read.
 */
export interface DocumentText {
  ja: string;
  en: string;
  both: string;
}

/** Where a document is shown: a page in one language, or the bilingual stored PDF. */
export type DocumentFace = Locale | 'both';

/** A label in both languages; the PDF prints it "ja / en". */
export function label(ja: string, en: string): DocumentText {
  return { ja, en, both: `${ja} / ${en}` };
}

/** Data printed as entered (names, descriptions, notes), the same on every face. */
export function verbatim(text: string): DocumentText {
  return { ja: text, en: text, both: text };
}

/** A longer text in both languages; the PDF prints the Japanese paragraph, then the English. */
export function paragraph(ja: string, en: string): DocumentText {
  return { ja, en, both: `${ja}\n${en}` };
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const enDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function signed(amount: number, text: (abs: number) => string): string {
  return amount < 0 ? `−${text(Math.abs(amount))}` : text(amount);
}

/**
 * Whole yen: the page as the product writes money (ja "￥1,234", en "JP¥1,234"); the PDF as
 * Japanese documents print it ("¥1,234"). A negative amount reads "−￥10,210".
 */
export function yenText(amount: number): DocumentText {
  return {
    ja: signed(amount, (abs) => formatYen(abs, 'ja')),
    en: signed(amount, (abs) => formatYen(abs, 'en')),
    both: signed(amount, (abs) => `¥${grouped.format(abs)}`),
  };
}

/**
 * A calendar day (`YYYY-MM-DD`, never moved by a time zone): ja "2026年11月26日", en
 * "26 Nov 2026"; the PDF "2026年11月26日 / 2026-11-26".
 */
export function dateText(iso: string): DocumentText {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const ja = `${y}年${m}月${d}日`;
  return { ja, en: enDay.format(new Date(Date.UTC(y, m - 1, d))), both: `${ja} / ${iso.slice(0, 10)}` };
}

/** A decimal string with grouped integer digits, its decimals kept as given ('1234.50' → '1,234.50'). */
export function groupedDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [integer = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const digits = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}
