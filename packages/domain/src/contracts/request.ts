import { z } from 'zod';
import {
  caseTypes,
  conciergeFilter,
  conciergeStates,
  officeTypes,
  requestStatuses,
  requestTypes,
} from '../codes/codes.js';
import { ValidationMessage } from '../validation/messages.js';
import { idSchema, isoDateSchema, requiredText } from '../validation/primitives.js';
import { requestFormSchema } from '../validation/schemas.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

/*
 * Requests (issue 9). Paths below the namespace; a request is addressed by its matter and its
 * number within the matter (the "No." of spec section 3):
 *
 *   /user
 *   POST /projects/{projectId}/requests            createRequestBodySchema; 201 requestResponseSchema
 *   GET  /requests                                 requestListQuerySchema; requestListResponseSchema
 *   GET  /requests/unread-summary                  requestUnreadSummaryResponseSchema
 *   GET  /requests/{projectId}/{number}            requestResponseSchema
 *   /patent (requests addressed to the caller's firm)
 *   GET  /requests                                 as above
 *   GET  /requests/unread-summary                  as above
 *   GET  /requests/{projectId}/{number}            as above
 *   POST /requests/{projectId}/{number}/accept     status 1 -> 2; requestResponseSchema
 *   POST /requests/{projectId}/{number}/complete   status 2 -> 3; requestResponseSchema
 *   POST /requests/{projectId}/{number}/decline    declineRequestBodySchema; status stays 1
 *
 * Invisible requests answer 404 (ids cannot be probed); a transition from the wrong status 409.
 */

const requestStatusSchema = z.union(requestStatuses.values.map((v) => z.literal(v)));
const caseTypeSchema = z.union(caseTypes.values.map((v) => z.literal(v)));

/** A request as the lists show it (spec section 3, Request). */
export const requestSummarySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The "No.": 1, 2, ... within its matter; the path segment after the project id. */
  requestId: z.number().int().positive(),
  name: z.string(),
  type: z.enum(requestTypes.values),
  /** 1 not supported, 2 external handling in progress, 3 supported. */
  status: requestStatusSchema,
  /** The client-side user responsible for the request (its creator unless reassigned). */
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Country (region code) of the requested office. */
  regionCode: z.number().int(),
  officeType: z.enum(officeTypes.values),
  /** The requested office. */
  target: z.object({ id: z.uuid(), name: z.string(), nameEn: z.string().nullable() }),
  registDate: z.iso.datetime(),
  /** Legal deadline. */
  decisionPeriod: isoDateSchema.nullable(),
  /** The user's own deadline. */
  userPeriod: isoDateSchema.nullable(),
  concierge: z.enum(conciergeStates.values),
  /** Set when the office declined; the status stays 1 (not supported). */
  declinedAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
  /** The matter the request is about, as far as lists need it. */
  project: z.object({
    refrenceCode: z.string(),
    title: z.string(),
    type: caseTypeSchema,
    deleted: z.boolean(),
  }),
  updateDate: z.iso.datetime(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** One request with its content (the detail pages). */
export const requestSchema = requestSummarySchema.extend({ content: z.string() });
export type Request = z.infer<typeof requestSchema>;
/** The same type under a name that does not shadow the fetch API's global `Request`. */
export type RequestDetail = Request;

/** POST /user/projects/{projectId}/requests: the request form; every field is required. */
export const createRequestBodySchema = requestFormSchema;
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

export const requestSortFields = [
  'requestId',
  'name',
  'type',
  'status',
  'regionCode',
  'target',
  'registDate',
  'decisionPeriod',
  'userPeriod',
  'concierge',
] as const;
export type RequestSortField = (typeof requestSortFields)[number];

export const requestListMaxLimit = 200;
export const requestListDefaultLimit = 50;

/** GET /requests: filters (spec section 4), free text, sort and offset pagination. */
export const requestListQuerySchema = z.strictObject({
  /** 0 all, else one status. */
  status: z.enum(['0', '1', '2', '3']).default('0'),
  concierge: z.enum(conciergeFilter.values).default('all'),
  /** Only this matter's requests (the matter detail's request tab). */
  projectId: idSchema.optional(),
  q: z.string().trim().max(200, { error: ValidationMessage.tooLong }).optional(),
  sort: z.enum(requestSortFields).default('registDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(requestListMaxLimit).default(requestListDefaultLimit),
});
/** What a client may pass (every field has a default or is optional). */
export type RequestListQuery = Partial<z.output<typeof requestListQuerySchema>>;

/**
 * A row of the request lists: the request and how many mails of its thread wait unread on the
 * caller's side (sent by the other side, `readAt` null). Opening the thread marks them read.
 */
export const requestListItemSchema = requestSummarySchema.extend({
  unreadMailCount: z.number().int().nonnegative(),
});
export type RequestListItem = z.infer<typeof requestListItemSchema>;

export const requestListResponseSchema = itemsEnvelope(requestListItemSchema, {
  /** All matching requests (for the pager). */
  total: z.number().int().nonnegative(),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

/**
 * GET /requests/unread-summary: the caller's unread mails over every request they see (the
 * sidebar's badge), and on how many requests they wait.
 */
export const requestUnreadSummarySchema = z.object({
  unreadMailCount: z.number().int().nonnegative(),
  requestsWithUnread: z.number().int().nonnegative(),
});
export type RequestUnreadSummary = z.infer<typeof requestUnreadSummarySchema>;
export const requestUnreadSummaryResponseSchema = itemEnvelope(requestUnreadSummarySchema);
export type RequestUnreadSummaryResponse = z.infer<typeof requestUnreadSummaryResponseSchema>;

export const requestResponseSchema = itemEnvelope(requestSchema);
export type RequestResponse = z.infer<typeof requestResponseSchema>;

/** Path of one request: the matter id and the request number ("requestId" in the web paths). */
export const requestParamsSchema = z.strictObject({
  projectId: idSchema,
  number: z.coerce
    .number({ error: ValidationMessage.invalidId })
    .int()
    .positive({ error: ValidationMessage.invalidId }),
});
export type RequestParams = z.infer<typeof requestParamsSchema>;

export const projectRequestsParamsSchema = z.strictObject({ projectId: idSchema });

/** POST /patent/requests/{projectId}/{number}/decline. */
export const declineRequestBodySchema = z.strictObject({ reason: requiredText(2_000) });
export type DeclineRequestBody = z.infer<typeof declineRequestBodySchema>;

/**
 * PATCH /user/requests/{projectId}/{number}: the client side hands the request to another
 * person. Allowed: the caller themselves outside an organization; within one, any member or
 * administrator of the matter's organization (400 on `assigneeUserId` otherwise). null leaves it
 * unassigned. Answers requestResponseSchema.
 */
export const updateRequestAssigneeBodySchema = z.strictObject({
  assigneeUserId: idSchema.nullable(),
});
export type UpdateRequestAssigneeBody = z.infer<typeof updateRequestAssigneeBodySchema>;

/** GET /user/requests/{projectId}/{number}/assignee-candidates: who the request may be handed to. */
export const requestAssigneeCandidateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type RequestAssigneeCandidate = z.infer<typeof requestAssigneeCandidateSchema>;
export const requestAssigneeCandidatesResponseSchema = itemsEnvelope(requestAssigneeCandidateSchema);
export type RequestAssigneeCandidatesResponse = z.infer<typeof requestAssigneeCandidatesResponseSchema>;
