import { ClientBilling } from '../invoices';
import { DetailFrame } from './detail/detail-frame';

/**
 * /requests/{projectId}/{requestId}/estimate-bill: the client's view of the request's estimates,
 * invoices and concierge (features/invoices).
 */
export function RequestEstimateBillPage() {
  return (
    <DetailFrame>
      {(context) => (
        <ClientBilling
          requestKey={context.requestKey}
          request={context.request}
          readOnly={context.readOnly}
        />
      )}
    </DetailFrame>
  );
}
