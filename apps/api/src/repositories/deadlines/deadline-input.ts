import {
  paidThroughYear,
  RegionCode,
  type AnnuityPayment,
  type DeadlineInput,
  type EpcState,
} from '@ipportal/domain';
import { projects } from '../../db/schema/index.js';

/** The columns of a matter the deadline rules read: select these (and more) for `deadlineInputOfRow`. */
export const deadlineInputColumns = {
  type: projects.type,
  regionCode: projects.regionCode,
  applicationDate: projects.applicationDate,
  intlApplicationDate: projects.intlApplicationDate,
  searchReportTransmittalDate: projects.searchReportTransmittalDate,
  grantDecisionDate: projects.grantDecisionDate,
  examRequestDate: projects.examRequestDate,
  registDate: projects.registDate,
  issueDate: projects.issueDate,
  epValidatedStates: projects.epValidatedStates,
  epUnitaryEffect: projects.epUnitaryEffect,
};

type MatterDates = Pick<typeof projects.$inferSelect, keyof typeof deadlineInputColumns>;

/**
 * What the rule table reads from a stored matter: the server's twin of the web's
 * `deadlineInputOf(detail)` (features/projects/detail/deadlines.ts). When `DeadlineInput` gains a
 * field, both must fill it.
 */
export function deadlineInputOfRow(
  row: MatterDates,
  earliestPriorityDate: string | null,
  payments: readonly AnnuityPayment[] = [],
  nationalPhaseEntries: DeadlineInput['nationalPhaseEntries'] = [],
): DeadlineInput {
  const isPct = row.regionCode === RegionCode.Pct;
  const input: DeadlineInput = {
    type: row.type as DeadlineInput['type'],
    regionCode: row.regionCode,
    // A PCT matter's filing date is the international filing date.
    applicationDate: row.applicationDate ?? (isPct ? row.intlApplicationDate : null),
    earliestPriorityDate,
    // A national-phase matter keeps the international filing date in its international group.
    internationalFilingDate: isPct ? null : row.intlApplicationDate,
    searchReportTransmittalDate: row.searchReportTransmittalDate,
    grantDecisionDate: row.grantDecisionDate,
    examinationRequestDate: row.examRequestDate,
    nationalPhaseEntries,
    // A US right runs from its issue date (as on /pension); the registration date when that is empty.
    registrationDate:
      row.regionCode === RegionCode.UnitedStates ? (row.issueDate ?? row.registDate) : row.registDate,
    // A European patent's validations and unitary effect, once either is recorded.
    epGrant:
      row.regionCode === RegionCode.Europe && (row.epUnitaryEffect || row.epValidatedStates.length > 0)
        ? { unitaryEffect: row.epUnitaryEffect, validatedStates: row.epValidatedStates as EpcState[] }
        : null,
  };
  // Yearly payments up to the last year recorded as paid on /pension come out marked `paid`.
  return { ...input, paidThroughYear: paidThroughYear(input, payments) };
}
