import type { CaseType } from '../codes/codes.js';
import type { EpGrant } from '../regions/epc-states.js';

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
  /**
   * Date the right was registered (JP 設定登録日), or granted: the US issue date (matter field
   * `issueDate`, else `registDate`), the EP date of the mention of grant.
   */
  registrationDate?: string | null;
  /**
   * Date the JP decision to grant was served (the matter's `registration.grantDecisionDate`):
   * years 1-3 of a patent's annuities are due within 30 days of it (Patent Act Art. 108(1)).
   */
  grantDecisionDate?: string | null;
  /**
   * The last year of the right already paid for (annuities, trademark registration or renewal
   * instalments), from the recorded payments. Yearly payments up to it are marked `paid`; a
   * trademark's term, second half and next renewal follow from it (a trademark paid through
   * year 5 owes its second half; one paid through year 20 expires after year 20).
   */
  paidThroughYear?: number | null;
  /** JP patents: the date examination was requested (closes the examination-request deadline). */
  examinationRequestDate?: string | null;
  /**
   * For a PCT application: the national and regional phases begun from it, as the matters of the
   * same organization that name it as their international application record them (the office
   * and that matter's filing date there). They close the entry deadlines and end the optional
   * steps of the international phase.
   */
  nationalPhaseEntries?: readonly { regionCode: number; date: string }[];
  /**
   * For a granted European patent: the states it was validated in and whether unitary effect
   * was registered. Their renewal fees follow the mention of grant (`registrationDate`).
   */
  epGrant?: EpGrant | null;
}
