import { DetailFrame } from './detail/detail-frame';
import { HistoryView } from './detail/history-view';

/** /requests/{projectId}/{requestId}/history: every event of the request, append-only. */
export function RequestHistoryPage() {
  return <DetailFrame>{(context) => <HistoryView context={context} />}</DetailFrame>;
}
