import { z } from 'zod';
import { ValidationMessage } from '../../validation/messages.js';
import { optionalText } from '../../validation/primitives.js';
import { endpoint } from '../endpoint.js';
import { itemEnvelope } from '../envelope.js';

/*
 * What an office needs to issue qualified invoices, kept apart from the directory profile
 * (which every client reads): its registration number, whether it is an individual patent
 * attorney (the client withholds income tax) and the account clients transfer to.
 */

/** T and 13 digits; full-width digits and a lower-case t are accepted and normalized. */
export const qualifiedInvoiceNumberSchema = z
  .string()
  .trim()
  .transform((value) => value.normalize('NFKC').toUpperCase().replace(/[\s-]/g, ''))
  .refine((value) => value === '' || /^T\d{13}$/.test(value), {
    error: ValidationMessage.invalidQualifiedInvoiceNumber,
  })
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const billingProfileSchema = z.object({
  qualifiedInvoiceNumber: z.string().nullable(),
  individual: z.boolean(),
  /** As printed: bank, branch, account type and number, holder (in kana). */
  bankAccount: z.string().nullable(),
  /** Printed at the foot of every estimate and invoice (payment terms, remarks). */
  invoiceNotes: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const billingProfileBodySchema = z.strictObject({
  qualifiedInvoiceNumber: qualifiedInvoiceNumberSchema,
  individual: z.boolean({ error: ValidationMessage.invalidValue }),
  bankAccount: optionalText(500),
  invoiceNotes: optionalText(1000),
});
export type BillingProfileBody = z.input<typeof billingProfileBodySchema>;

export const billingProfileResponseSchema = itemEnvelope(billingProfileSchema);

export const billingProfileEndpoints = {
  getBillingProfile: endpoint({
    method: 'GET',
    path: '/firm/billing-profile',
    namespaces: ['patent'],
    summary:
      "The caller's office billing details: registration number, individual or corporation, bank account",
    response: billingProfileResponseSchema,
    refusals: ['noFirm'],
  }),
  updateBillingProfile: endpoint({
    method: 'PUT',
    path: '/firm/billing-profile',
    namespaces: ['patent'],
    summary: "Save the office's billing details (used by invoices issued from now on)",
    body: billingProfileBodySchema,
    response: billingProfileResponseSchema,
    refusals: ['noFirm'],
  }),
};
