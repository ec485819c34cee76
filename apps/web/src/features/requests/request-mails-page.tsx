import { DetailFrame } from './detail/detail-frame';
import { MailThread } from './detail/mail-thread';

/** /requests/{projectId}/{requestId}/mails: the thread between the client and the office. */
export function RequestMailsPage() {
  return <DetailFrame>{(context) => <MailThread context={context} />}</DetailFrame>;
}
