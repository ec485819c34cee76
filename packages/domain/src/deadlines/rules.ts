import { nextBusinessDay } from './business-days/index.js';
import type { DeadlineInput } from './deadline-input.js';
import type { ComputedDeadline, DeadlineRule, RuleContext, RuleResult } from './deadline-types.js';
import { japaneseRules } from './rules-japan.js';
import { pctRules } from './rules-pct.js';
import { foreignRules } from './rules-us-ep.js';

export type {
  ComputedDeadline,
  DeadlineKind,
  DeadlineRule,
  DeadlineRuleId,
  DeadlineShift,
  LegalSource,
  RuleContext,
  RuleResult,
} from './deadline-types.js';

/**
 * The deadline rule table. Each rule names its source; each has a worked example in
 * test/deadlines.test.ts. A rule is confirmed when an official source (statute, office FAQ or
 * manual) gives it and the office's closed days are applied; the others carry a `caveatKey`.
 */
export const deadlineRules: readonly DeadlineRule[] = [...japaneseRules, ...pctRules, ...foreignRules];

const unmoved: RuleContext = { businessDay: (isoDate) => isoDate };

function contextOf(rule: DeadlineRule): RuleContext {
  const office = rule.office;
  return office ? { businessDay: (isoDate) => nextBusinessDay(office, isoDate).date } : unmoved;
}

function toDeadline(rule: DeadlineRule, result: RuleResult, input: DeadlineInput): ComputedDeadline {
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
    date: moved.date,
    plainDate: result.date,
    ...(moved.shift && { shift: moved.shift }),
    ...(rule.office && rule.kind !== 'termEnd' && { office: rule.office }),
    ...(result.opensOn && { opensOn: result.opensOn }),
    ...(result.lateUntil && { lateUntil: result.lateUntil }),
    confirmed: rule.confirmed,
    ...(rule.caveatKey && { caveatKey: rule.caveatKey }),
  };
}

/** Every deadline the rule table computes for a matter, sorted by date (then key). */
export function computeDeadlines(input: DeadlineInput): ComputedDeadline[] {
  return deadlineRules
    .flatMap((rule) => {
      const computed = rule.compute(input, contextOf(rule));
      if (!computed) return [];
      const results: readonly RuleResult[] = Array.isArray(computed) ? computed : [computed as RuleResult];
      return results.map((result) => toDeadline(rule, result, input));
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
}
