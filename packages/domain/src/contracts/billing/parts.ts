import { z } from 'zod';
import { taxClasses } from '../../codes/codes.js';
import { lineInputSchema, maxLines } from '../../money/line-schema.js';
import { ValidationMessage } from '../../validation/messages.js';
import { requestParamsSchema } from '../request.js';
import { idSchema, isoDateSchema, optionalText, requiredText } from '../../validation/primitives.js';

/*
 * What estimates and invoices share: their lines as a client sends them, the lines and totals the
 * server computes (money is integer yen; totals a client sends are never read), and the parties.
 */

/**
 * One line as the office enters it (the money module's schema: decimals as text, the currency's
 * places, an exchange rate exactly for foreign currencies). The yen amount is computed on the
 * server. A draft may have no lines yet; sending or issuing refuses an empty one.
 */
export const billingLineInputSchema = lineInputSchema;
export type BillingLineInput = z.input<typeof billingLineInputSchema>;

export const billingLinesSchema = z
  .array(billingLineInputSchema)
  .max(maxLines, { error: ValidationMessage.tooLong });

/** A line as stored and shown: the input plus what the server computed. */
export const billingLineSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  taxClass: z.enum(taxClasses.values),
  currency: z.string(),
  exchangeRate: z.string().nullable(),
  /** quantity × unitPrice in the foreign currency (2 places); null for JPY. */
  foreignAmount: z.string().nullable(),
  amountYen: z.number().int(),
});
export type BillingLine = z.infer<typeof billingLineSchema>;

/** Per tax class: the subtotal and its consumption tax, rounded once per class and document. */
export const taxClassTotalSchema = z.object({
  taxClass: z.enum(taxClasses.values),
  rate: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
});

export const billingTotalsSchema = z.object({
  byTaxClass: z.array(taxClassTotalSchema),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Fees without consumption tax subject to withholding (源泉徴収); 0 when the issuer is a corporation. */
  withholdingBase: z.number().int(),
  withholding: z.number().int(),
  /** total − withholding: what the client transfers (差引請求額). */
  amountToTransfer: z.number().int(),
});
export type BillingTotals = z.infer<typeof billingTotalsSchema>;

/** A party as printed: the issuing office or the billed client (an organization or a user). */
export const billingPartySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameEn: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
});
export type BillingParty = z.infer<typeof billingPartySchema>;

export const billingIssuerSchema = billingPartySchema.extend({
  /** 適格請求書発行事業者の登録番号: T and 13 digits; null when the office has not registered one. */
  qualifiedInvoiceNumber: z.string().nullable(),
  /** An individual patent attorney (withholding applies) rather than a corporation. */
  individual: z.boolean(),
  bankAccount: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type BillingIssuer = z.infer<typeof billingIssuerSchema>;

/** The matter and request a document belongs to. */
export const billingSubjectSchema = z.object({
  projectId: z.uuid(),
  refrenceCode: z.string(),
  projectTitle: z.string(),
  /** The request's No. within the matter (what every request path calls `requestId`). */
  requestId: z.number().int(),
  requestName: z.string(),
});
export type BillingSubject = z.infer<typeof billingSubjectSchema>;

export const namedSchema = z.object({ id: z.uuid(), name: z.string() });

/** Path of a document inside a request: the request's own params. */
export const requestBillingParamsSchema = requestParamsSchema;

/** Search over estimates or invoices (電子帳簿保存法: by date, amount and counterparty). */
export const billingSearchFields = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  minAmount: z.coerce.number({ error: ValidationMessage.invalidNumber }).int().optional(),
  maxAmount: z.coerce.number({ error: ValidationMessage.invalidNumber }).int().optional(),
  /** The counterparty's id: an office for clients, a client organization or user for offices. */
  counterpartyId: idSchema.optional(),
  /** Free text over number, title, counterparty name, matter reference and request name. */
  q: z.string().trim().max(200, { error: ValidationMessage.tooLong }).optional(),
  order: z.enum(['asc', 'desc'], { error: ValidationMessage.invalidValue }).default('desc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
};

export const optionalNotes = optionalText(2000).optional();
export const reasonSchema = requiredText(1000);
