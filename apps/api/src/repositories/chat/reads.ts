import { refuse, type ChatUnreadSummary, type Refused } from '@ipportal/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  chatMessages,
  chatReads,
  chatRooms,
  organizations,
  projects,
  requests,
} from '../../db/schema/index.js';
import type { Publisher } from '../../events/index.js';
import { requestScope } from '../request-access.js';
import { sideOf, type Side } from '../request-viewers.js';
import { findVisibleRoom } from './room-access.js';

/*
 * Read state (ADR 0031). Each user has a read pointer per room (chat_reads.last_read_seq), which
 * only moves forward. Unread for a user: messages of the OTHER side, not withdrawn, above their
 * pointer. "既読" for a message of side A: some member of side B has read through its seq; the
 * office always shares that, a client organization unless it turned
 * organizations.share_chat_read_receipts off (an individual client shares).
 */

/** Unread messages for `principal` (a condition on chat_messages; needs the left join below). */
function unreadCondition(principal: Principal): SQL {
  return sql`${chatMessages.senderSide} <> ${sideOf(principal)} and ${chatMessages.withdrawnAt} is null and ${chatMessages.seq} > coalesce(${chatReads.lastReadSeq}, 0)`;
}

const readOf = (principal: Principal) =>
  and(eq(chatReads.roomId, chatMessages.roomId), eq(chatReads.userId, principal.userId));

const mentionsMe = (principal: Principal) => sql`${principal.userId}::uuid = any(${chatMessages.mentions})`;

/** Unread and unread-mention counts of the given rooms for the caller (rooms with none are absent). */
export async function unreadByRoom(
  db: Executor,
  principal: Principal,
  roomIds: string[],
): Promise<Map<string, { unreadCount: number; unreadMentionCount: number }>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({
      roomId: chatMessages.roomId,
      unreadCount: sql<number>`count(*)::int`,
      unreadMentionCount: sql<number>`(count(*) filter (where ${mentionsMe(principal)}))::int`,
    })
    .from(chatMessages)
    .leftJoin(chatReads, readOf(principal))
    .where(and(inArray(chatMessages.roomId, roomIds), unreadCondition(principal)))
    .groupBy(chatMessages.roomId);
  return new Map(
    rows.map((r) => [
      r.roomId,
      { unreadCount: Number(r.unreadCount), unreadMentionCount: Number(r.unreadMentionCount) },
    ]),
  );
}

/** One reader's sidebar badge as a select, tagged with the reader (branches of one union). */
function summaryQuery(db: Executor, principal: Principal) {
  return db
    .select({
      userId: sql<string>`${principal.userId}::text`.as('user_id'),
      unreadMessageCount: sql<number>`count(*)::int`.as('unread_message_count'),
      roomsWithUnread: sql<number>`count(distinct ${chatMessages.roomId})::int`.as('rooms_with_unread'),
      unreadMentionCount: sql<number>`(count(*) filter (where ${mentionsMe(principal)}))::int`.as(
        'unread_mention_count',
      ),
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .innerJoin(requests, eq(requests.id, chatRooms.requestId))
    .leftJoin(chatReads, readOf(principal))
    .where(and(requestScope(principal, { coordinated: true }), unreadCondition(principal)));
}

/** The caller's unread chat messages over every room they are a member of (the sidebar badge). */
export async function chatUnreadSummary(db: Executor, principal: Principal): Promise<ChatUnreadSummary> {
  const summaries = await chatUnreadSummaries(db, [principal]);
  return summaries.get(principal.userId) ?? noUnread;
}

const noUnread: ChatUnreadSummary = { unreadMessageCount: 0, roomsWithUnread: 0, unreadMentionCount: 0 };

/**
 * The sidebar badge of each of `principals` (by user id) in one statement: each reader's own
 * scope and read pointers, as `chatUnreadSummary` counts them one at a time. The realtime
 * fan-out moves the badges of every reader a message concerns at once.
 */
export async function chatUnreadSummaries(
  db: Executor,
  principals: readonly Principal[],
): Promise<Map<string, ChatUnreadSummary>> {
  const [first, second, ...rest] = principals.map((principal) => summaryQuery(db, principal));
  if (!first) return new Map();
  const rows = second ? await unionAll(first, second, ...rest) : await first;
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        unreadMessageCount: Number(row.unreadMessageCount),
        roomsWithUnread: Number(row.roomsWithUnread),
        unreadMentionCount: Number(row.unreadMentionCount),
      },
    ]),
  );
}

/** One reader's unread and unread-mention counts in one room, tagged with the reader. */
function roomCountsQuery(db: Executor, principal: Principal, roomId: string) {
  return db
    .select({
      userId: sql<string>`${principal.userId}::text`.as('user_id'),
      unreadCount: sql<number>`count(*)::int`.as('unread_count'),
      unreadMentionCount: sql<number>`(count(*) filter (where ${mentionsMe(principal)}))::int`.as(
        'unread_mention_count',
      ),
    })
    .from(chatMessages)
    .leftJoin(chatReads, readOf(principal))
    .where(and(eq(chatMessages.roomId, roomId), unreadCondition(principal)));
}

/** `unreadByRoom` of one room for each of `principals` (by user id), in one statement. */
export async function unreadInRoomOf(
  db: Executor,
  roomId: string,
  principals: readonly Principal[],
): Promise<Map<string, { unreadCount: number; unreadMentionCount: number }>> {
  const [first, second, ...rest] = principals.map((principal) => roomCountsQuery(db, principal, roomId));
  if (!first) return new Map();
  const rows = second ? await unionAll(first, second, ...rest) : await first;
  return new Map(
    rows.map((row) => [
      row.userId,
      { unreadCount: Number(row.unreadCount), unreadMentionCount: Number(row.unreadMentionCount) },
    ]),
  );
}

/** The caller's read pointer in a room (0 before they first read it). */
export async function lastReadSeqOf(db: Executor, roomId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: chatReads.lastReadSeq })
    .from(chatReads)
    .where(and(eq(chatReads.roomId, roomId), eq(chatReads.userId, userId)))
    .limit(1);
  return row?.seq ?? 0;
}

/**
 * Moves the caller's read pointer to `throughSeq` (at most the room's last message); a lower value
 * changes nothing. When it moved, every process hears of it (the other side's 既読 marks and the
 * caller's unread counts).
 */
export async function markChatRead(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  throughSeq: number,
  bus: Publisher,
): Promise<{ lastReadSeq: number } | Refused> {
  const found = await findVisibleRoom(db, principal, projectId, requestId);
  if (!found) return refuse('requestNotFound');
  const room = found.room;
  if (!room) return { lastReadSeq: 0 };
  const target = Math.min(throughSeq, room.lastSeq);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .insert(chatReads)
      .values({ roomId: room.id, userId: principal.userId, lastReadSeq: target, readAt: new Date() })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.userId],
        set: { lastReadSeq: target, readAt: new Date() },
        setWhere: sql`${chatReads.lastReadSeq} < ${target}`,
      })
      .returning({ lastReadSeq: chatReads.lastReadSeq });
    if (moved && target > 0) {
      await bus.publish(tx, { topic: 'chat.read', id: `${room.id}:${principal.userId}` });
      return { lastReadSeq: moved.lastReadSeq };
    }
    return { lastReadSeq: await lastReadSeqOf(tx, room.id, principal.userId) };
  });
}

/** Whether the readers of `side` on a matter's requests share their read receipts with the other side. */
export async function sharesReadReceipts(db: Executor, side: Side, projectId: string): Promise<boolean> {
  if (side === 'office') return true;
  const [row] = await db
    .select({ shares: organizations.shareChatReadReceipts })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.shares ?? true;
}

/** The highest seq any of `readerIds` has read in a room, or null while none has. */
export async function highestReadSeq(
  db: Executor,
  roomId: string,
  readerIds: string[],
): Promise<number | null> {
  if (readerIds.length === 0) return null;
  const [row] = await db
    .select({ seq: sql<number | null>`max(${chatReads.lastReadSeq})` })
    .from(chatReads)
    .where(
      and(
        eq(chatReads.roomId, roomId),
        inArray(chatReads.userId, readerIds),
        sql`${chatReads.lastReadSeq} > 0`,
      ),
    );
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}
