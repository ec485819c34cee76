import type { DomainMessageTree, Locale } from '@ipportal/domain';
import i18next from 'i18next';
import type { BackendModule, i18n as I18n } from 'i18next';
import { loadUiTexts } from '@ipportal/ui';
import { initReactI18next } from 'react-i18next';
import { shellNamespace, sharedOptions, withProductName } from './i18n-core';

/**
 * The shell's words of one language, each language its own chunk, with the design system's texts
 * of that language: i18next switches language once both are in, so no component shows the other
 * language's texts meanwhile.
 */
async function shellWords(language: string): Promise<DomainMessageTree> {
  const english = language === 'en';
  const [words] = await Promise.all([
    english ? import('./locales/en.json') : import('./locales/ja.json'),
    loadUiTexts(english ? 'en' : 'ja'),
  ]);
  return withProductName(words.default);
}

/**
 * i18next's backend for the shell's namespace: its words of a language load when i18next asks for
 * them; the page namespace starts empty (pages add their texts as they load).
 */
const shellBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    if (namespace !== shellNamespace) return done(null, {});
    shellWords(language).then(
      (words) => done(null, words),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The app's i18next instance, ready once the visitor's language is in: the shell's words load
 * through i18next's backend, one language at a time (the other one when the visitor switches), so
 * the first download carries neither (docs/adr/0039). Pages add their own texts to `translation`
 * as they load (`shared/lazy-messages.ts`).
 */
export async function startI18n(locale: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(shellBackend)
    .init({ ...sharedOptions(), lng: locale, partialBundledLanguages: true });
  return instance;
}
