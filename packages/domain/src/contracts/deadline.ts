import { z } from 'zod';
import { caseTypes } from '../codes/codes.js';
import { closingFacts, closureKinds } from '../deadlines/closures.js';
import { ValidationMessage } from '../validation/messages.js';
import { normalizeWidth } from '../validation/normalize.js';
import {
  idSchema,
  isoDateSchema,
  optionalHttpUrl,
  optionalText,
  pastOrTodaySchema,
  requiredText,
} from '../validation/primitives.js';
import { endpoint, emptyResponse } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

/*
 * Deadline management (/terms): every deadline the caller may see across matters, the rule
 * table's and the requests' own, with what people decided about each (done, let lapse, the
 * second person's confirmation), and each user's reminder settings and calendar feeds.
 * The client side owns its deadlines; an office reads only its docket, the deadlines of the
 * requests addressed to it (the list under /patent).
 */

export const deadlineKinds = ['procedure', 'payment', 'termEnd', 'internal'] as const;
export type DeadlineListKind = (typeof deadlineKinds)[number];
export const deadlineOrigins = ['rule', 'requestLegal', 'requestUser', 'requestItem'] as const;
export type DeadlineOrigin = (typeof deadlineOrigins)[number];
/**
 * What a person decided (done, let lapse), open, or `closed`: the matter's own recorded facts
 * close it (`closedBy` says which), which is not a person's 完了 and never overdue.
 */
export const deadlineStates = ['open', 'done', 'lapsed', 'closed'] as const;
export type DeadlineStateValue = (typeof deadlineStates)[number];
/** Which reminder settings govern a deadline: annuities, or every other deadline. */
export const reminderScopes = ['term', 'pension'] as const;
export type ReminderScope = (typeof reminderScopes)[number];

const localized = z.object({ ja: z.string(), en: z.string() });
const person = z.object({ id: z.uuid(), name: z.string() });

export const deadlineItemSchema = z.object({
  projectId: z.uuid(),
  /** Stable per matter: the rule's key (`jp.patent.annuity#4`), `request:<id>:legal`, `item:<id>`. */
  key: z.string(),
  refrenceCode: z.string(),
  projectTitle: z.string(),
  caseType: z.number().int(),
  regionCode: z.number().int(),
  origin: z.enum(deadlineOrigins),
  kind: z.enum(deadlineKinds),
  scope: z.enum(reminderScopes),
  ruleId: z.string().nullable(),
  year: z.number().int().nullable(),
  /** i18n key of a rule's name; null for a request's deadlines (`name` or the origin names them). */
  nameKey: z.string().nullable(),
  /** A dated item's own name. */
  name: z.string().nullable(),
  /** The request a request's deadline belongs to: its No. and name. */
  request: z.object({ number: z.number().int(), name: z.string() }).nullable(),
  /** The last day after any business-day shift. */
  date: isoDateSchema,
  /** The last day as the rule gives it (the office's plain date); equals `date` when nothing moved it. */
  plainDate: isoDateSchema,
  shift: z
    .object({ reason: z.enum(['weekend', 'holiday', 'yearEnd']), holiday: localized.optional() })
    .nullable(),
  opensOn: isoDateSchema.nullable(),
  lateUntil: isoDateSchema.nullable(),
  /** False where the rule's source is not confirmed: the screen says so. */
  ruleConfirmed: z.boolean(),
  legalSource: localized.nullable(),
  state: z.enum(deadlineStates),
  /** The recorded fact that closed it (state `closed`); null or absent when none did. */
  closedBy: z
    .object({ how: z.enum(closureKinds), fact: z.enum(closingFacts), date: isoDateSchema.nullable() })
    .nullable()
    .optional(),
  /** Who marked it done or let it lapse, and when. */
  stateBy: person.nullable(),
  stateAt: z.iso.datetime().nullable(),
  lapseReason: z.string().nullable(),
  /** Marked done by hand: the day the work was completed (Japan), and the note and evidence given. */
  completedOn: isoDateSchema.nullable(),
  completionNote: z.string().nullable(),
  evidenceUrl: z.string().nullable(),
  /** Who entered the dates it comes from (the confirmer must be someone else). */
  enteredBy: person.nullable(),
  /** The second person's check; null while unconfirmed (or when the date changed since). */
  confirmedBy: person.nullable(),
  confirmedAt: z.iso.datetime().nullable(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const deadlineListMaxLimit = 1000;

const optionalInt = z.coerce.number({ error: ValidationMessage.invalidNumber }).int().optional();

/** Filters of /terms; the list is soonest first. */
export const deadlineListQuerySchema = z.strictObject({
  caseType: z.coerce
    .number()
    .int()
    .refine((value) => (caseTypes.values as readonly number[]).includes(value), {
      error: ValidationMessage.invalidCaseType,
    })
    .optional(),
  regionCode: optionalInt,
  kind: z.enum(deadlineKinds, { error: ValidationMessage.invalidValue }).optional(),
  state: z.enum([...deadlineStates, 'all'], { error: ValidationMessage.invalidValue }).default('open'),
  assigneeUserId: idSchema.optional(),
  firmId: idSchema.optional(),
  /** The office's filters: the client (organization) whose matter it is, and who entered the date. */
  organizationId: idSchema.optional(),
  enteredByUserId: idSchema.optional(),
  projectId: idSchema.optional(),
  /** Only deadlines on or after / on or before this day (the month view). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(deadlineListMaxLimit).default(200),
});
export type DeadlineListQuery = z.input<typeof deadlineListQuerySchema>;

export const deadlineListResponseSchema = itemsEnvelope(deadlineItemSchema, {
  nextCursor: z.string().nullable(),
});
export type DeadlineListResponse = z.infer<typeof deadlineListResponseSchema>;
export const deadlineResponseSchema = itemEnvelope(deadlineItemSchema);

/** What the filters offer: the assignees and offices of the caller's matters. */
export const deadlineFilterOptionsSchema = z.object({
  assignees: z.array(person),
  offices: z.array(person),
});
export const deadlineFilterOptionsResponseSchema = itemEnvelope(deadlineFilterOptionsSchema);
export type DeadlineFilterOptions = z.infer<typeof deadlineFilterOptionsSchema>;

/**
 * What the office's docket filters offer: the clients (organizations) whose requests are addressed
 * to the office, and the office's own members (who entered a date). Never the client's offices or
 * assignees, which are the client's business.
 */
export const officeDeadlineFilterOptionsSchema = z.object({
  clients: z.array(person),
  members: z.array(person),
});
export const officeDeadlineFilterOptionsResponseSchema = itemEnvelope(officeDeadlineFilterOptionsSchema);
export type OfficeDeadlineFilterOptions = z.infer<typeof officeDeadlineFilterOptionsSchema>;

export const deadlineParamsSchema = z.strictObject({ projectId: idSchema });
const keySchema = z.string().trim().min(1, { error: ValidationMessage.required }).max(200);

export const completionNoteMaxLength = 1000;

/**
 * Done (on the day the work was completed, today in Japan when not given and never later, with an
 * optional note and evidence link), let lapse (with a reason), or open again.
 */
export const setDeadlineStateBodySchema = z.discriminatedUnion(
  'state',
  [
    z.strictObject({
      key: keySchema,
      state: z.literal('done'),
      completedOn: pastOrTodaySchema.optional(),
      note: optionalText(completionNoteMaxLength).optional(),
      evidenceUrl: optionalHttpUrl(2000).optional(),
    }),
    z.strictObject({ key: keySchema, state: z.literal('open') }),
    z.strictObject({ key: keySchema, state: z.literal('lapsed'), reason: requiredText(500) }),
  ],
  { error: ValidationMessage.invalidValue },
);
export type SetDeadlineStateBody = z.infer<typeof setDeadlineStateBodySchema>;

export const confirmDeadlineBodySchema = z.strictObject({ key: keySchema });
export type ConfirmDeadlineBody = z.infer<typeof confirmDeadlineBodySchema>;

/**
 * A reminder offset before the date, as an ISO 8601 duration of days, weeks or months: `P6M`,
 * `P2W`, `P0D` (the day itself). Up to two years. Full-width digits (`P４５D`) read as digits.
 */
export const reminderOffsetSchema = z
  .string()
  .overwrite(normalizeWidth)
  .regex(/^P(\d{1,3})([DWM])$/, { error: ValidationMessage.invalidValue, abort: true })
  .refine((value) => offsetDays(value) <= 731, { error: ValidationMessage.invalidValue });
export const defaultReminderOffsets = ['P6M', 'P3M', 'P1M', 'P2W', 'P1W', 'P0D'] as const;

/** Rough length of an offset in days, to sort and bound offsets (months count 30.5 days). */
export function offsetDays(offset: string): number {
  const match = /^P(\d+)([DWM])$/.exec(offset);
  if (!match) return Number.NaN;
  const amount = Number(match[1]);
  return match[2] === 'D' ? amount : match[2] === 'W' ? amount * 7 : Math.round(amount * 30.5);
}

export const reminderDeliveries = ['mail', 'daily', 'weekly'] as const;
export type ReminderDelivery = (typeof reminderDeliveries)[number];

export const reminderSettingsSchema = z.object({
  scope: z.enum(reminderScopes),
  enabled: z.boolean(),
  /** Longest first. */
  offsets: z.array(z.string()),
  kinds: z.array(z.enum(deadlineKinds)),
  delivery: z.enum(reminderDeliveries),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export const reminderSettingsResponseSchema = itemEnvelope(reminderSettingsSchema);

export const reminderSettingsBodySchema = z.strictObject({
  enabled: z.boolean(),
  offsets: z
    .array(reminderOffsetSchema)
    .min(1, { error: ValidationMessage.selectAtLeastOne })
    .max(12, { error: ValidationMessage.invalidValue })
    .transform((offsets) => [...new Set(offsets)].sort((a, b) => offsetDays(b) - offsetDays(a))),
  kinds: z
    .array(z.enum(deadlineKinds, { error: ValidationMessage.invalidValue }))
    .min(1, { error: ValidationMessage.selectAtLeastOne })
    .transform((kinds) => [...new Set(kinds)]),
  delivery: z.enum(reminderDeliveries, { error: ValidationMessage.invalidValue }),
});
export type ReminderSettingsBody = z.input<typeof reminderSettingsBodySchema>;
export const reminderScopeParamsSchema = z.strictObject({
  scope: z.enum(reminderScopes, { error: ValidationMessage.invalidValue }),
});

export const calendarFeedSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastFetchedAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedListResponseSchema = itemsEnvelope(calendarFeedSchema);
/** A new feed: its URL, shown this once (only a hash is kept). */
export const createdCalendarFeedResponseSchema = itemEnvelope(calendarFeedSchema.extend({ url: z.url() }));
export const calendarFeedParamsSchema = z.strictObject({ feedId: idSchema });

export const deadlineEndpoints = {
  listDeadlines: endpoint({
    method: 'GET',
    path: '/deadlines',
    namespaces: ['user', 'patent'],
    summary: 'Every deadline the caller may see across live matters, soonest first',
    description: {
      user: 'Computed deadlines of each matter and the legal deadline, user deadline and dated items of its requests. Cursor pagination: pass `nextCursor` as `cursor` with the same filters.',
      patent:
        "The office's docket: the legal deadline, user deadline and dated items of the live requests addressed to the caller's office (never a matter's own deadlines). Read only; the client side decides on them. Cursor pagination: pass `nextCursor` as `cursor` with the same filters.",
    },
    query: deadlineListQuerySchema,
    response: deadlineListResponseSchema,
    refusals: ['invalidCursor'],
  }),
  deadlineFilterOptions: endpoint({
    method: 'GET',
    path: '/deadlines/filter-options',
    namespaces: ['user'],
    summary: 'The assignees and offices the deadline filters offer',
    response: deadlineFilterOptionsResponseSchema,
    refusals: [],
  }),
  officeDeadlineFilterOptions: endpoint({
    method: 'GET',
    path: '/deadlines/filter-options',
    namespaces: ['patent'],
    summary: "The clients and the office's own members the docket filters offer",
    description:
      "The organizations whose live requests are addressed to the caller's office (`organizationId`), and the office's members (`enteredByUserId`).",
    response: officeDeadlineFilterOptionsResponseSchema,
    refusals: [],
  }),
  setDeadlineState: endpoint({
    method: 'PUT',
    path: '/deadlines/:projectId/state',
    namespaces: ['user'],
    summary: 'Mark a deadline done, let it lapse (with a reason), or open it again',
    description: 'Recorded in the matter history. Done and let lapse stop its reminders.',
    params: deadlineParamsSchema,
    body: setDeadlineStateBodySchema,
    response: deadlineResponseSchema,
    refusals: ['projectNotFound', 'deadlineNotFound', 'projectDeleted'],
  }),
  confirmDeadline: endpoint({
    method: 'POST',
    path: '/deadlines/:projectId/confirmation',
    namespaces: ['user'],
    summary: 'Confirm a deadline as the second person (the two-person check)',
    description:
      'The confirmer must differ from whoever entered the dates and whoever marked it. A changed date is unconfirmed again.',
    params: deadlineParamsSchema,
    body: confirmDeadlineBodySchema,
    response: deadlineResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['projectNotFound', 'deadlineNotFound', 'projectDeleted', 'confirmerMustDiffer'],
  }),
  getReminderSettings: endpoint({
    method: 'GET',
    path: '/reminder-settings/:scope',
    namespaces: ['user'],
    summary: "The caller's reminder settings for deadlines (term) or annuities (pension)",
    params: reminderScopeParamsSchema,
    response: reminderSettingsResponseSchema,
    refusals: [],
  }),
  updateReminderSettings: endpoint({
    method: 'PUT',
    path: '/reminder-settings/:scope',
    namespaces: ['user'],
    summary: 'Save the reminder settings of one scope',
    params: reminderScopeParamsSchema,
    body: reminderSettingsBodySchema,
    response: reminderSettingsResponseSchema,
    refusals: [],
  }),
  listCalendarFeeds: endpoint({
    method: 'GET',
    path: '/calendar-feeds',
    namespaces: ['user', 'patent'],
    summary: "The caller's live calendar feed URLs (without the secret)",
    description: {
      patent:
        "An office's feed holds its docket: the deadlines of the live requests addressed to its office.",
    },
    response: calendarFeedListResponseSchema,
    refusals: [],
  }),
  createCalendarFeed: endpoint({
    method: 'POST',
    path: '/calendar-feeds',
    namespaces: ['user', 'patent'],
    summary: 'A new secret calendar (ICS) URL; shown this once',
    response: createdCalendarFeedResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [],
  }),
  revokeCalendarFeed: endpoint({
    method: 'DELETE',
    path: '/calendar-feeds/:feedId',
    namespaces: ['user', 'patent'],
    summary: 'Revoke a calendar feed URL (it answers 404 from then on)',
    params: calendarFeedParamsSchema,
    response: emptyResponse,
    status: 204,
    refusals: ['calendarFeedNotFound'],
  }),
};
