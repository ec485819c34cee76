import { z } from 'zod';
import { ValidationMessage } from '../validation/messages.js';
import { idSchema, isoDateSchema, requiredText } from '../validation/primitives.js';
import { requestParamsSchema } from './request.js';
import { itemEnvelope } from './envelope.js';

/*
 * The deadlines of a request (issue 9, "terms"). Paths below the namespace:
 *
 *   GET    /requests/{projectId}/{number}/terms                requestTermsResponseSchema (both sides)
 *   PATCH  /requests/{projectId}/{number}/terms                updateRequestPeriodsBodySchema; the client side
 *                                                              only (/user); requestTermsResponseSchema
 *   POST   /requests/{projectId}/{number}/terms/items          createRequestTermItemBodySchema; 201 requestTermsResponseSchema
 *   PATCH  /requests/{projectId}/{number}/terms/items/{termId} updateRequestTermItemBodySchema; requestTermsResponseSchema
 *
 * Further items are kept by both sides. A user deadline after the legal one is allowed (the user
 * may have reasons) but flagged, and the screens warn.
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
