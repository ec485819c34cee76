import { z } from 'zod';
import { lapseFacts } from '../deadlines/lapse-facts.js';
import { feeCurrencies, feeReductions } from '../fees/fee-row.js';
import { ValidationMessage } from '../validation/messages.js';
import { isoDateSchema, optionalDecimal, optionalInteger, optionalText } from '../validation/primitives.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';
import { projectIdParamsSchema } from './project.js';

/*
 * Annuities and renewals (年金, "pension" in the API): for each registered right the caller may
 * see, the yearly payments the deadline rules compute, priced from the official fee tables, with
 * the payments recorded and the decisions taken (pay, or let the right lapse). The schedule is
 * computed on each read; only payments are stored here. A year's decision is the state of its
 * deadline (`entry.key`), the same one /terms shows and decides: a lapse decided on either page
 * shows on both, and stops the year's reminders.
 */

const currencySchema = z.enum(feeCurrencies);
const localized = z.object({ ja: z.string(), en: z.string() });
const moneyByCurrency = z.object({ currency: currencySchema, amount: z.number() });

export const pensionEntrySchema = z.object({
  /** The deadline's stable key (`jp.patent.annuity#4`). */
  key: z.string(),
  ruleId: z.string(),
  nameKey: z.string(),
  year: z.number().int(),
  /** The last year the payment covers, when it covers several (years 1-3, a trademark's 5 or 10). */
  throughYear: z.number().int().nullable(),
  /** Due date after the office's business-day shift, and before it. */
  dueDate: isoDateSchema,
  plainDate: isoDateSchema,
  shift: z
    .object({ reason: z.enum(['weekend', 'holiday', 'yearEnd']), holiday: localized.optional() })
    .nullable(),
  opensOn: isoDateSchema.nullable(),
  lateUntil: isoDateSchema.nullable(),
  /**
   * `lapse` let lapse by a decision; `missed` its late period passed unpaid (the right lapsed,
   * `lapse` on the matter says how); `ended` a later payment the lapse made moot, not owed.
   */
  state: z.enum(['paid', 'lapse', 'open', 'late', 'missed', 'ended']),
  fee: z
    .object({
      amount: z.number(),
      lateAmount: z.number(),
      currency: currencySchema,
      reduction: z.enum(feeReductions).nullable(),
      sources: z.array(z.string()),
    })
    .nullable(),
  feeMissing: z.enum(['noRow', 'claimsUnknown', 'classesUnknown']).nullable(),
  /** Trademark renewal: 10 years at once or two 5-year halves, and what the halves cost more. */
  split: z
    .object({ lump10: z.number(), half5: z.number(), difference: z.number(), currency: currencySchema })
    .nullable(),
  /**
   * The state of the year's deadline: `lapse` when let lapse (here or on /terms), `pay` when marked
   * done on /terms, null while it is open (undecided: due, and reminded of).
   */
  decision: z.enum(['pay', 'lapse']).nullable(),
  /** Why it is let lapse (with `lapse`). */
  decisionReason: z.string().nullable(),
  confirmed: z.boolean(),
  caveatKey: z.string().nullable(),
  source: localized,
});
export type PensionEntry = z.infer<typeof pensionEntrySchema>;

export const pensionPaymentSchema = z.object({
  id: z.uuid(),
  paidOn: isoDateSchema,
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  amount: z.number(),
  currency: currencySchema,
  receiptNumber: z.string().nullable(),
  recordedAt: z.iso.datetime(),
});
export type PensionPayment = z.infer<typeof pensionPaymentSchema>;

/**
 * The right ended because a payment's late period passed unpaid (JP Patent Act Art. 112(4) and
 * its twins, 35 U.S.C. 41(b)(1), EPC Art. 86(1)), and the window the law gives to bring it back.
 */
export const pensionLapseSchema = z.object({
  /** The unpaid payment: its deadline key and first year. */
  key: z.string(),
  year: z.number().int(),
  /** How it reads: `jpLatePaymentPassed` is 「消滅（追納期間経過）」. */
  fact: z.enum(lapseFacts),
  /** The last day the payment could still be made. */
  lateUntil: isoDateSchema,
  source: localized,
  restoration: z.object({
    key: z.string(),
    ruleId: z.string(),
    nameKey: z.string(),
    opensOn: isoDateSchema,
    dueDate: isoDateSchema,
    /** The window passed unused: the right is lost for good. */
    passed: z.boolean(),
    confirmed: z.boolean(),
    caveatKey: z.string().nullable(),
    source: localized,
  }),
});
export type PensionLapse = z.infer<typeof pensionLapseSchema>;

const forecastSchema = z.array(z.object({ years: z.number().int(), totals: z.array(moneyByCurrency) }));

export const pensionMatterSchema = z.object({
  projectId: z.uuid(),
  refrenceCode: z.string(),
  title: z.string(),
  type: z.number().int(),
  regionCode: z.number().int(),
  registDate: isoDateSchema.nullable(),
  claims: z.number().int().nullable(),
  classes: z.number().int().nullable(),
  feeReduction: z.enum(feeReductions).nullable(),
  paidThroughYear: z.number().int(),
  entries: z.array(pensionEntrySchema),
  payments: z.array(pensionPaymentSchema),
  /** Set when the right has lapsed for a payment not made (later years are then `ended`). */
  lapse: pensionLapseSchema.nullable(),
  /** What is still to pay within 1, 5 and 10 years, per currency. */
  forecast: forecastSchema,
});
export type PensionMatter = z.infer<typeof pensionMatterSchema>;

/**
 * Why a matter has no scheduled payment: `notRegistered`, no registration (grant) date yet;
 * `noAnnuities`, registered, but no annuity or renewal applies to its office and type (or its
 * term is over). The web translates the code.
 */
export const pensionScheduleMissingReasons = ['notRegistered', 'noAnnuities'] as const;
export type PensionScheduleMissing = (typeof pensionScheduleMissingReasons)[number];

/** One matter read on its own: a matter with no schedule reads too, with no entries and the reason. */
export const pensionMatterReadSchema = pensionMatterSchema.extend({
  /** Null while payments are scheduled. */
  scheduleMissing: z.enum(pensionScheduleMissingReasons).nullable(),
});
export type PensionMatterRead = z.infer<typeof pensionMatterReadSchema>;

export const pensionOverviewSchema = z.object({
  /** The day the schedule was computed for (the server's date). */
  today: isoDateSchema,
  matters: z.array(pensionMatterSchema),
  /** Still to pay per calendar year of the due date, per currency (not converted). */
  byCalendarYear: z.array(
    z.object({ calendarYear: z.number().int(), currency: currencySchema, amount: z.number() }),
  ),
  forecast: forecastSchema,
});
export type PensionOverview = z.infer<typeof pensionOverviewSchema>;

const requiredYear = optionalInteger(1, 100).refine((value) => value !== null, {
  error: ValidationMessage.required,
});

export const recordPensionPaymentBodySchema = z.strictObject({
  paidOn: z.iso.date({
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidDate,
  }),
  yearFrom: requiredYear,
  yearTo: requiredYear,
  amount: optionalDecimal(0.01, 10_000_000_000).refine((value) => value !== null, {
    error: ValidationMessage.required,
  }),
  currency: z.enum(feeCurrencies, { error: ValidationMessage.invalidValue }),
  receiptNumber: optionalText(100).optional(),
});
export type RecordPensionPaymentBody = z.input<typeof recordPensionPaymentBodySchema>;

export const pensionDecisionParamsSchema = projectIdParamsSchema.extend({
  year: z.coerce.number({ error: ValidationMessage.invalidValue }).int().min(1).max(100),
});

export const setPensionDecisionBodySchema = z.strictObject({
  decision: z.enum(['pay', 'lapse'], { error: ValidationMessage.invalidValue }),
  reason: optionalText(500).optional(),
});
export type SetPensionDecisionBody = z.infer<typeof setPensionDecisionBodySchema>;

export const updatePensionSettingsBodySchema = z.strictObject({
  feeReduction: z.enum(feeReductions, { error: ValidationMessage.invalidValue }).nullable(),
});
export type UpdatePensionSettingsBody = z.infer<typeof updatePensionSettingsBodySchema>;

const pensionMatterResponseSchema = itemEnvelope(pensionMatterSchema);

/** The client side's annuity management (/pension); REGULAR users, the matters they may see. */
export const pensionEndpoints = {
  getPensionOverview: endpoint({
    method: 'GET',
    path: '/pension',
    namespaces: ['user'],
    summary: 'The annuity and renewal schedule of every registered right the caller may see, with totals',
    response: itemEnvelope(pensionOverviewSchema),
    refusals: [],
  }),
  getPension: endpoint({
    method: 'GET',
    path: '/pension/:projectId',
    namespaces: ['user'],
    summary: "One matter's annuity and renewal schedule",
    description:
      'A matter with no scheduled payment (not registered yet, or nothing to pay) answers 200 with no entries and `scheduleMissing` saying why.',
    params: projectIdParamsSchema,
    response: itemEnvelope(pensionMatterReadSchema),
    refusals: ['projectNotFound'],
  }),
  recordPensionPayment: endpoint({
    failureMessage: ApiErrorMessage.pensionUpdateFailed,
    method: 'POST',
    path: '/pension/:projectId/payments',
    namespaces: ['user'],
    summary: 'Record a payment of the next unpaid years (moves the schedule on)',
    description:
      'The years must start at the first unpaid year and end where a scheduled payment ends (a trademark renewal: after 5 or 10 years).',
    params: projectIdParamsSchema,
    body: recordPensionPaymentBodySchema,
    response: pensionMatterResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [
      'projectNotFound',
      'projectDeleted',
      'pensionNoSchedule',
      'pensionYearsNotNext',
      'pensionYearsNotWhole',
      'paidInFuture',
    ],
  }),
  setPensionDecision: endpoint({
    failureMessage: ApiErrorMessage.pensionUpdateFailed,
    method: 'PUT',
    path: '/pension/:projectId/decisions/:year',
    namespaces: ['user'],
    summary: 'Decide to pay a scheduled payment or to let the right lapse (with a reason)',
    description:
      "Writes the state of the year's deadline, as /terms does (history `deadline.lapse` / `deadline.reopen`): `lapse` lets it lapse with the reason and stops its reminders; `pay` takes a lapse back, so the deadline is open and reminded of again. `pay` on a year not let lapse changes nothing (it stays open, or done when marked so on /terms); a payment itself is recorded with POST …/payments.",
    params: pensionDecisionParamsSchema,
    body: setPensionDecisionBodySchema,
    response: pensionMatterResponseSchema,
    refusals: [
      'projectNotFound',
      'projectDeleted',
      'pensionNoSchedule',
      'pensionYearNotScheduled',
      'pensionLapseNeedsReason',
    ],
  }),
  updatePensionSettings: endpoint({
    failureMessage: ApiErrorMessage.pensionUpdateFailed,
    method: 'PATCH',
    path: '/pension/:projectId',
    namespaces: ['user'],
    summary: 'Set the fee reduction the right holder qualifies for',
    params: projectIdParamsSchema,
    body: updatePensionSettingsBodySchema,
    response: pensionMatterResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted', 'pensionNoSchedule'],
  }),
};
