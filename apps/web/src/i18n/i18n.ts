import { locales } from '@ipportal/domain';
import type { DomainMessageTree, Locale } from '@ipportal/domain';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { texts as signedInShellWords } from '../features/shell/locales/texts';
import { deepMerge, shellNamespace, sharedOptions, withProductName } from './i18n-core';
import en from './locales/en.json';
import ja from './locales/ja.json';

export { deepMerge, missingKeyPlaceholder } from './i18n-core';

const appMessages: Record<Locale, DomainMessageTree> = { ja, en };

/**
 * The shell's words of a language with the product name, those of signed-in users included
 * (the app loads them after sign-in, `features/shell/signed-in-texts.ts`). The rest of the domain's messages
 * (code labels, region names, validation and API errors) load on demand, see `domain-messages.ts`.
 */
export function messagesFor(locale: Locale): DomainMessageTree {
  return withProductName(deepMerge(signedInShellWords[locale], appMessages[locale]));
}

export interface CreateI18nOptions {
  locale: Locale;
  /** Called once per missing key; defaults to console.warn. */
  onMissingKey?: (key: string) => void;
}

/**
 * A ready i18next instance with the shell's words of both languages bundled (one per test or
 * story). The app starts with `startI18n` (`start-i18n.ts`) instead, which loads the visitor's
 * language only.
 */
export function createI18n({ locale, onMissingKey }: CreateI18nOptions): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...sharedOptions(onMissingKey),
    lng: locale,
    resources: Object.fromEntries(
      locales.map((l) => [l, { translation: {}, [shellNamespace]: messagesFor(l) }]),
    ),
    initAsync: false,
  });
  return instance;
}
