import { DetailFrame } from './detail/detail-frame';
import { TermsView } from './detail/terms-view';

/** /requests/{projectId}/{requestId}/terms: the request's deadlines. */
export function RequestTermsPage() {
  return <DetailFrame>{(context) => <TermsView context={context} />}</DetailFrame>;
}
