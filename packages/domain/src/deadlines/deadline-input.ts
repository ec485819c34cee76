import type { CaseType } from '../codes/codes.js';

/** What the deadline rules read from a matter. Dates are `YYYY-MM-DD` calendar dates. */
export interface DeadlineInput {
  type: CaseType;
  regionCode: number;
  /** Filing date at the office of `regionCode` (for a PCT application: the international filing date). */
  applicationDate?: string | null;
  /** Earliest priority date claimed; the filing date counts when there is none. */
  earliestPriorityDate?: string | null;
  /** International filing date when the matter entered this office from a PCT application. */
  internationalFilingDate?: string | null;
  /** Date the international search report (and written opinion) was transmitted. */
  searchReportTransmittalDate?: string | null;
  registrationDate?: string | null;
}
