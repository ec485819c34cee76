import type { RequestMail, RequestMailEvent } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { requestMails, requests } from '../db/schema/index.js';
import type { VisibleRequest } from '../repositories/request-access.js';
import { latestReads, threadMailCount, threadUnreadCount } from '../repositories/request-mail-thread.js';
import { loadRequestMail } from '../repositories/request-mails.js';
import type { Side } from '../repositories/request-viewers.js';

/*
 * What a request mail signal sends (ADR 0055). Every plain subscription gets the ids of a new
 * mail, as the topic's own document always did (and nothing of a read); one whose document
 * selects the change fields gets the change itself: the new mail as GET .../mails lists it (a mail
 * reads the same to every viewer of the request), or the mails a read marked, with the thread's
 * size and its unread count on the receiver's side. The counts are built once per side (the
 * client side; the office side, which is what the addressed office and a coordinating concierge
 * both read), never per reader, and only for readers of the request.
 */

/** A new mail or a read, and the forms the thread's subscribers get (without the side's count). */
export interface MailChange {
  request: VisibleRequest;
  /** The ids of a new mail; null for a read (plain documents never heard of reads). */
  plain: RequestMailEvent | null;
  change: Omit<RequestMailEvent, 'unreadCount'>;
}

const requestOfMail = async (db: Executor, mailId: string) => {
  const [row] = await db
    .select({ request: requests })
    .from(requestMails)
    .innerJoin(requests, eq(requests.id, requestMails.requestId))
    .where(eq(requestMails.id, mailId))
    .limit(1);
  return row?.request;
};

/** A new mail (signal `request.mailSent`, the mail's id) as its thread's subscribers hear of it. */
export async function loadMailSent(db: Executor, mailId: string): Promise<MailChange | undefined> {
  const request = await requestOfMail(db, mailId);
  const mail: RequestMail | undefined = request && (await loadRequestMail(db, mailId));
  if (!request || !mail) return undefined;
  const plain: RequestMailEvent = { mailId, projectId: request.projectId, requestId: request.number };
  return {
    request,
    plain,
    change: { ...plain, kind: 'sent', mail, reads: [], mailCount: await threadMailCount(db, request.id) },
  };
}

/**
 * A read (signal `request.mailsRead`, the request's row id): the mails the latest read of each
 * direction marked, and when; `mailId` names the newest of them (the read just made).
 */
export async function loadMailsRead(db: Executor, request: VisibleRequest): Promise<MailChange | undefined> {
  const reads = await latestReads(db, request.id);
  const newest = reads.reduce<(typeof reads)[number] | undefined>(
    (found, read) => (found && found.readAt > read.readAt ? found : read),
    undefined,
  );
  if (!newest) return undefined;
  return {
    request,
    plain: null,
    change: {
      mailId: newest.id,
      projectId: request.projectId,
      requestId: request.number,
      kind: 'read',
      mail: null,
      reads,
      mailCount: await threadMailCount(db, request.id),
    },
  };
}

/** The thread's unread count on each side for one change, each loaded once when first asked for. */
export class ThreadUnreadCounts {
  private readonly bySide = new Map<Side, Promise<number>>();

  constructor(
    private readonly db: Executor,
    private readonly requestRowId: string,
  ) {}

  of(side: Side): Promise<number> {
    let count = this.bySide.get(side);
    if (!count) {
      count = threadUnreadCount(this.db, this.requestRowId, side);
      this.bySide.set(side, count);
    }
    return count;
  }
}
