import { defaultLocale, locales } from '@ipportal/domain';
import type { Locale } from '@ipportal/domain';

/** localStorage key holding the language the user chose with the selector. */
export const localeStorageKey = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

function storedLocale(storage: Pick<Storage, 'getItem'> | undefined): Locale | null {
  try {
    const value = storage?.getItem(localeStorageKey);
    return isLocale(value) ? value : null;
  } catch {
    // Storage can throw when it is disabled (privacy settings); fall back to detection.
    return null;
  }
}

/**
 * The language of this visit: the stored choice, else the browser's language when it is ja or
 * en, else ja (the default and fallback).
 */
export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserLanguages: readonly string[],
): Locale {
  const stored = storedLocale(storage);
  if (stored) return stored;
  const primary = browserLanguages[0]?.toLowerCase().split('-')[0];
  return isLocale(primary) ? primary : defaultLocale;
}

export function persistLocale(storage: Pick<Storage, 'setItem'> | undefined, locale: Locale): void {
  try {
    storage?.setItem(localeStorageKey, locale);
  } catch {
    // Not persisting is better than failing the switch.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
