/**
 * What people type, in the form the rules check and the portal stores. Japanese keyboards give
 * full-width digits, letters and symbols (１２, ＡＢＣ, ＠, ＋, ．) and several dashes (－ ー ― ‐ −);
 * NFKC turns the full-width forms into ASCII, and the dashes become '-'. The schemas run these
 * before their checks, so the server and the forms accept the same input and store one spelling.
 *
 * No zod here: pages that must stay small on first download (/login) use these without the
 * schemas.
 */

/** Dashes and minus signs NFKC leaves as they are (it already turns － and ﹣ into '-'): ‐ ‒ – — ― ⁃ −. */
const dashes = /[\u2010-\u2015\u2043\u2212]/g;
/** The prolonged sound mark ー (NFKC turns the half-width ｰ into it). */
const prolongedSoundMark = '\u30FC';

function isKana(character: string): boolean {
  return /[\u3041-\u309F\u30A0-\u30FF]/.test(character);
}

/** Full-width letters, digits, symbols and spaces as ASCII (NFKC), without surrounding spaces. */
export function normalizeWidth(value: string): string {
  return value.normalize('NFKC').trim();
}

/** A typed number: half-width digits, '.' and '-' ('－３' and 'ー３' read -3). */
export function normalizeNumberText(value: string): string {
  return normalizeWidth(value).replace(dashes, '-').replaceAll(prolongedSoundMark, '-');
}

const numberPatterns = {
  integer: /^-?\d+$/,
  decimal: /^-?(\d+(\.\d*)?|\.\d+)$/,
} as const;

/**
 * The number in what a person typed ('１２', ' 50.5 ', '５０．５'), or null when the text is not
 * a number of that kind (empty, letters, separators such as '1,000', a fraction for an integer).
 */
export function parseNumberText(value: string, kind: 'integer' | 'decimal'): number | null {
  const text = normalizeNumberText(value);
  return numberPatterns[kind].test(text) ? Number(text) : null;
}

/**
 * A code people type (reference code, application, publication or registration number, access
 * code): full-width forms as ASCII and every dash as '-'. The mark ー is a dash too, except right
 * after kana, where it lengthens a vowel (データ).
 */
export function normalizeCode(value: string): string {
  let out = '';
  let previous = '';
  for (const character of normalizeWidth(value).replace(dashes, '-')) {
    const next = character === prolongedSoundMark && !isKana(previous) ? '-' : character;
    out += next;
    previous = next;
  }
  return out;
}

/**
 * A phone number as typed, without the separators people put in it: full-width digits and '+'
 * as ASCII, and spaces, dashes (ー too), dots and brackets removed ('＋８１ ３－１２３４－５６７８'
 * reads '+81312345678'). Anything else is left for the rule to refuse.
 */
export function normalizePhoneNumber(value: string): string {
  return normalizeWidth(value)
    .replace(dashes, '-')
    .replaceAll(prolongedSoundMark, '-')
    .replace(/[\s\-().]/g, '');
}

/** An email address: full-width letters, digits, '＠' and '．' as ASCII, without surrounding spaces. */
export function normalizeEmail(value: string): string {
  return normalizeWidth(value);
}
