import {
  isRefused,
  refuse,
  type Refused,
  type RequestMail,
  type RequestMailDirection,
} from '@ipportal/domain';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import type { MailQueue } from '../mail/index.js';
import { files, requestMailAttachments, requestMails, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import type { StoredFile } from '../storage/types.js';
import { findVisibleRequest, relockWritableRequest, type RequestContext } from './request-access.js';
import type { ActorContext } from './users.js';
import { recipientsOf, sideOf, type Side } from './request-viewers.js';

/** Kept here too: the mail thread is where sides started. */
export { sideOf } from './request-viewers.js';
import type { Publisher } from '../events/index.js';

/*
 * The mail thread of a request. Who may see a request is `findVisibleRequest`'s decision (and
 * whether it takes writes `writableRequest`'s); this module adds what the thread needs: the
 * caller's side, the mails, their read state, and who on the other side is told about a new mail.
 */

/** The direction of mails a side sends, and of the mails it receives. */
const sentBy: Record<Side, RequestMailDirection> = { client: 'toOffice', office: 'toClient' };
export const receivedBy: Record<Side, RequestMailDirection> = { client: 'toClient', office: 'toOffice' };

const mailColumns = {
  id: requestMails.id,
  direction: requestMails.direction,
  subject: requestMails.subject,
  body: requestMails.body,
  senderUserId: requestMails.senderUserId,
  senderName: users.name,
  sentAt: requestMails.sentAt,
  readAt: requestMails.readAt,
};

type MailRow = {
  id: string;
  direction: RequestMailDirection;
  subject: string;
  body: string;
  senderUserId: string | null;
  senderName: string | null;
  sentAt: Date;
  readAt: Date | null;
};

async function mailsWithAttachments(db: Executor, rows: MailRow[]): Promise<RequestMail[]> {
  const ids = rows.map((row) => row.id);
  const attachments =
    ids.length === 0
      ? []
      : await db
          .select({
            mailId: requestMailAttachments.mailId,
            id: files.id,
            name: files.originalName,
            contentType: files.contentType,
            sizeBytes: files.sizeBytes,
          })
          .from(requestMailAttachments)
          .innerJoin(files, eq(files.id, requestMailAttachments.fileId))
          .where(inArray(requestMailAttachments.mailId, ids))
          .orderBy(asc(requestMailAttachments.position));
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    subject: row.subject,
    body: row.body,
    senderUserId: row.senderUserId,
    senderName: row.senderName ?? '',
    sentAt: row.sentAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    attachments: attachments
      .filter((a) => a.mailId === row.id)
      .map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes })),
  }));
}

/** The thread, oldest first, and how many mails to the caller's side are unread. */
export async function listMails(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<{ items: RequestMail[]; unreadCount: number } | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  const rows = await db
    .select(mailColumns)
    .from(requestMails)
    .leftJoin(users, eq(users.id, requestMails.senderUserId))
    .where(eq(requestMails.requestId, request.id))
    .orderBy(asc(requestMails.sentAt), asc(requestMails.id));
  const items = await mailsWithAttachments(db, rows);
  const inbound = receivedBy[sideOf(principal)];
  const unreadCount = items.filter((m) => m.direction === inbound && m.readAt === null).length;
  return { items, unreadCount };
}

/**
 * One mail exactly as the thread lists it (GET .../mails): what the sender's POST answers and
 * what the realtime frame of a new mail carries (ADR 0055), built by the same code.
 */
export async function loadRequestMail(db: Executor, mailId: string): Promise<RequestMail | undefined> {
  const rows = await db
    .select(mailColumns)
    .from(requestMails)
    .leftJoin(users, eq(users.id, requestMails.senderUserId))
    .where(eq(requestMails.id, mailId));
  const [mail] = await mailsWithAttachments(db, rows);
  return mail;
}

/** The mails that wait unread on the caller's side: sent by the other side, not read yet. */
export function unreadFor(principal: Pick<Principal, 'userType'>): SQL | undefined {
  return and(eq(requestMails.direction, receivedBy[sideOf(principal)]), isNull(requestMails.readAt));
}

/**
 * Marks the mails sent to the caller's side as read (opening the thread does it); when any were
 * unread, every process recomputes the unread counts of the request's viewers it serves.
 */
export async function markMailsRead(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  bus: Publisher,
): Promise<{ marked: number } | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  // The concierge reads the thread without taking the addressed office's unread marks away.
  if (principal.userType === 'PATENT' && request.firmId !== principal.firmId) return { marked: 0 };
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(requestMails)
      .set({ readAt: new Date() })
      .where(and(eq(requestMails.requestId, request.id), unreadFor(principal)))
      .returning({ id: requestMails.id });
    if (marked.length > 0) await bus.publish(tx, { topic: 'request.mailsRead', id: request.id });
    return { marked: marked.length };
  });
}

/**
 * Adds a mail (with already stored attachments) to the thread of a request found writable before
 * its attachments arrived, in one transaction with its history and the e-mails that tell every
 * user of the other side (in that user's language, with `link` to the thread): the notices are
 * queued in the outbox only if the mail is in the thread.
 */
export async function sendMail(
  db: Executor,
  found: RequestContext,
  principal: Principal,
  message: { subject: string; body: string; attachments: StoredFile[] },
  actor: ActorContext,
  notice: { link: string; queue: MailQueue; bus: Publisher },
): Promise<RequestMail | Refused> {
  return db.transaction(async (tx): Promise<RequestMail | Refused> => {
    const context = await relockWritableRequest(tx, found);
    if (isRefused(context)) return context;
    const direction = sentBy[sideOf(principal)];
    const [mail] = await tx
      .insert(requestMails)
      .values({
        requestId: context.request.id,
        senderUserId: principal.userId,
        direction,
        subject: message.subject,
        body: message.body,
        createdBy: actor.userId,
      })
      .returning({ id: requestMails.id });
    if (!mail) throw new Error('insert returned no row');
    for (const [position, stored] of message.attachments.entries()) {
      const [file] = await tx
        .insert(files)
        .values({ ...stored, purpose: 'mailAttachment', createdBy: actor.userId })
        .returning({ id: files.id });
      if (!file) throw new Error('insert returned no row');
      await tx
        .insert(requestMailAttachments)
        .values({ mailId: mail.id, fileId: file.id, position, createdBy: actor.userId });
    }
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.mail.send',
      entityType: 'requestMail',
      entityId: mail.id,
      projectId: context.request.projectId,
      requestId: context.request.id,
      changes: {
        direction,
        subject: message.subject,
        attachments: message.attachments.map((a) => a.originalName),
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const created = await loadRequestMail(tx, mail.id);
    if (!created) throw new Error('created mail not readable');
    // The thread's subscribers and the unread counts hear of it on every process at commit.
    await notice.bus.publish(tx, { topic: 'request.mailSent', id: mail.id });
    const receiving: Side = sideOf(principal) === 'client' ? 'office' : 'client';
    for (const recipient of await recipientsOf(tx, context.request, receiving, principal.userId)) {
      await notice.queue(tx, {
        to: recipient.email,
        locale: recipient.locale,
        template: 'requestMail',
        params: {
          projectTitle: context.projectTitle,
          requestName: context.request.name,
          senderName: created.senderName,
          subject: created.subject,
          url: notice.link,
        },
        dedupeKey: `requestMail:${mail.id}:${recipient.userId}`,
        reference: `requestMail:${mail.id}`,
      });
    }
    return created;
  });
}

/** One attachment of a mail of a request the caller may see. */
export async function findAttachment(
  db: Executor,
  principal: Principal,
  params: { projectId: string; requestId: number; mailId: string; fileId: string },
): Promise<{ name: string; storageKey: string } | Refused> {
  const request = await findVisibleRequest(db, principal, params.projectId, params.requestId, {
    coordinated: true,
  });
  if (!request) return refuse('requestNotFound');
  const [row] = await db
    .select({ name: files.originalName, storageKey: files.storageKey })
    .from(requestMailAttachments)
    .innerJoin(requestMails, eq(requestMails.id, requestMailAttachments.mailId))
    .innerJoin(files, eq(files.id, requestMailAttachments.fileId))
    .where(
      and(
        eq(requestMails.requestId, request.id),
        eq(requestMailAttachments.mailId, params.mailId),
        eq(requestMailAttachments.fileId, params.fileId),
      ),
    )
    .limit(1);
  return row ?? refuse('fileNotFound');
}
