import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from '../billing-documents';
import { InvoiceList } from './invoice-list';
import { invoiceTexts } from './invoice-texts';

/** /invoice/paid-invoice-list: invoices whose confirmed payments cover them. */
export function PaidInvoicesPage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  return (
    <InvoiceList view="paid" dateFilter="issued" defaultSort={{ key: 'issueDate', direction: 'desc' }} />
  );
}
