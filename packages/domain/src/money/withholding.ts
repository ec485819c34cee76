import Big from 'big.js';

/** 所得税法 Art. 205(i): the first ¥1,000,000 of one payment at 10.21%, the excess at 20.42%. */
export const withholdingThreshold = 1_000_000;
const lowerRate = new Big('0.1021');
const upperRate = new Big('0.2042');
/** 1,000,000 × 10.21%: the tax on the part below the threshold. */
const taxAtThreshold = 102_100;

/**
 * Withholding income tax on a fee paid to an individual patent attorney (所得税法 Art. 204(1)(ii),
 * 205(i); NTA tax answer No.2798): yen fractions truncated. The base is the fee without the
 * consumption tax shown separately, official fees and foreign costs.
 */
export function withholdingTax(base: number): number {
  if (base <= 0) return 0;
  if (base <= withholdingThreshold) return floorYen(new Big(base).times(lowerRate));
  return floorYen(new Big(base - withholdingThreshold).times(upperRate)) + taxAtThreshold;
}

/**
 * Several invoices of one attorney paid at once. The ¥1,000,000 threshold applies to the amount
 * paid to one person at one time (所基通 205-1), not per invoice, so paying together can move part
 * of the fees into the 20.42% band. `crossesThreshold` says that this happens: the combined base
 * is above the threshold and more than one invoice contributes to it.
 */
export function collectiveWithholding(bases: readonly number[]): {
  separately: number;
  together: number;
  crossesThreshold: boolean;
} {
  const separately = bases.reduce((sum, base) => sum + withholdingTax(base), 0);
  const combined = bases.reduce((sum, base) => sum + base, 0);
  const contributing = bases.filter((base) => base > 0).length;
  return {
    separately,
    together: withholdingTax(combined),
    crossesThreshold: combined > withholdingThreshold && contributing > 1,
  };
}

function floorYen(amount: Big): number {
  // Only called with non-negative amounts, where truncation is the floor.
  return Number(amount.round(0, Big.roundDown).toFixed(0));
}
