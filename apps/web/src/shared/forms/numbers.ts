import { normalizeAmountText, parseNumberText } from '@ipportal/domain';

// Number fields as Japanese users type them: full-width digits and commas (３００，０００), thousands
// separators (300,000). The domain's normalizers, which the server's schemas run too, so what a
// form sends is what the server stores, and what is still wrong gets the server's same message.

/** An amount, quantity or rate field's text as the API takes it: '３００，０００' is '300000'. */
export function amountFieldText(value: string): string {
  return normalizeAmountText(value);
}

/** A count field ('４５', '1,000') as a whole number, or null when it is not one. */
export function wholeNumberField(value: string): number | null {
  return parseNumberText(value, 'integer');
}
