import type { Locale } from '@ipportal/domain';

const languageNames = new Map<Locale, Intl.DisplayNames>();

/** A working language (ISO 639-1) by its name in the interface language, e.g. en -> 英語 / English. */
export function languageName(code: string, locale: Locale): string {
  let names = languageNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language' });
    languageNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** Technical fields as typed: separated by commas (also Japanese 、，) or new lines; blanks dropped. */
export function splitTechnicalFields(text: string): string[] {
  return text
    .split(/[,、，\n]/)
    .map((field) => field.trim())
    .filter((field) => field !== '');
}
