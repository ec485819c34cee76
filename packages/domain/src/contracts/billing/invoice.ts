import { z } from 'zod';
import { invoiceKinds, invoiceStatuses, paymentStatuses } from '../../codes/codes.js';
import { ValidationMessage } from '../../validation/messages.js';
import { idSchema, isoDateSchema } from '../../validation/primitives.js';
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
 * Invoices (請求書): drafted by the office (from an accepted estimate or directly for a request),
 * then issued, which numbers it, freezes it (also in the database) and stores its PDF write-once.
 * A mistake is corrected by voiding it with a reason and issuing a new one, or by a credit note;
 * everything stays. Clients never see drafts.
 */

export const invoiceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(invoiceKinds.values),
  /** Per office and sequential, given at issue; null while a draft. */
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses.values),
  dealId: z.uuid().nullable(),
  /** The invoice a credit note or a replacement corrects. */
  correctsInvoice: z.object({ id: z.uuid(), number: z.string().nullable() }).nullable(),
  /** Issued documents that correct this one (credit notes, replacements). */
  correctedBy: z.array(
    z.object({ id: z.uuid(), number: z.string().nullable(), kind: z.enum(invoiceKinds.values) }),
  ),
  issueDate: isoDateSchema.nullable(),
  /** 取引年月日: when the work was done or delivered. */
  transactionDate: isoDateSchema,
  dueDate: isoDateSchema,
  notes: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.iso.datetime().nullable(),
  issuer: billingIssuerSchema,
  recipient: billingPartySchema,
  subject: billingSubjectSchema,
  lines: z.array(billingLineSchema),
  totals: billingTotalsSchema,
  fxNote: z.boolean(),
  /** Confirmed payments allocated to it, in yen. */
  paidAmount: z.number().int(),
  /** Recorded but not yet confirmed allocations. */
  pendingAmount: z.number().int(),
  /** amountToTransfer − paidAmount − pendingAmount. */
  balance: z.number().int(),
  /** Issued, unpaid and past its due date. */
  overdue: z.boolean(),
  paidAt: z.iso.datetime().nullable(),
  /** The stored PDF exists (issued invoices). */
  hasPdf: z.boolean(),
  payments: z.array(
    z.object({
      paymentId: z.uuid(),
      paidOn: isoDateSchema,
      amount: z.number().int(),
      status: z.enum(paymentStatuses.values),
    }),
  ),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  issuedAt: z.iso.datetime().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(invoiceKinds.values),
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses.values),
  subject: billingSubjectSchema,
  firm: namedSchema,
  client: namedSchema,
  issueDate: isoDateSchema.nullable(),
  dueDate: isoDateSchema,
  total: z.number().int(),
  withholding: z.number().int(),
  amountToTransfer: z.number().int(),
  paidAmount: z.number().int(),
  pendingAmount: z.number().int(),
  balance: z.number().int(),
  overdue: z.boolean(),
  /** For the collective-payment warning: fees subject to withholding in this invoice. */
  withholdingBase: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** A draft: from an accepted estimate (lines copied when `lines` is omitted) or directly. */
export const invoiceCreateBodySchema = z.strictObject({
  dealId: idSchema.optional(),
  /** A credit note or replacement names the issued invoice it corrects. */
  correctsInvoiceId: idSchema.optional(),
  kind: z.enum(invoiceKinds.values, { error: ValidationMessage.invalidValue }).default('invoice'),
  transactionDate: isoDateSchema,
  /** Defaults to the end of the month after the issue date. */
  dueDate: isoDateSchema.nullable().default(null),
  notes: optionalNotes,
  lines: billingLinesSchema.optional(),
});
export type InvoiceCreateBody = z.input<typeof invoiceCreateBodySchema>;

export const invoiceDraftBodySchema = z.strictObject({
  transactionDate: isoDateSchema,
  dueDate: isoDateSchema.nullable().default(null),
  notes: optionalNotes,
  lines: billingLinesSchema,
});
export type InvoiceDraftBody = z.input<typeof invoiceDraftBodySchema>;

export const invoiceParamsSchema = z.strictObject({ invoiceId: idSchema });
export const invoiceVoidBodySchema = z.strictObject({ reason: reasonSchema });

/**
 * Views: unpaid (issued with a balance), paid, overdue, void, draft (offices only), all issued
 * (the issue history: every invoice issued to or by the caller, voided ones included).
 */
export const invoiceViews = ['unpaid', 'overdue', 'paid', 'void', 'draft', 'issued'] as const;
export type InvoiceView = (typeof invoiceViews)[number];

/**
 * Payment states of an issued invoice, the all-issued list's filter (an office's sales booking):
 * unpaid (issued, no confirmed payment yet), partly paid (issued, some confirmed), paid, void.
 */
export const invoicePaymentStates = ['unpaid', 'partlyPaid', 'paid', 'void'] as const;
export type InvoicePaymentState = (typeof invoicePaymentStates)[number];

export const invoiceListQuerySchema = z.strictObject({
  view: z.enum(invoiceViews, { error: ValidationMessage.invalidValue }).default('unpaid'),
  /** Narrows the view to one payment state (used with the all-issued view). */
  state: z.enum(invoicePaymentStates, { error: ValidationMessage.invalidValue }).optional(),
  /** Due on or before (the unpaid list's due-date filter). */
  dueBy: isoDateSchema.optional(),
  sort: z
    .enum(['issueDate', 'dueDate', 'total', 'number', 'counterparty'], {
      error: ValidationMessage.invalidValue,
    })
    .default('dueDate'),
  ...billingSearchFields,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceResponseSchema = itemEnvelope(invoiceSchema);
export const invoiceListResponseSchema = itemsEnvelope(invoiceSummarySchema, {
  total: z.number().int(),
  /** Sum of `balance` over every matching invoice (not just this page). */
  balanceSum: z.number().int(),
});
export const requestInvoicesResponseSchema = itemsEnvelope(invoiceSummarySchema);

const both = ['user', 'patent'] as const;
const office = ['patent'] as const;

export const invoiceEndpoints = {
  listRequestInvoices: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/invoices',
    namespaces: both,
    summary: "A request's invoices and credit notes, newest first (clients see no drafts)",
    params: requestBillingParamsSchema,
    response: requestInvoicesResponseSchema,
    refusals: ['requestNotFound'],
  }),
  createInvoice: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/invoices',
    namespaces: office,
    summary: 'Draft an invoice (or a credit note) for a request, from an accepted estimate or directly',
    params: requestBillingParamsSchema,
    body: invoiceCreateBodySchema,
    response: invoiceResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [
      'requestNotFound',
      'dealNotFound',
      'dealNotAccepted',
      'invoiceNotFound',
      'invoiceNotIssued',
      'invoiceNeedsLines',
    ],
  }),
  getInvoice: endpoint({
    method: 'GET',
    path: '/invoices/:invoiceId',
    namespaces: both,
    summary: 'One invoice with both parties, lines, totals per tax class, withholding and payments',
    params: invoiceParamsSchema,
    response: invoiceResponseSchema,
    refusals: ['invoiceNotFound'],
  }),
  updateInvoice: endpoint({
    method: 'PUT',
    path: '/invoices/:invoiceId',
    namespaces: office,
    summary: 'Replace a draft invoice’s dates, notes and lines',
    params: invoiceParamsSchema,
    body: invoiceDraftBodySchema,
    response: invoiceResponseSchema,
    refusals: ['invoiceNotFound', 'invoiceNotDraft'],
  }),
  deleteInvoice: endpoint({
    method: 'DELETE',
    path: '/invoices/:invoiceId',
    namespaces: office,
    summary: 'Discard a draft invoice',
    params: invoiceParamsSchema,
    response: emptyResponse,
    status: 204,
    refusals: ['invoiceNotFound', 'invoiceNotDraft'],
  }),
  issueInvoice: endpoint({
    method: 'POST',
    path: '/invoices/:invoiceId/issue',
    namespaces: office,
    summary: 'Issue a draft: number it, freeze it, store its PDF write-once, mail the client a link',
    params: invoiceParamsSchema,
    response: invoiceResponseSchema,
    refusals: ['invoiceNotFound', 'invoiceNotDraft', 'invoiceNeedsLines', 'billingProfileIncomplete'],
  }),
  voidInvoice: endpoint({
    method: 'POST',
    path: '/invoices/:invoiceId/void',
    namespaces: office,
    summary: 'Void an issued invoice with a reason (kept; issue a new one or a credit note)',
    params: invoiceParamsSchema,
    body: invoiceVoidBodySchema,
    response: invoiceResponseSchema,
    refusals: ['invoiceNotFound', 'invoiceNotIssued', 'invoiceHasPayments'],
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/invoices/:invoiceId/pdf',
    namespaces: both,
    summary: 'The PDF stored when the invoice was issued, unchanged',
    params: invoiceParamsSchema,
    response: binaryResponse,
    refusals: ['invoiceNotFound', 'invoiceNotIssued'],
  }),
  listInvoices: endpoint({
    method: 'GET',
    path: '/invoices',
    namespaces: both,
    summary: 'Search the invoices the caller may see: unpaid, overdue, paid, void, drafts, all issued',
    description: 'The date range is the issue date. Clients: invoices issued to them; offices: their own.',
    query: invoiceListQuerySchema,
    response: invoiceListResponseSchema,
    refusals: [],
  }),
  exportInvoices: endpoint({
    method: 'GET',
    path: '/invoices/export',
    namespaces: both,
    summary: 'The searched invoices as CSV (UTF-8 with BOM) with the columns freee and Money Forward import',
    query: invoiceListQuerySchema,
    response: binaryResponse,
    refusals: [],
  }),
};
