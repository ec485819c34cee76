import { RegionCode, type DeadlineInput } from '@ipportal/domain';
import type { projects } from '../../db/schema/index.js';

type MatterDates = Pick<
  typeof projects.$inferSelect,
  'type' | 'regionCode' | 'applicationDate' | 'intlApplicationDate' | 'searchReportTransmittalDate' | 'registDate'
>;

/**
 * What the rule table reads from a stored matter: the server's twin of the web's
 * `deadlineInputOf(detail)` (features/projects/detail/deadlines.ts). When `DeadlineInput` gains a
 * field, both must fill it.
 */
export function deadlineInputOfRow(row: MatterDates, earliestPriorityDate: string | null): DeadlineInput {
  const isPct = row.regionCode === RegionCode.Pct;
  return {
    type: row.type as DeadlineInput['type'],
    regionCode: row.regionCode,
    // A PCT matter's filing date is the international filing date.
    applicationDate: row.applicationDate ?? (isPct ? row.intlApplicationDate : null),
    earliestPriorityDate,
    // A national-phase matter keeps the international filing date in its international group.
    internationalFilingDate: isPct ? null : row.intlApplicationDate,
    searchReportTransmittalDate: row.searchReportTransmittalDate,
    registrationDate: row.registDate,
  };
}
