import { jaUiTexts } from './texts';
import type { UiLocale, UiTexts } from './texts';

// The built-in texts of each language once loaded. Japanese is the default and ships with the
// provider; English is its own chunk, so a Japanese visitor's first download does not carry it.
const loaded: Partial<Record<UiLocale, UiTexts>> = { ja: jaUiTexts };

/** The built-in texts of `locale` if they are in, else undefined. */
export function loadedUiTexts(locale: UiLocale): UiTexts | undefined {
  return loaded[locale];
}

/**
 * Loads the built-in texts of `locale` (once). An app calls it before it renders in that language
 * (as it loads its own words), so the components never show another language's texts meanwhile;
 * the provider loads them too when an app did not.
 */
export async function loadUiTexts(locale: UiLocale): Promise<UiTexts> {
  const ready = loaded[locale];
  if (ready) return ready;
  const texts = locale === 'en' ? (await import('./texts-en')).enUiTexts : jaUiTexts;
  loaded[locale] = texts;
  return texts;
}
