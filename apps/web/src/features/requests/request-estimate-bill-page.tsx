import { OfficeBilling } from '../billing-office';
import { ClientBilling } from '../invoices';
import { DetailFrame } from './detail/detail-frame';

/**
 * /requests/{projectId}/{requestId}/estimate-bill: the office (PATENT users) drafts and sends
 * estimates and invoices (features/billing-office); the client sees the request's estimates,
 * invoices and concierge (features/invoices).
 */
export function RequestEstimateBillPage() {
  return (
    <DetailFrame>
      {(context) =>
        context.userType === 'PATENT' ? (
          <OfficeBilling requestKey={context.requestKey} readOnly={context.readOnly} />
        ) : (
          <ClientBilling
            requestKey={context.requestKey}
            request={context.request}
            readOnly={context.readOnly}
          />
        )
      }
    </DetailFrame>
  );
}
