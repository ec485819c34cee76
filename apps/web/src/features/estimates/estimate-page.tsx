import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../routes/paths';
import { DocumentPage } from '../../shared/document-page';
import { NotAvailable } from '../../shared/not-available';

/** Blank layout: the page names itself and leads back to its request; the feature's issue builds the document. */
export function EstimatePage() {
  const { t } = useTranslation();
  const { projectId = '', requestId = '' } = useParams();
  return (
    <DocumentPage
      title={t('route.estimate')}
      back={{
        to: pathTo('requestEstimateBill', { projectId, requestId }),
        label: t('page.backToEstimateBill'),
      }}
    >
      <NotAvailable />
    </DocumentPage>
  );
}
