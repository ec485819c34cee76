import { EmptyState } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { OfficeBilling } from '../billing-office';
import { DetailFrame } from './detail/detail-frame';

/**
 * /requests/{projectId}/{requestId}/estimate-bill: the office (PATENT users) drafts and sends
 * estimates and invoices (features/billing-office); the client's side is the client's view.
 */
export function RequestEstimateBillPage() {
  const { t } = useTranslation();
  return (
    <DetailFrame>
      {(context) =>
        context.userType === 'PATENT' ? (
          <OfficeBilling requestKey={context.requestKey} readOnly={context.readOnly} />
        ) : (
          <EmptyState
            headingLevel={2}
            title={t('requestDetail.estimateBill.title')}
            description={t('requestDetail.estimateBill.description')}
          />
        )
      }
    </DetailFrame>
  );
}
