import Big from 'big.js';

/** Up to 4 decimals, more than 0: how many yen one unit of a foreign currency costs (155.2345). */
export const exchangeRatePattern = /^\d{1,6}(\.\d{1,4})?$/;

/**
 * A foreign amount in yen at a rate, rounded half up to the yen. A forecast is not an invoice:
 * no rounding rule binds it (the tax rules leave even an invoice's rounding method to the issuer), and half up
 * keeps the estimate unbiased where truncation would always read low. Each payment is converted
 * on its own and the integers are summed, so a CSV's yen column adds up to the totals shown.
 */
export function convertToYen(amount: number | string, rate: string): number {
  return Number(new Big(amount).times(rate).round(0, Big.roundHalfUp).toFixed(0));
}

/** A rate as people read it: no trailing zeros (the database keeps 4 places: 155.2000 -> 155.2). */
export function plainRate(rate: string): string {
  return new Big(rate).toString();
}
