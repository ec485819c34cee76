import type { FeeCurrency } from './fee-row.js';
import { feeRows } from './official-fee.js';

/**
 * The foreign currencies the official fee tables charge in: a forecast in yen needs a rate for
 * each. Read from the rows, so a table in a new currency asks for its rate without a code change.
 */
export const foreignFeeCurrencies: readonly FeeCurrency[] = [
  ...new Set(feeRows.map((row) => row.currency).filter((currency) => currency !== 'JPY')),
].sort();
