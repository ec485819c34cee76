import { EmptyState } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { DetailFrame } from './detail/detail-frame';

/**
 * /requests/{projectId}/{requestId}/estimate-bill: estimates and invoices belong to a later issue;
 * until then the page says so plainly (no placeholder figures).
 */
export function RequestEstimateBillPage() {
  const { t } = useTranslation();
  return (
    <DetailFrame>
      {() => (
        <EmptyState
          headingLevel={2}
          title={t('requestDetail.estimateBill.title')}
          description={t('requestDetail.estimateBill.description')}
        />
      )}
    </DetailFrame>
  );
}
