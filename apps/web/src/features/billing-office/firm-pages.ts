// The office's firm-invoice pages as one lazy chunk: they share most of their code (lists,
// filters, formats), and one chunk keeps the start-up bundle's preload list (one hashed name per
// chunk) short enough for the /login budget.
export { BillingProfilePage } from './billing-profile-page';
export { FirmEstimatesPage } from './firm-estimates-page';
export { FirmInvoiceDraftsPage, FirmIssuedInvoicesPage, FirmOverdueInvoicesPage } from './firm-invoices-page';
export { FirmPaymentsPage } from './firm-payments-page';
