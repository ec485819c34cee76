import type { Locale } from '@ipportal/domain';
// The "min" metadata formats every country's numbers; the larger sets add only number types.
// Imported by the pages that show a number (profile, office profile, documents), never by /login.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored number (E.164) as people read it: a Japanese number in the domestic form on Japanese
 * pages, hyphenated by its area code (03-5212-3456, 045-123-4567, 0120-123-456); otherwise the
 * international form (+81 3 5212 3456). A value that is not a number is shown as it is.
 */
export function formatPhoneNumber(value: string, locale: Locale): string {
  const number = parsePhoneNumberFromString(value);
  if (!number) return value;
  return locale === 'ja' && number.country === 'JP' ? number.formatNational() : number.formatInternational();
}
