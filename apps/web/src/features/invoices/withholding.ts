/*
 * Withholding on fees paid to an individual patent attorney (所得税法 204条1項2号, 205条2号):
 * 10.21% of the amount up to ¥1,000,000 paid at one time and 20.42% of the excess, floored to
 * the yen. Integer arithmetic in hundredths of a basis point keeps it exact.
 * TODO(h17-money): use `collectiveWithholding` of @ipportal/domain once that branch lands.
 */
const threshold = 1_000_000;

export function withholdingTax(base: number): number {
  if (base <= 0) return 0;
  if (base <= threshold) return Math.floor((base * 1021) / 10_000);
  return Math.floor(((base - threshold) * 2042) / 10_000) + (threshold * 1021) / 10_000;
}

/** Paying several invoices of one attorney at once can move part of the fees into the 20.42% band. */
export function collectiveWithholding(bases: readonly number[]) {
  const combined = bases.reduce((sum, base) => sum + base, 0);
  return {
    separately: bases.reduce((sum, base) => sum + withholdingTax(base), 0),
    together: withholdingTax(combined),
    crossesThreshold: combined > threshold && bases.filter((base) => base > 0).length > 1,
  };
}
