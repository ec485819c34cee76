import { webPathOf } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { projects } from '../db/schema/index.js';
import type { Publisher } from '../events/index.js';
import type { MailQueue } from '../mail/index.js';
import { officeRecipients, type PortalLink } from './billing/billing-notices.js';

/*
 * A request arriving at an office: sent to it by a client, or given to the concierge when the
 * client turns the concierge on. The office's users are mailed (each in their own language,
 * through the outbox) and its open request lists and sidebars hear of it on the realtime socket.
 * Only the office the request arrives at: never another one.
 */

/** What telling an office needs from the route: the outbox, the bus and links for the mails. */
export interface ArrivalNotice {
  queue: MailQueue;
  bus: Publisher;
  link: PortalLink;
}

/**
 * Inside the transaction that made the request reach `firmId` (recorded as history entry
 * `entryId`): one `requestReceived` mail per user of that office, and the `request.received`
 * signal, both only if the transaction commits.
 */
export async function announceArrival(
  tx: Executor,
  notice: ArrivalNotice,
  arrival: {
    firmId: string;
    entryId: number;
    request: { id: string; projectId: string; number: number; name: string };
  },
): Promise<void> {
  const { firmId, entryId, request } = arrival;
  const [project] = await tx
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, request.projectId))
    .limit(1);
  const url = notice.link(
    webPathOf('requestMails', { projectId: request.projectId, requestId: request.number }),
  );
  for (const recipient of await officeRecipients(tx, firmId)) {
    await notice.queue(tx, {
      to: recipient.email,
      locale: recipient.locale,
      template: 'requestReceived',
      params: { projectTitle: project?.title ?? '', requestName: request.name, url },
      dedupeKey: `requestReceived:${entryId}:${recipient.userId}`,
      reference: `requestReceived:${request.id}`,
    });
  }
  await notice.bus.publish(tx, { topic: 'request.received', id: String(entryId) });
}
