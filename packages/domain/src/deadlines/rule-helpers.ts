import { CaseType } from '../codes/codes.js';
import { RegionCode } from '../regions/region-codes.js';
import type { DeadlineInput } from './deadline-input.js';
import type { RuleResult } from './deadline-types.js';
import { plusMonths, plusYears } from './date-math.js';

export const isJp = (input: DeadlineInput) => input.regionCode === RegionCode.Japan;

/**
 * A PCT application: the PCT covers patents and utility models only (designs go abroad under the
 * Hague Agreement, trademarks under the Madrid Protocol), so no other right type has its deadlines.
 */
export const isPct = (input: DeadlineInput) =>
  input.regionCode === RegionCode.Pct &&
  (input.type === CaseType.Patent || input.type === CaseType.UtilityModel);

export const priorityOrFiling = (input: DeadlineInput) =>
  input.earliestPriorityDate ?? input.applicationDate ?? undefined;

/** The filing date a JP term counts from: the international filing date for a PCT national phase. */
export const jpFilingDate = (input: DeadlineInput) =>
  input.internationalFilingDate ?? input.applicationDate ?? undefined;

/**
 * JP yearly payments after registration: year N is due by the (N-1)th anniversary of the
 * registration date ("前年以前", Patent Act Art. 108(2); UM Act Art. 32(2); Design Act Art. 43(2)).
 * INPIT's example: registered 2012-02-24 (H24.2.24), year 4 due 2015-02-24
 * (https://faq.inpit.go.jp/FAQ/2024/01/000217.html). A year exists while it starts before the
 * term ends. The late period of 6 months at double fee counts from the shifted deadline (INPIT
 * FAQ 000151 note 3) and ends on a business day itself.
 */
export function jpAnniversaryPayments(
  registrationDate: string,
  years: { from: number; to: number },
  termEnd: string | undefined,
  businessDay: (isoDate: string) => string,
): RuleResult[] {
  const results: RuleResult[] = [];
  for (let year = years.from; year <= years.to; year += 1) {
    const date = plusYears(registrationDate, year - 1);
    if (termEnd && date >= termEnd) break;
    results.push({ year, date, lateUntil: businessDay(plusMonths(businessDay(date), 6)) });
  }
  return results;
}
