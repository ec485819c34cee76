import { useTranslation } from 'react-i18next';
import { DocumentPage } from '../../shared/document-page';
import { NotAvailable } from '../../shared/not-available';

/** Blank layout: the page names itself; the feature's issue builds the document. */
export function InvoicePage() {
  const { t } = useTranslation();
  return (
    <DocumentPage title={t('route.invoice')}>
      <NotAvailable />
    </DocumentPage>
  );
}
