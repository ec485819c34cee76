/**
 * A qualified invoice issuer's registration number (適格請求書発行事業者登録番号): "T" and 13
 * digits (消費税法 Art. 57-2(4); NTA https://www.invoice-kohyo.nta.go.jp/about-toroku/).
 */
export const qualifiedInvoiceNumberPattern = /^T\d{13}$/;

/**
 * Whether `value` is a registration number. Only the format is checked, on purpose:
 * - a corporation's number is "T" + its 法人番号, whose first digit is a check digit over the
 *   other 12 (法人番号の指定等に関する省令 Art. 2: 9 − (Σ Pn × Qn mod 9), Qn = 1 for odd and 2 for
 *   even n counted from the lowest digit; NTA https://www.houjin-bangou.nta.go.jp/documents/checkdigit.pdf);
 * - individuals and unincorporated bodies get "a 13-digit number per business, not the My Number
 *   and never equal to a corporate number" (NTA about-toroku, above). The NTA publishes no check
 *   digit rule for those, and public implementations disagree on whether the 法人番号 rule holds
 *   for them. The digits alone do not tell the two kinds apart, so a failed check digit does not
 *   prove a number wrong: refusing it could refuse a sole proprietor's real number.
 * A form can use `matchesCorporateNumberCheckDigit` to ask "please check this number" without
 * refusing it; only the NTA's lookup proves that a number is registered.
 */
export function isQualifiedInvoiceNumber(value: string): boolean {
  return qualifiedInvoiceNumberPattern.test(value);
}

/** Whether the 13 digits of a registration number satisfy the 法人番号 check digit (see above). */
export function matchesCorporateNumberCheckDigit(value: string): boolean {
  if (!qualifiedInvoiceNumberPattern.test(value)) return false;
  const digits = value.slice(1);
  const base = digits.slice(1);
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  }
  return Number(digits[0]) === 9 - (sum % 9);
}
