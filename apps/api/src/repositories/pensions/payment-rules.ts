import {
  CaseType,
  RegionCode,
  type AnnuityEntry,
  type FeeCurrency,
  type PensionMatter,
} from '@ipportal/domain';

/** A payment as the route hands it over (the body after validation). */
export interface PaymentInput {
  paidOn: string;
  yearFrom: number;
  yearTo: number;
  amount: number;
  currency: FeeCurrency;
  receiptNumber: string | null;
}

/**
 * Which years a new payment may cover: it starts at the first unpaid scheduled year and ends where
 * a scheduled payment ends. JP annuities may be paid several years ahead; a US maintenance fee or
 * an EP renewal fee cannot be paid before its window opens, so only the next one; a trademark
 * renewal may be paid for 10 years or its first 5-year half. A trademark with nothing recorded may
 * also record how its registration was paid (years 1-5 or 1-10).
 */
export function allowedPaymentEnds(
  matter: Pick<PensionMatter, 'type' | 'regionCode' | 'payments'>,
  entries: readonly AnnuityEntry[],
): { from: number; ends: number[] }[] {
  const ranges: { from: number; ends: number[] }[] = [];
  if (
    matter.type === CaseType.Trademark &&
    matter.payments.length === 0 &&
    matter.regionCode === RegionCode.Japan
  ) {
    // The registration's payment is not a scheduled entry: it may be recorded (years 1-5 when split).
    ranges.push({ from: 1, ends: [5, 10] });
  }
  const open = entries
    .filter((e) => e.state !== 'paid')
    .sort((a, b) => (a.deadline.year ?? 0) - (b.deadline.year ?? 0));
  const first = open[0];
  if (!first) return ranges;
  const endOf = (e: AnnuityEntry) => e.deadline.throughYear ?? e.deadline.year ?? 1;
  const severalAhead = matter.regionCode === RegionCode.Japan && matter.type !== CaseType.Trademark;
  const ends = (severalAhead ? open : [first]).map(endOf);
  if (first.deadline.ruleId === 'jp.trademark.renewalWindow') ends.unshift((first.deadline.year ?? 11) + 4);
  ranges.unshift({ from: first.deadline.year ?? 1, ends });
  return ranges;
}
