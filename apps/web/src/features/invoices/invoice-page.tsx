import { useTranslation } from 'react-i18next';
import { pathTo } from '../../routes/paths';
import { DocumentPage } from '../../shared/document-page';
import { NotAvailable } from '../../shared/not-available';

/** Blank layout: the page names itself and leads back to the invoice lists; the feature's issue builds the document. */
export function InvoicePage() {
  const { t } = useTranslation();
  return (
    <DocumentPage
      title={t('route.invoice')}
      back={{ to: pathTo('invoiceManage'), label: t('page.backToInvoices') }}
    >
      <NotAvailable />
    </DocumentPage>
  );
}
