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
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { requestUnreadSummaryEndpoint } from './request-unread.js';

const requestStatusSchema = z.union(requestStatuses.values.map((v) => z.literal(v)));
const caseTypeSchema = z.union(caseTypes.values.map((v) => z.literal(v)));

/** A request as the lists show it. */
export const requestSummarySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The "No.": 1, 2, ... within its matter; the path segment after the project id. */
  requestId: z.number().int().positive(),
  name: z.string(),
  type: z.enum(requestTypes.values),
  /** 1 not started (未対応), 2 in progress at the office (外部対応中), 3 completed (対応済み). */
  status: requestStatusSchema,
  /** The client-side user responsible for the request (its creator unless reassigned). */
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Country (region code) of the requested office. */
  regionCode: z.number().int(),
  officeType: z.enum(officeTypes.values),
  /** The requested office. */
  target: z.object({ id: z.uuid(), name: z.string(), nameEn: z.string().nullable() }),
  /**
   * Who sent the request, as the office reads it: the client company (the matter's organization,
   * or the matter's owner outside an organization) and its contact person for the request (the
   * assignee, else the person who sent it).
   */
  client: z.object({
    name: z.string(),
    contact: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  }),
  registDate: z.iso.datetime(),
  /** Legal deadline. */
  decisionPeriod: isoDateSchema.nullable(),
  /** The user's own deadline. */
  userPeriod: isoDateSchema.nullable(),
  concierge: z.enum(conciergeStates.values),
  /** Set when the office declined; the status stays 1 (not started). */
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
  'client',
  'registDate',
  'decisionPeriod',
  'userPeriod',
  'concierge',
] as const;
export type RequestSortField = (typeof requestSortFields)[number];

export const requestListMaxLimit = 200;
export const requestListDefaultLimit = 50;

/** GET /requests: filters by status, concierge state and matter, free text, sort and offset pagination. */
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

export const requestResponseSchema = itemEnvelope(requestSchema);
export type RequestResponse = z.infer<typeof requestResponseSchema>;

/** Path of one request: the matter id and the request's number within the matter (its "No."). */
export const requestParamsSchema = z.strictObject({
  projectId: idSchema,
  requestId: z.coerce
    .number({ error: ValidationMessage.invalidId })
    .int()
    .positive({ error: ValidationMessage.invalidId }),
});
export type RequestParams = z.infer<typeof requestParamsSchema>;

export const projectRequestsParamsSchema = z.strictObject({ projectId: idSchema });

/** Declining says why. */
export const declineRequestBodySchema = z.strictObject({ reason: requiredText(2_000) });
export type DeclineRequestBody = z.infer<typeof declineRequestBodySchema>;

/**
 * The client side hands the request to another person. Allowed: the caller themselves outside an organization; within one, any member or
 * administrator of the matter's organization (400 on `assigneeUserId` otherwise). null leaves it
 * unassigned. Answers requestResponseSchema.
 */
export const updateRequestAssigneeBodySchema = z.strictObject({
  assigneeUserId: idSchema.nullable(),
});
export type UpdateRequestAssigneeBody = z.infer<typeof updateRequestAssigneeBodySchema>;

/** Who the request may be handed to. */
export const requestAssigneeCandidateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type RequestAssigneeCandidate = z.infer<typeof requestAssigneeCandidateSchema>;
export const requestAssigneeCandidatesResponseSchema = itemsEnvelope(requestAssigneeCandidateSchema);
export type RequestAssigneeCandidatesResponse = z.infer<typeof requestAssigneeCandidatesResponseSchema>;

const namespaceNote = {
  user: 'Clients see the requests of the matters they see.',
  patent: 'Offices see the requests addressed to their office on live matters.',
} as const;

/**
 * Requests: a client sends one about a matter to an office; both sides list and read them; the
 * addressed office accepts (1 -> 2), completes (2 -> 3) or declines (status stays 1, with a
 * reason). A request is addressed by its matter and its number within the matter. Invisible
 * requests answer 404 (ids cannot be probed); a move from the wrong status answers 409.
 */
export const requestEndpoints = {
  createRequest: endpoint({
    method: 'POST',
    path: '/projects/:projectId/requests',
    namespaces: ['user'],
    summary: 'Send a request about a matter',
    description:
      'The request form: name, type (estimate or other), content, office country, office type and the office (from GET /user/firms). The number is the next of the matter. The office must be in the directory for the chosen country and type.',
    params: projectRequestsParamsSchema,
    body: createRequestBodySchema,
    response: requestResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['projectNotFound', 'projectDeleted', 'forbidden', 'officeNotAvailable'],
    failureMessage: ApiErrorMessage.requestRegistrationFailed,
  }),
  listRequests: endpoint({
    method: 'GET',
    path: '/requests',
    namespaces: ['user', 'patent'],
    summary: 'One page of requests',
    description: {
      user: `Filters: status (0 all, 1, 2, 3), concierge, projectId, free text q; sort, order, offset, limit. ${namespaceNote.user}`,
      patent: `Filters: status (0 all, 1, 2, 3), concierge, projectId, free text q; sort, order, offset, limit. ${namespaceNote.patent}`,
    },
    query: requestListQuerySchema,
    response: requestListResponseSchema,
    refusals: [],
  }),
  getRequestUnreadSummary: requestUnreadSummaryEndpoint,
  getRequest: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId',
    namespaces: ['user', 'patent'],
    summary: 'One request',
    description: {
      user: `A request the caller may not see answers 404. ${namespaceNote.user}`,
      patent: `A request the caller may not see answers 404. ${namespaceNote.patent}`,
    },
    params: requestParamsSchema,
    response: requestResponseSchema,
    refusals: ['requestNotFound'],
  }),
  acceptRequest: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/accept',
    namespaces: ['patent'],
    summary: 'Accept a request (status 1 -> 2, in progress at the office)',
    params: requestParamsSchema,
    response: requestResponseSchema,
    refusals: [
      'requestNotFound',
      'coordinatorCannotMoveRequest',
      'requestNotAwaitingAcceptance',
      'requestAlreadyDeclined',
    ],
    failureMessage: ApiErrorMessage.requestUpdateFailed,
  }),
  completeRequest: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/complete',
    namespaces: ['patent'],
    summary: 'Mark a request completed (status 2 -> 3)',
    params: requestParamsSchema,
    response: requestResponseSchema,
    refusals: ['requestNotFound', 'coordinatorCannotMoveRequest', 'requestNotInProgress'],
    failureMessage: ApiErrorMessage.requestUpdateFailed,
  }),
  declineRequest: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/decline',
    namespaces: ['patent'],
    summary: 'Decline a request with a reason (the status stays 1)',
    params: requestParamsSchema,
    body: declineRequestBodySchema,
    response: requestResponseSchema,
    refusals: [
      'requestNotFound',
      'coordinatorCannotMoveRequest',
      'requestNotDeclinable',
      'requestAlreadyDeclined',
    ],
    failureMessage: ApiErrorMessage.requestUpdateFailed,
  }),
  listRequestAssigneeCandidates: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/assignee-candidates',
    namespaces: ['user'],
    summary: 'Who a request may be assigned to',
    description:
      "The people who see the matter: its organization's administrators and the members assigned to it; outside an organization, its owner (the caller).",
    params: requestParamsSchema,
    response: requestAssigneeCandidatesResponseSchema,
    refusals: ['requestNotFound'],
  }),
  updateRequestAssignee: endpoint({
    method: 'PATCH',
    path: '/requests/:projectId/:requestId',
    namespaces: ['user'],
    summary: "Change a request's assignee",
    description:
      'assigneeUserId: one of the assignee candidates (people who see the matter), or null. 400 for anyone else, including a member of the organization not assigned to the matter (nothing changes), 409 on a deleted matter. Recorded in the history as request.assignee.',
    params: requestParamsSchema,
    body: updateRequestAssigneeBodySchema,
    response: requestResponseSchema,
    refusals: [
      'requestNotFound',
      'projectDeleted',
      'requestAssigneeNotAllowed',
      'requestAssigneeCannotSeeMatter',
    ],
    failureMessage: ApiErrorMessage.requestUpdateFailed,
  }),
};
