import { z } from 'zod';
import { ValidationMessage } from '../validation/messages.js';
import { idSchema, isoDateSchema, requiredText } from '../validation/primitives.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';
import { requestParamsSchema } from './request.js';

/*
 * The deadlines of a request: the legal deadline and the user's own deadline (the client's to
 * set), and further dated items kept by both sides. A user deadline after the legal one is
 * allowed (the user may have reasons) but flagged, and the screens warn.
 */

export const requestTermItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  date: isoDateSchema,
  done: z.boolean(),
  updateDate: z.iso.datetime(),
});
export type RequestTermItem = z.infer<typeof requestTermItemSchema>;

export const requestTermsSchema = z.object({
  /** Legal deadline. */
  decisionPeriod: isoDateSchema.nullable(),
  /** The user's own deadline. */
  userPeriod: isoDateSchema.nullable(),
  /** True when both are set and the user deadline falls after the legal one. */
  userPeriodAfterDecision: z.boolean(),
  /** Further dated items, by date. */
  items: z.array(requestTermItemSchema),
});
export type RequestTerms = z.infer<typeof requestTermsSchema>;

export const requestTermsResponseSchema = itemEnvelope(requestTermsSchema);

const nullableDate = isoDateSchema.nullable();

/** Either deadline, or both; null clears one. */
export const updateRequestPeriodsBodySchema = z
  .strictObject({ decisionPeriod: nullableDate.optional(), userPeriod: nullableDate.optional() })
  .refine((body) => body.decisionPeriod !== undefined || body.userPeriod !== undefined, {
    error: ValidationMessage.required,
    path: ['userPeriod'],
  });
export type UpdateRequestPeriodsBody = z.infer<typeof updateRequestPeriodsBodySchema>;

export const createRequestTermItemBodySchema = z.strictObject({
  name: requiredText(200),
  date: z.iso.date({
    error: (issue) =>
      issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidDate,
  }),
});
export type CreateRequestTermItemBody = z.infer<typeof createRequestTermItemBodySchema>;

export const updateRequestTermItemBodySchema = z
  .strictObject({
    name: requiredText(200).optional(),
    date: isoDateSchema.optional(),
    done: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.date !== undefined || body.done !== undefined, {
    error: ValidationMessage.required,
    path: ['done'],
  });
export type UpdateRequestTermItemBody = z.infer<typeof updateRequestTermItemBodySchema>;

/** Path of one further item. */
export const requestTermItemParamsSchema = requestParamsSchema.extend({ termId: idSchema });

/**
 * Mounted in both namespaces; every change is in the request's history. Writes refuse a deleted
 * matter's requests (409: they are read-only like the matter).
 */
export const requestTermEndpoints = {
  getRequestTerms: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/terms',
    namespaces: ['user', 'patent'],
    summary: "A request's legal and user deadline and its further dated items",
    params: requestParamsSchema,
    response: requestTermsResponseSchema,
    refusals: ['requestNotFound'],
  }),
  updateRequestPeriods: endpoint({
    method: 'PATCH',
    path: '/requests/:projectId/:requestId/terms',
    namespaces: ['user', 'patent'],
    summary: 'Set the legal and/or the user deadline (the client side)',
    description: 'null clears a deadline. A user deadline after the legal one is kept and flagged.',
    params: requestParamsSchema,
    body: updateRequestPeriodsBodySchema,
    response: requestTermsResponseSchema,
    refusals: ['requestNotFound', 'projectDeleted', 'periodsClientOnly'],
  }),
  addRequestTermItem: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/terms/items',
    namespaces: ['user', 'patent'],
    summary: 'Add a dated item to a request',
    params: requestParamsSchema,
    body: createRequestTermItemBodySchema,
    response: requestTermsResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'projectDeleted'],
  }),
  updateRequestTermItem: endpoint({
    method: 'PATCH',
    path: '/requests/:projectId/:requestId/terms/items/:termId',
    namespaces: ['user', 'patent'],
    summary: 'Rename, re-date, or mark done / open a dated item',
    params: requestTermItemParamsSchema,
    body: updateRequestTermItemBodySchema,
    response: requestTermsResponseSchema,
    refusals: ['requestNotFound', 'projectDeleted', 'termNotFound'],
  }),
  removeRequestTermItem: endpoint({
    method: 'DELETE',
    path: '/requests/:projectId/:requestId/terms/items/:termId',
    namespaces: ['user', 'patent'],
    summary: 'Remove a dated item (kept as cancelled; the history names it)',
    params: requestTermItemParamsSchema,
    response: requestTermsResponseSchema,
    refusals: ['requestNotFound', 'projectDeleted', 'termNotFound'],
  }),
};
