import type { Locale } from '../codes/codes.js';
import { translateDomainKey } from '../i18n/messages.js';
import type { DeadlineClosure } from './closures.js';

/** A closure's date as it is written beside the fact: 2023/05/10 in Japanese, 2023-05-10 in English. */
export const closureDate = (locale: Locale, isoDate: string) =>
  locale === 'ja' ? isoDate.replaceAll('-', '/') : isoDate;

/**
 * What closed a deadline, in the interface language: 「登録（2023/05/10）により完了」,
 * "Completed by registration (2023-05-10)". For servers (the calendar feed); the web app says the
 * same through i18next with the same keys.
 */
export function closureText(locale: Locale, closure: DeadlineClosure): string {
  const fact = translateDomainKey(locale, `deadline.fact.${closure.fact}`) ?? closure.fact;
  const key = `deadline.closedBy.${closure.how}${closure.date ? '' : 'Undated'}`;
  return (
    translateDomainKey(locale, key, {
      fact,
      date: closure.date ? closureDate(locale, closure.date) : '',
    }) ?? fact
  );
}
