import { defaultLocale, locales, productName, productNameKey } from '@ipportal/domain';
import type { DomainMessageTree, Locale } from '@ipportal/domain';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';

const appMessages: Record<Locale, DomainMessageTree> = { ja, en };

export function deepMerge(base: DomainMessageTree, extra: DomainMessageTree): DomainMessageTree {
  const merged: DomainMessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = merged[key];
    merged[key] =
      typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return merged;
}

function keyTree(dottedKey: string, value: string): DomainMessageTree {
  return dottedKey
    .split('.')
    .reduceRight<string | DomainMessageTree>(
      (inner, part) => ({ [part]: inner }),
      value,
    ) as DomainMessageTree;
}

/**
 * The messages available from the start: the app's own, plus the product name (the domain's
 * constant). The rest of the domain's messages (code labels, region names, validation and API
 * errors) load on demand, see `domain-messages.ts`.
 */
export function messagesFor(locale: Locale): DomainMessageTree {
  return deepMerge(keyTree(productNameKey, productName), appMessages[locale]);
}

/** What a missing key renders as: visible, so it is noticed on screen and in tests. */
export function missingKeyPlaceholder(key: string): string {
  return `⟦${key}⟧`;
}

export interface CreateI18nOptions {
  locale: Locale;
  /** Called once per missing key; defaults to console.warn. */
  onMissingKey?: (key: string) => void;
}

/**
 * A fresh i18next instance (one per app, one per test): ja is the fallback, a missing key logs a
 * warning once and renders a visible placeholder.
 */
export function createI18n({ locale, onMissingKey }: CreateI18nOptions): I18n {
  const warned = new Set<string>();
  const report =
    onMissingKey ??
    ((key: string) => {
      console.warn(`[i18n] missing translation key: ${key}`);
    });
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: locales,
    resources: Object.fromEntries(locales.map((l) => [l, { translation: messagesFor(l) }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key: string) => {
      if (!warned.has(key)) {
        warned.add(key);
        report(key);
      }
      return missingKeyPlaceholder(key);
    },
  });
  return instance;
}
