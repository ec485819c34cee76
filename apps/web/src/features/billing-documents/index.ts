// The printable estimate and invoice, shared by the client's pages and the office's editors.
export { EstimateDocument } from './estimate-document';
export { InvoiceDocument } from './invoice-document';
export { billingDocumentTexts } from './billing-document-texts';
export { billingFormatsFor, useBillingFormats } from './billing-format';
export type { BillingFormats } from './billing-format';
export { dealStatusTone, invoiceStatusTone } from './status-tone';
