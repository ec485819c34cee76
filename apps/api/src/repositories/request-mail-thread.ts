import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { requestMails } from '../db/schema/index.js';
import { receivedBy } from './request-mails.js';
import type { Side } from './request-viewers.js';

/*
 * A request's mail thread as a whole, for the realtime frames that carry a change (ADR 0055): its
 * size, each side's unread count and the mails the latest read marked. The counts are the ones
 * GET .../mails (`unreadCount`) and the request list's row (`unreadMailCount`) give that side.
 */

/** How many mails the thread holds (mails are never removed: a cache holding fewer missed one). */
export async function threadMailCount(db: Executor, requestRowId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestMails)
    .where(eq(requestMails.requestId, requestRowId));
  return Number(row?.n ?? 0);
}

/** The thread's mails that wait unread on `side`: sent by the other side, not opened yet. */
export async function threadUnreadCount(db: Executor, requestRowId: string, side: Side): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestMails)
    .where(
      and(
        eq(requestMails.requestId, requestRowId),
        eq(requestMails.direction, receivedBy[side]),
        isNull(requestMails.readAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The mails the latest read of each direction marked: a read marks every unread mail of its
 * direction with one instant (`markMailsRead`), so they are the mails whose `readAt` is the
 * newest of their direction.
 */
export async function latestReads(
  db: Executor,
  requestRowId: string,
): Promise<{ id: string; readAt: string }[]> {
  const newest = db
    .select({ direction: requestMails.direction, readAt: sql`max(${requestMails.readAt})`.as('newest') })
    .from(requestMails)
    .where(eq(requestMails.requestId, requestRowId))
    .groupBy(requestMails.direction)
    .as('newest');
  const rows = await db
    .select({ id: requestMails.id, readAt: requestMails.readAt })
    .from(requestMails)
    .innerJoin(
      newest,
      and(eq(newest.direction, requestMails.direction), eq(newest.readAt, requestMails.readAt)),
    )
    .where(eq(requestMails.requestId, requestRowId))
    .orderBy(requestMails.sentAt, requestMails.id);
  return rows.flatMap((row) => (row.readAt ? [{ id: row.id, readAt: row.readAt.toISOString() }] : []));
}
