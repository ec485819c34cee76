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

/** Digits grouped by threes with commas, as amounts are written ('300,000', '1,000.50'). */
const groupedDigits = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * An amount or count as typed ('３００，０００', '300,000'): `normalizeNumberText`, and
 * the commas of a number grouped by threes dropped. Commas anywhere else ('3,00', '1,5') stay,
 * for the rule to refuse: a decimal comma must not read as a thousands separator.
 */
export function normalizeAmountText(value: string): string {
  const text = normalizeNumberText(value);
  return groupedDigits.test(text) ? text.replaceAll(',', '') : text;
}

const numberPatterns = {
  integer: /^-?\d+$/,
  decimal: /^-?(\d+(\.\d*)?|\.\d+)$/,
} as const;

/**
 * The number in what a person typed ('１２', ' 50.5 ', '５０．５', '1,000'), or null when the text
 * is not a number of that kind (empty, letters, misplaced separators such as '1,00', a fraction
 * for an integer).
 */
export function parseNumberText(value: string, kind: 'integer' | 'decimal'): number | null {
  const text = normalizeAmountText(value);
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
 * A Japanese number in its domestic form: the trunk prefix 0 and 9 or 10 digits (03-1234-5678,
 * 045-123-4567, 090-1234-5678, 0120-123-456). Not 00…, an international call prefix.
 */
const japaneseDomestic = /^0([1-9]\d{8,9})$/;

/**
 * A phone number as typed, in E.164 where it is a Japanese number written the domestic way: full-width
 * digits and '+' as ASCII, spaces, dashes (ー too), dots and brackets removed, and the trunk prefix
 * 0 replaced by +81 ('＋８１ ３－１２３４－５６７８' and '（03）1234-5678' both read '+81312345678').
 * Anything else is left for the rule to refuse.
 */
export function normalizePhoneNumber(value: string): string {
  const compact = normalizeWidth(value)
    .replace(dashes, '-')
    .replaceAll(prolongedSoundMark, '-')
    .replace(/[\s\-().]/g, '');
  return compact.replace(japaneseDomestic, '+81$1');
}

/** An email address: full-width letters, digits, '＠' and '．' as ASCII, without surrounding spaces. */
export function normalizeEmail(value: string): string {
  return normalizeWidth(value);
}
