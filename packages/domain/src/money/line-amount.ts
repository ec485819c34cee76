import Big from 'big.js';
import type { ComputedLine, LineInput } from './line-input.js';

/**
 * A line's amounts. Yen fractions are truncated toward zero, so a discount line (negative unit
 * price) is the exact mirror of the same positive line. A foreign amount is first fixed in its
 * own currency (2 places, as the foreign agent's bill shows it) and only then converted, so the
 * printed foreign amount × printed rate gives the printed yen.
 */
export function computeLine(line: LineInput): ComputedLine {
  const amount = new Big(line.quantity).times(line.unitPrice);
  if (line.currency === 'JPY') {
    return { ...line, foreignAmount: null, amountYen: toYen(amount) };
  }
  if (line.exchangeRate === null) {
    throw new Error(`a ${line.currency} line needs an exchange rate`);
  }
  const foreign = amount.round(2, Big.roundHalfUp);
  return {
    ...line,
    foreignAmount: foreign.toFixed(2),
    amountYen: toYen(foreign.times(line.exchangeRate)),
  };
}

/** Truncates toward zero to whole yen; the result is an exact integer (|x| ≤ 10^15 in practice). */
export function toYen(amount: Big): number {
  return Number(amount.round(0, Big.roundDown).toFixed(0));
}
