import type { Locale } from '../codes/codes.js';
import type { ClosedDay } from '../dates/closed-day.js';
import type { BusinessDayOffice } from './business-days/index.js';
import type { ClosedBy, DeadlineClosure } from './closures.js';
import type { DeadlineInput } from './deadline-input.js';
import type { NationalRenewalOffice } from '../fees/fee-row.js';

export type DeadlineRuleId =
  | 'jp.patent.examinationRequest'
  | 'jp.patent.firstAnnuities'
  | 'jp.patent.annuity'
  | 'jp.patent.termExpiry'
  | 'jp.utilityModel.annuity'
  | 'jp.utilityModel.termExpiry'
  | 'jp.design.annuity'
  | 'jp.design.termExpiry'
  | 'jp.trademark.termExpiry'
  | 'jp.trademark.secondHalf'
  | 'jp.trademark.renewalWindow'
  | 'pct.nationalPhaseEntry'
  | 'pct.nationalPhaseEntryEp'
  | 'pct.article19Amendment'
  | 'pct.chapterIIDemand'
  | 'us.patent.maintenanceFee'
  | 'ep.patent.renewalFee'
  | 'ep.unitary.renewalFee'
  | `ep.national.${NationalRenewalOffice}.renewalFee`
  | RestorationRuleId;

/**
 * The deadlines a lapse opens: restoring the right (JP 回復), a petition to accept a delayed
 * maintenance fee (US), re-establishment of rights (EP). Computed from a lapse (deadlines/lapse.ts),
 * not from the rule table.
 */
export type RestorationRuleId =
  | 'jp.patent.restoration'
  | 'jp.utilityModel.restoration'
  | 'jp.design.restoration'
  | 'jp.trademark.restoration'
  | 'us.patent.delayedMaintenanceFee'
  | 'ep.patent.reestablishment';

/**
 * What a deadline's day is. A procedure or payment deadline that falls on a day the office is
 * closed moves to its next business day (JP Patent Act Art. 3(2)); the end of a right's term
 * never moves.
 */
export type DeadlineKind = 'procedure' | 'payment' | 'termEnd';

/** Why a deadline's date differs from the date the rule gives. */
export type DeadlineShift = ClosedDay;

/** A legal citation in Japanese and in English (a Japanese user reads 特許法第48条の3第1項). */
export type LegalSource = Readonly<Record<Locale, string>>;

/**
 * The text a rule was checked against: its title, address and the day it was read. `official`
 * is false when no official text could be read and the rule was taken from the text named
 * (a practitioner's page, a commentary): the UI says so in plain words, once.
 */
export interface RuleReference {
  title: string;
  url: string;
  readOn: string;
  official: boolean;
}

/** A computed deadline: the last day, and for windows the first day too. */
export interface ComputedDeadline {
  ruleId: DeadlineRuleId;
  /**
   * Stable identity of this deadline on its matter: the rule id, plus `#year` for a yearly
   * payment (e.g. `jp.patent.annuity#4`). Stored states (done, let lapse, confirmed), reminder
   * jobs and calendar UIDs key on it, so it must never change for the same deadline.
   */
  key: string;
  kind: DeadlineKind;
  /** For a yearly payment (annuity, renewal, maintenance fee): the (first) year of the right it pays. */
  year?: number;
  /** For a payment covering several years (JP years 1-3, a trademark's 5 or 10 years): the last one. */
  throughYear?: number;
  /** True when the recorded payments (`DeadlineInput.paidThroughYear`) cover this payment's first year. */
  paid?: boolean;
  /** i18n key of the deadline's name, e.g. `deadline.jp.patent.examinationRequest.name`. */
  nameKey: string;
  /** i18n key explaining how the date is computed. */
  ruleKey: string;
  /** The legal source, cited as practitioners cite it, in each interface language. */
  source: LegalSource;
  /** The texts the rule was checked against. */
  references: readonly RuleReference[];
  /** Last day (or, for a window, the day it closes), after any business-day shift. */
  date: string;
  /** The last day as the rule gives it, before any shift; equals `date` when nothing moved it. */
  plainDate: string;
  /** Why `date` differs from `plainDate`; absent when it does not. */
  shift?: DeadlineShift;
  /** The office whose closed days move this deadline; absent when none is applied. */
  office?: BusinessDayOffice;
  /** First day of a window (e.g. the trademark renewal window). */
  opensOn?: string;
  /** Last day of a late period with surcharge, when the law allows one (already on a business day). */
  lateUntil?: string;
  /**
   * True when an official text (statute, regulations, office guidance or the office's notice of
   * its fees) was read and gives the rule; false when it was taken from a secondary text only.
   */
  confirmed: boolean;
  /**
   * i18n key of what the computation leaves out (e.g. the office's closed days are not applied),
   * said once and discreetly next to the dates rather than as a warning on every row.
   */
  caveatKey?: string;
  /**
   * Set when the matter's own recorded facts close this deadline (done on a date, done by
   * implication, or no longer applicable): it is then never open, and never overdue.
   */
  closedBy?: DeadlineClosure;
}

/** What one rule computes for one deadline, before the business-day shift. */
export interface RuleResult {
  /** The last day as the law counts it. */
  date: string;
  year?: number;
  throughYear?: number;
  opensOn?: string;
  lateUntil?: string;
}

/** What a rule may call while computing: the office's next business day (identity when none). */
export interface RuleContext {
  businessDay: (isoDate: string) => string;
}

export interface DeadlineRule {
  id: DeadlineRuleId;
  kind: DeadlineKind;
  /** Whose closed days move the deadline; absent where the portal does not model them. */
  office?: BusinessDayOffice;
  source: LegalSource;
  /** The texts the rule was checked against; it counts as confirmed when one of them is official. */
  references: readonly RuleReference[];
  caveatKey?: string;
  /**
   * Which recorded facts of the matter close the deadline computed from `result`, and how. Every
   * rule declares it (`noClosingFact` where none does, saying why).
   */
  closedBy: ClosedBy;
  /** One result, one per year for yearly payments, or undefined when the matter lacks the dates. */
  compute(input: DeadlineInput, context: RuleContext): RuleResult | readonly RuleResult[] | undefined;
}
