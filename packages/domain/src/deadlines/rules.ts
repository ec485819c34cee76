import { nextBusinessDay } from './business-days/index.js';
import type { DeadlineInput } from './deadline-input.js';
import type { ComputedDeadline, DeadlineRule, RuleContext, RuleResult } from './deadline-types.js';
import { withLapse } from './lapse.js';
import { japaneseRules } from './rules-japan.js';
import { pctRules } from './rules-pct.js';
import { foreignRules } from './rules-us-ep.js';
import { epValidationRules } from './rules-ep-validation.js';

export type {
  ComputedDeadline,
  DeadlineKind,
  DeadlineRule,
  DeadlineRuleId,
  DeadlineShift,
  LegalSource,
  RestorationRuleId,
  RuleContext,
  RuleReference,
  RuleResult,
} from './deadline-types.js';
export { lapseOf, lapsingRuleIds, restorationRuleIds, withLapse, type RightLapse } from './lapse.js';
export { lapseFacts, type LapseFact } from './lapse-facts.js';
export type { ClosedBy, ClosingFact, ClosureKind, DeadlineClosure } from './closures.js';
export { closingFacts, closureKinds } from './closures.js';

/**
 * The deadline rule table. Each rule names its source; each has a worked example in
 * test/deadlines.test.ts. A rule is confirmed when an official source (statute, office FAQ or
 * manual) gives it and the office's closed days are applied; the others carry a `caveatKey`.
 */
export const deadlineRules: readonly DeadlineRule[] = [
  ...japaneseRules,
  ...pctRules,
  ...foreignRules,
  ...epValidationRules,
];

const unmoved: RuleContext = { businessDay: (isoDate) => isoDate };

function contextOf(rule: DeadlineRule): RuleContext {
  const office = rule.office;
  return office ? { businessDay: (isoDate) => nextBusinessDay(office, isoDate).date } : unmoved;
}

function toDeadline(rule: DeadlineRule, result: RuleResult, input: DeadlineInput): ComputedDeadline {
  const closedBy = rule.closedBy(input, result);
  // The end of a term never moves; procedure and payment deadlines move past closed days.
  const moved =
    rule.office && rule.kind !== 'termEnd'
      ? nextBusinessDay(rule.office, result.date)
      : { date: result.date };
  return {
    ruleId: rule.id,
    key: result.year === undefined ? rule.id : `${rule.id}#${result.year}`,
    kind: rule.kind,
    ...(result.year !== undefined && { year: result.year }),
    ...(result.throughYear !== undefined && { throughYear: result.throughYear }),
    // Payments are recorded in order, so a payment whose first year is covered was made (a
    // trademark renewal paid for its first 5 years owes its second half as a separate deadline).
    ...(result.year !== undefined &&
      input.paidThroughYear != null && { paid: result.year <= input.paidThroughYear }),
    nameKey: `deadline.${rule.id}.name`,
    ruleKey: `deadline.${rule.id}.rule`,
    source: rule.source,
    references: rule.references,
    date: moved.date,
    plainDate: result.date,
    ...(moved.shift && { shift: moved.shift }),
    ...(rule.office && rule.kind !== 'termEnd' && { office: rule.office }),
    ...(result.opensOn && { opensOn: result.opensOn }),
    ...(result.lateUntil && { lateUntil: result.lateUntil }),
    confirmed: rule.references.some((reference) => reference.official),
    ...(rule.caveatKey && { caveatKey: rule.caveatKey }),
    ...(closedBy && { closedBy }),
  };
}

/**
 * Every deadline the rule table computes for a matter, sorted by date (then key). Given `today`,
 * they are judged on that day too: a payment whose late period ended unpaid ends the right
 * (deadlines/lapse.ts).
 */
export function computeDeadlines(input: DeadlineInput, options: { today?: string } = {}): ComputedDeadline[] {
  const deadlines = deadlineRules
    .flatMap((rule) => {
      const computed = rule.compute(input, contextOf(rule));
      if (!computed) return [];
      const results: readonly RuleResult[] = Array.isArray(computed) ? computed : [computed as RuleResult];
      return results.map((result) => toDeadline(rule, result, input));
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
  return options.today ? withLapse(deadlines, options.today) : deadlines;
}
