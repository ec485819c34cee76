import { z } from 'zod';
import { dealStatuses } from '../../codes/codes.js';
import { ValidationMessage } from '../../validation/messages.js';
import { idSchema, isoDateSchema, requiredText } from '../../validation/primitives.js';
import { binaryResponse, emptyResponse, endpoint } from '../endpoint.js';
import { itemEnvelope, itemsEnvelope } from '../envelope.js';
import {
  billingIssuerSchema,
  billingLineSchema,
  billingLinesSchema,
  billingPartySchema,
  billingSearchFields,
  billingSubjectSchema,
  billingTotalsSchema,
  namedSchema,
  optionalNotes,
  reasonSchema,
  requestBillingParamsSchema,
} from './parts.js';

/*
 * Estimates (見積書, "deals" in the spec's routes): an office drafts one for a request and sends
 * it; the client accepts (an order) or declines it. A sent estimate never changes: a revision is
 * a new version with the same number that supersedes it when sent. Clients never see drafts.
 */

export const dealSchema = z.object({
  id: z.uuid(),
  /** Per office and sequential (e.g. `Q-2026-0007`); a revision keeps it. */
  number: z.string(),
  version: z.number().int().min(1),
  supersedesDealId: z.uuid().nullable(),
  supersededByDealId: z.uuid().nullable(),
  status: z.enum(dealStatuses.values),
  title: z.string(),
  validUntil: isoDateSchema.nullable(),
  notes: z.string().nullable(),
  declineReason: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  issuer: billingIssuerSchema,
  recipient: billingPartySchema,
  subject: billingSubjectSchema,
  lines: z.array(billingLineSchema),
  totals: billingTotalsSchema,
  /** A line is in a foreign currency: official fees and exchange rates may change. */
  fxNote: z.boolean(),
  /** Invoices issued from it (not drafts, for a client). */
  invoiceIds: z.array(z.uuid()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: namedSchema.nullable(),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  version: z.number().int(),
  status: z.enum(dealStatuses.values),
  title: z.string(),
  subject: billingSubjectSchema,
  firm: namedSchema,
  client: namedSchema,
  total: z.number().int(),
  validUntil: isoDateSchema.nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const dealDraftBodySchema = z.strictObject({
  title: requiredText(200),
  validUntil: isoDateSchema.nullable().default(null),
  notes: optionalNotes,
  lines: billingLinesSchema,
});
export type DealDraftBody = z.input<typeof dealDraftBodySchema>;

export const dealParamsSchema = requestBillingParamsSchema.extend({ dealId: idSchema });
export const dealReasonBodySchema = z.strictObject({ reason: reasonSchema });
export const dealWithdrawBodySchema = z.strictObject({ reason: reasonSchema.optional() });

export const dealListQuerySchema = z.strictObject({
  status: z.enum([...dealStatuses.values, 'all'], { error: ValidationMessage.invalidValue }).default('all'),
  sort: z
    .enum(['date', 'total', 'number', 'counterparty'], { error: ValidationMessage.invalidValue })
    .default('date'),
  ...billingSearchFields,
});
export type DealListQuery = z.input<typeof dealListQuerySchema>;

export const dealResponseSchema = itemEnvelope(dealSchema);
export const dealListResponseSchema = itemsEnvelope(dealSummarySchema, { total: z.number().int() });
export const requestDealsResponseSchema = itemsEnvelope(dealSummarySchema);

const both = ['user', 'patent'] as const;
const office = ['patent'] as const;
const client = ['user'] as const;
const dealPath = '/requests/:projectId/:requestId/deals/:dealId';

export const dealEndpoints = {
  listRequestDeals: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/deals',
    namespaces: both,
    summary: "A request's estimates, every version, newest first (clients see no drafts)",
    params: requestBillingParamsSchema,
    response: requestDealsResponseSchema,
    refusals: ['requestNotFound'],
  }),
  getDeal: endpoint({
    method: 'GET',
    path: dealPath,
    namespaces: both,
    summary: 'One estimate with both parties, its lines and totals per tax class (the printable page)',
    params: dealParamsSchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound'],
  }),
  createDeal: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/deals',
    namespaces: office,
    summary: 'Draft an estimate for a request addressed to the caller’s office',
    params: requestBillingParamsSchema,
    body: dealDraftBodySchema,
    response: dealResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound'],
  }),
  updateDeal: endpoint({
    method: 'PUT',
    path: dealPath,
    namespaces: office,
    summary: 'Replace a draft estimate’s title, validity, notes and lines',
    params: dealParamsSchema,
    body: dealDraftBodySchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotDraft'],
  }),
  deleteDeal: endpoint({
    method: 'DELETE',
    path: dealPath,
    namespaces: office,
    summary: 'Discard a draft estimate',
    params: dealParamsSchema,
    response: emptyResponse,
    status: 204,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotDraft'],
  }),
  sendDeal: endpoint({
    method: 'POST',
    path: `${dealPath}/send`,
    namespaces: office,
    summary: 'Send a draft estimate to the client; a revision supersedes the version it revises',
    description: 'Mails the client side in each recipient’s language and records the request history.',
    params: dealParamsSchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotDraft', 'dealNotRevisable', 'invoiceNeedsLines'],
  }),
  reviseDeal: endpoint({
    method: 'POST',
    path: `${dealPath}/revision`,
    namespaces: office,
    summary: 'Start a revision of a sent, declined or expired estimate: a new draft version with its lines',
    params: dealParamsSchema,
    response: dealResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotRevisable'],
  }),
  withdrawDeal: endpoint({
    method: 'POST',
    path: `${dealPath}/withdrawal`,
    namespaces: office,
    summary: 'Withdraw a sent estimate',
    params: dealParamsSchema,
    body: dealWithdrawBodySchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotSent'],
  }),
  acceptDeal: endpoint({
    method: 'POST',
    path: `${dealPath}/acceptance`,
    namespaces: client,
    summary: 'Accept a sent estimate (an order)',
    description:
      'Moves a request that is not supported yet to external handling in progress. A second acceptance, or one of an expired estimate, answers 409.',
    params: dealParamsSchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotSent', 'dealExpired'],
  }),
  declineDeal: endpoint({
    method: 'POST',
    path: `${dealPath}/decline`,
    namespaces: client,
    summary: 'Decline a sent estimate with a reason',
    params: dealParamsSchema,
    body: dealReasonBodySchema,
    response: dealResponseSchema,
    refusals: ['requestNotFound', 'dealNotFound', 'dealNotSent'],
  }),
  listDeals: endpoint({
    method: 'GET',
    path: '/deals',
    namespaces: both,
    summary: 'Search the estimates the caller may see by date, amount and counterparty',
    description: 'The date is the sending date (the creation date of a draft).',
    query: dealListQuerySchema,
    response: dealListResponseSchema,
    refusals: [],
  }),
  exportDeals: endpoint({
    method: 'GET',
    path: '/deals/export',
    namespaces: both,
    summary: 'The searched estimates as CSV (UTF-8 with BOM)',
    query: dealListQuerySchema,
    response: binaryResponse,
    refusals: [],
  }),
};
