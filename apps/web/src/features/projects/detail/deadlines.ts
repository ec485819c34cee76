import { computeDeadlines, RegionCode } from '@ipportal/domain';
import type { ComputedDeadline, DeadlineInput, DeadlineRuleId, ProjectDetail } from '@ipportal/domain';

/** What the rule table reads from a matter's detail. */
export function deadlineInputOf(detail: ProjectDetail): DeadlineInput {
  const isPct = detail.regionCode === RegionCode.Pct;
  const priorities = detail.priorityClaims
    .map((claim) => claim.baseApplicationDate)
    .filter(Boolean)
    .sort();
  const filing = detail.application.applicationDate ?? detail.applicationDate;
  return {
    type: detail.type,
    regionCode: detail.regionCode,
    // A PCT matter's filing date is the international filing date.
    applicationDate: filing ?? (isPct ? detail.international.applicationDate : null),
    earliestPriorityDate: priorities[0] ?? null,
    // For a national-phase matter the international filing date is kept in the international group.
    internationalFilingDate: isPct ? null : detail.international.applicationDate,
    searchReportTransmittalDate: detail.international.searchReportTransmittalDate,
    grantDecisionDate: detail.registration.grantDecisionDate,
    examinationRequestDate: detail.application.examRequestDate,
    // A US right runs from its issue date, as on the server (deadline-input.ts there).
    registrationDate:
      detail.regionCode === RegionCode.UnitedStates
        ? (detail.registration.issueDate ?? detail.registration.registDate ?? detail.registDate)
        : (detail.registration.registDate ?? detail.registDate),
  };
}

export function deadlinesOf(detail: ProjectDetail): ComputedDeadline[] {
  return computeDeadlines(deadlineInputOf(detail));
}

/**
 * Stored dates that a rule computes: each is shown with the computed date beside it. The rules
 * not listed here (EP entry, trademark renewal window) appear in the deadlines summary only.
 */
export const rulesBesideField: Readonly<Record<string, readonly DeadlineRuleId[]>> = {
  'application.examRequestPeriod': ['jp.patent.examinationRequest'],
  // Years 1-3 are due within 30 days of the decision: shown beside its date.
  'registration.grantDecisionDate': ['jp.patent.firstAnnuities'],
  'registration.durationExpiry': [
    'jp.patent.termExpiry',
    'jp.utilityModel.termExpiry',
    'jp.design.termExpiry',
    'jp.trademark.termExpiry',
  ],
  'international.nationalTransitionDeadline': ['pct.nationalPhaseEntry'],
  'international.article19AmendmentDeadline': ['pct.article19Amendment'],
  'international.preliminaryExamDeadline': ['pct.chapterIIDemand'],
};

export function deadlinesBeside(field: string, deadlines: readonly ComputedDeadline[]): ComputedDeadline[] {
  const rules = rulesBesideField[field];
  return rules ? deadlines.filter((deadline) => rules.includes(deadline.ruleId)) : [];
}
