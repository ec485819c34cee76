import { DeliverablesView } from './detail/deliverables-view';
import { DetailFrame } from './detail/detail-frame';

/** /requests/{projectId}/{requestId}/deliverables: the office's files, write-once, every version. */
export function RequestDeliverablesPage() {
  return <DetailFrame>{(context) => <DeliverablesView context={context} />}</DetailFrame>;
}
