export type { InvoicePdfInput, InvoicePdfParty } from './invoice-pdf-input.js';
export { renderInvoicePdf } from './invoice-pdf.js';
export { pdfFonts } from './pdf-fonts.js';
