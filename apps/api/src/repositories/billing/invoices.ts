/*
 * Invoices and credit notes: one module per concern in invoices/ (reads, access, line sources,
 * what an issued invoice prints, writes), around the documents' shared core (document-core/).
 * The sequences (draft, issue, void; a credit note is a draft that corrects an issued invoice,
 * then issued) are use cases: use-cases/draft-invoice.ts, issue-invoice.ts, void-invoice.ts.
 */
export { checkIssuable, lockOwnInvoice } from './invoices/access.js';
export { findInvoicePdf, getInvoice, listRequestInvoices, readInvoice } from './invoices/read.js';
export type { InvoiceCreate, InvoiceDraft } from './invoices/writes.js';
