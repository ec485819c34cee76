import { z } from 'zod';
import { bankFeeBearers, paymentStatuses } from '../../codes/codes.js';
import { ValidationMessage } from '../../validation/messages.js';
import { idSchema, isoDateSchema, requiredText } from '../../validation/primitives.js';
import { endpoint } from '../endpoint.js';
import { itemEnvelope, itemsEnvelope } from '../envelope.js';
import { namedSchema, optionalNotes } from './parts.js';

/*
 * Payments: one bank transfer (振込) allocated to one or more invoices of one office
 * (一括支払い). The client records what it transferred; or the office records an incoming
 * transfer first and matches it to invoices. The office confirms receipt, and invoices whose
 * confirmed allocations cover their amount to transfer become paid. Allocations never exceed an
 * invoice's balance: two transfers racing for one invoice, one wins.
 */

const yen = z.coerce
  .number({ error: ValidationMessage.invalidNumber })
  .int({ error: ValidationMessage.wholeYen })
  .min(1, { error: ValidationMessage.invalidNumber })
  .max(1_000_000_000_000, { error: ValidationMessage.invalidNumber });

export const allocationInputSchema = z.strictObject({ invoiceId: idSchema, amount: yen });
const allocationsSchema = z
  .array(allocationInputSchema)
  .max(200, { error: ValidationMessage.tooLong })
  .refine((items) => new Set(items.map((item) => item.invoiceId)).size === items.length, {
    error: ValidationMessage.invalidValue,
  });

export const paymentSchema = z.object({
  id: z.uuid(),
  firm: namedSchema,
  client: namedSchema,
  recordedBy: z.enum(['client', 'office']),
  status: z.enum(paymentStatuses.values),
  paidOn: isoDateSchema,
  amount: z.number().int(),
  remitterName: z.string(),
  bankFeeBorneBy: z.enum(bankFeeBearers.values),
  note: z.string().nullable(),
  allocations: z.array(
    z.object({ invoiceId: z.uuid(), invoiceNumber: z.string().nullable(), amount: z.number().int() }),
  ),
  /** amount − sum of allocations: an office-recorded transfer not matched yet, or an overpayment. */
  unallocated: z.number().int(),
  createdAt: z.iso.datetime(),
  recordedByUser: namedSchema.nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  confirmedBy: namedSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The client records one transfer for several unpaid invoices of one office. */
export const recordPaymentBodySchema = z.strictObject({
  paidOn: isoDateSchema,
  amount: yen,
  remitterName: requiredText(100),
  bankFeeBorneBy: z.enum(bankFeeBearers.values, { error: ValidationMessage.invalidValue }).default('payer'),
  note: optionalNotes,
  allocations: allocationsSchema.min(1, { error: ValidationMessage.selectAtLeastOne }),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

/** The office records a transfer it received, matched now or later. */
export const recordReceivedPaymentBodySchema = z.strictObject({
  /** The paying client: an organization's or a user's id, as `counterparties` lists them. */
  clientId: idSchema,
  paidOn: isoDateSchema,
  amount: yen,
  remitterName: requiredText(100),
  bankFeeBorneBy: z.enum(bankFeeBearers.values, { error: ValidationMessage.invalidValue }).default('payer'),
  note: optionalNotes,
  allocations: allocationsSchema.default([]),
});
export type RecordReceivedPaymentBody = z.input<typeof recordReceivedPaymentBodySchema>;

export const matchPaymentBodySchema = z.strictObject({ allocations: allocationsSchema });
export type MatchPaymentBody = z.input<typeof matchPaymentBodySchema>;

export const paymentParamsSchema = z.strictObject({ paymentId: idSchema });

export const paymentListQuerySchema = z.strictObject({
  status: z
    .enum([...paymentStatuses.values, 'all'], { error: ValidationMessage.invalidValue })
    .default('all'),
  /** Unmatched: office-recorded transfers with an unallocated amount. */
  matched: z.enum(['matched', 'unmatched', 'all'], { error: ValidationMessage.invalidValue }).default('all'),
  counterpartyId: idSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

/** Who the caller bills or is billed by: for filters and for recording a received transfer. */
export const counterpartySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['firm', 'organization', 'user']),
  /** An individual patent attorney's office: a collective payment can cross the withholding threshold. */
  individual: z.boolean(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

export const paymentResponseSchema = itemEnvelope(paymentSchema);
export const paymentListResponseSchema = itemsEnvelope(paymentSchema, { total: z.number().int() });
export const counterpartiesResponseSchema = itemsEnvelope(counterpartySchema);

export const paymentEndpoints = {
  recordPayment: endpoint({
    method: 'POST',
    path: '/payments',
    namespaces: ['user'],
    summary: 'Record one transfer paying one or more unpaid invoices of one office (一括支払い)',
    description:
      'Each allocation at most the invoice’s balance; a partial allocation leaves a balance. The office is mailed and confirms receipt.',
    body: recordPaymentBodySchema,
    response: paymentResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [
      'invoiceNotFound',
      'invoiceNotIssued',
      'invoiceAlreadyPaid',
      'paymentInvoicesOfOneOffice',
      'allocationExceedsBalance',
      'allocationsExceedAmount',
      'paidInFuture',
    ],
  }),
  recordReceivedPayment: endpoint({
    method: 'POST',
    path: '/payments/received',
    namespaces: ['patent'],
    summary: 'Record a transfer the office received, matched to invoices now or later',
    body: recordReceivedPaymentBodySchema,
    response: paymentResponseSchema,
    status: 201,
    idempotent: true,
    refusals: [
      'paidInFuture',
      'paymentClientNotFound',
      'invoiceNotFound',
      'invoiceNotIssued',
      'invoiceAlreadyPaid',
      'paymentInvoicesOfOneClient',
      'allocationExceedsBalance',
      'allocationsExceedAmount',
    ],
  }),
  matchPayment: endpoint({
    method: 'PUT',
    path: '/payments/:paymentId/allocations',
    namespaces: ['patent'],
    summary: 'Match an unconfirmed transfer to invoices (replaces its allocations)',
    params: paymentParamsSchema,
    body: matchPaymentBodySchema,
    response: paymentResponseSchema,
    refusals: [
      'paymentNotFound',
      'paymentAlreadyConfirmed',
      'invoiceNotFound',
      'invoiceNotIssued',
      'invoiceAlreadyPaid',
      'paymentInvoicesOfOneClient',
      'allocationExceedsBalance',
      'allocationsExceedAmount',
    ],
  }),
  confirmPayment: endpoint({
    method: 'POST',
    path: '/payments/:paymentId/confirmation',
    namespaces: ['patent'],
    summary: 'Confirm receipt: invoices whose confirmed payments cover their amount become paid',
    params: paymentParamsSchema,
    response: paymentResponseSchema,
    refusals: ['paymentNotFound', 'paymentAlreadyConfirmed', 'invoiceAlreadyPaid'],
  }),
  getPayment: endpoint({
    method: 'GET',
    path: '/payments/:paymentId',
    namespaces: ['user', 'patent'],
    summary: 'One transfer with its allocations',
    params: paymentParamsSchema,
    response: paymentResponseSchema,
    refusals: ['paymentNotFound'],
  }),
  listPayments: endpoint({
    method: 'GET',
    path: '/payments',
    namespaces: ['user', 'patent'],
    summary: 'Payment history: each transfer with its allocations, newest first',
    query: paymentListQuerySchema,
    response: paymentListResponseSchema,
    refusals: [],
  }),
  listCounterparties: endpoint({
    method: 'GET',
    path: '/billing/counterparties',
    namespaces: ['user', 'patent'],
    summary: 'The offices that bill the caller, or the clients the caller’s office bills',
    response: counterpartiesResponseSchema,
    refusals: [],
  }),
};
