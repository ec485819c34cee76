// The client's estimate and invoice pages as one lazy chunk: they share nearly all their code
// (the printable documents, the payment dialog), and one chunk keeps the start-up bundle's list
// of files to preload (one hashed name per chunk) short enough for the /login budget.
export { EstimatePage } from '../features/estimates/estimate-page';
export { CollectivePaymentsPage } from '../features/invoices/collective-payments-page';
export { InvoicePage } from '../features/invoices/invoice-page';
export { IssueHistoryPage } from '../features/invoices/issue-history-page';
export { PaidInvoicesPage } from '../features/invoices/paid-invoices-page';
export { PaymentHistoryPage } from '../features/invoices/payment-history-page';
export { UnpaidInvoicesPage } from '../features/invoices/unpaid-invoices-page';
