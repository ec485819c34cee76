import type { Totals } from '@ipportal/domain';

export interface InvoicePdfParty {
  name: string;
  nameEn: string | null;
  postalCode: string | null;
  address: string | null;
  phoneNumber?: string | null;
  email?: string | null;
}

/** Everything printed on an invoice or credit note; the API fills it from the database. */
export interface InvoicePdfInput {
  kind: 'invoice' | 'creditNote';
  number: string;
  /** `YYYY-MM-DD`, as all dates here. Also the PDF's CreationDate, so rendering is repeatable. */
  issueDate: string;
  transactionDate: string;
  dueDate: string;
  issuer: InvoicePdfParty & {
    qualifiedInvoiceNumber: string | null;
    /** Printed as given, line breaks kept (bank, branch, type, number, holder). */
    bankAccount: string | null;
    individual: boolean;
  };
  recipient: InvoicePdfParty;
  subject: { refrenceCode: string; projectTitle: string; requestNumber: number; requestName: string } | null;
  /** From computeTotals: lines, per-class subtotals and tax, withholding, amountToTransfer. */
  totals: Totals;
  notes: string | null;
  /** A credit note or a replacement names the invoice it corrects. */
  correctsInvoiceNumber: string | null;
  /** A line is in a foreign currency: print that official fees and exchange rates may change. */
  fxNote: boolean;
}
