import type { TaxClass } from '../../codes/codes.js';

/** A party as printed (the API's snapshot and the web's contract both fit). */
export interface DocumentPartyInput {
  name: string;
  nameEn: string | null;
  postalCode: string | null;
  address: string | null;
}

export interface DocumentIssuerInput extends DocumentPartyInput {
  phoneNumber?: string | null;
  email?: string | null;
  qualifiedInvoiceNumber: string | null;
  /** Printed as given, line breaks kept (bank, branch, type, number, holder). */
  bankAccount: string | null;
}

export interface DocumentLineInput {
  description: string;
  quantity: string;
  unitPrice: string;
  taxClass: TaxClass;
  currency: string;
  exchangeRate: string | null;
  foreignAmount: string | null;
  amountYen: number;
}

export interface DocumentTotalsInput {
  byTaxClass: readonly { taxClass: TaxClass; rate: number; subtotal: number; tax: number }[];
  subtotal: number;
  tax: number;
  total: number;
  withholdingBase: number;
  withholding: number;
  amountToTransfer: number;
}

export interface DocumentSubjectInput {
  refrenceCode: string;
  projectTitle: string;
  /** The request's No. within the matter. */
  requestNumber: number;
  requestName: string;
}

interface CommonInput {
  number: string | null;
  issuer: DocumentIssuerInput;
  recipient: DocumentPartyInput;
  /** Null for a document outside any matter (the concierge's fee invoice). */
  subject: DocumentSubjectInput | null;
  lines: readonly DocumentLineInput[];
  totals: DocumentTotalsInput;
  notes: string | null;
  /** A line is in a foreign currency: say that official fees and exchange rates may change. */
  fxNote: boolean;
}

/** An invoice or credit note; every date is `YYYY-MM-DD`. A draft has no number or issue date yet. */
export interface InvoiceDocumentInput extends CommonInput {
  kind: 'invoice' | 'creditNote';
  issueDate: string | null;
  transactionDate: string;
  dueDate: string;
  /** A credit note or a replacement names the invoice it corrects. */
  correctsInvoiceNumber: string | null;
}

export interface EstimateDocumentInput extends CommonInput {
  kind: 'estimate';
  version: number;
  /** The estimate's own title, first line of the subject. */
  title: string;
  /** The day it was sent (or created, for a draft), `YYYY-MM-DD`. */
  date: string;
  validUntil: string | null;
}

export type BillingDocumentInput = InvoiceDocumentInput | EstimateDocumentInput;
