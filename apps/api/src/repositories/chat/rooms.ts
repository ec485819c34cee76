import {
  chatRoomPageSize,
  isRefused,
  refuse,
  type ChatRoom,
  type ChatRoomListQuery,
  type ChatRoomSummary,
  type Refused,
} from '@ipportal/domain';
import { and, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { chatRooms, firms, organizations, projects, requests, users } from '../../db/schema/index.js';
import { requestScope } from '../request-access.js';
import { sideOf, type Side } from '../request-viewers.js';
import { chatMembersOf } from './members.js';
import { lastMessagesOf } from './messages.js';
import { highestReadSeq, lastReadSeqOf, sharesReadReceipts, unreadByRoom } from './reads.js';
import { findVisibleRoom } from './room-access.js';

/*
 * Rooms as the caller sees them: the room page (members, read state, writable) for any request
 * they see, and the room list (rooms with messages, newest message first, searchable).
 */

/** The other side's name: the addressed office for a client; the client's organization or owner for an office. */
function counterpartName(side: Side): SQL<string> {
  return side === 'client'
    ? sql<string>`${firms.name}`
    : sql<string>`coalesce(${organizations.name}, nullif(${users.name}, ''), ${users.email})`;
}

/** The request, matter, office and client columns both the page and the list show. */
function headingQuery(db: Executor, side: Side) {
  return db
    .select({
      roomId: chatRooms.id,
      lastSeq: chatRooms.lastSeq,
      lastMessageAt: chatRooms.lastMessageAt,
      projectId: requests.projectId,
      requestId: requests.number,
      requestName: requests.name,
      projectTitle: projects.title,
      referenceCode: projects.refrenceCode,
      projectDeletedAt: projects.deletedAt,
      counterpartName: counterpartName(side),
    })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .innerJoin(firms, eq(firms.id, requests.firmId))
    .innerJoin(users, eq(users.id, projects.ownerUserId))
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(chatRooms, eq(chatRooms.requestId, requests.id));
}

/** A request's room for its page; answers for every request the caller sees, with or without messages. */
export async function getChatRoom(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<ChatRoom | Refused> {
  const found = await findVisibleRoom(db, principal, projectId, requestId);
  if (!found) return refuse('requestNotFound');
  const { request, side, room } = found;
  const [heading] = await headingQuery(db, side).where(eq(requests.id, request.id)).limit(1);
  if (!heading) return refuse('requestNotFound');
  const members = await chatMembersOf(db, request);
  const otherSide: Side = side === 'client' ? 'office' : 'client';
  const shares = await sharesReadReceipts(db, otherSide, request.projectId);
  const unread = room ? (await unreadByRoom(db, principal, [room.id])).get(room.id) : undefined;
  return {
    projectId: heading.projectId,
    requestId: heading.requestId,
    requestName: heading.requestName,
    projectTitle: heading.projectTitle,
    referenceCode: heading.referenceCode,
    counterpartName: heading.counterpartName,
    unreadCount: unread?.unreadCount ?? 0,
    unreadMentionCount: unread?.unreadMentionCount ?? 0,
    mySide: side,
    members,
    otherSideReadSeq:
      room && shares
        ? await highestReadSeq(
            db,
            room.id,
            members.filter((m) => m.side === otherSide).map((m) => m.userId),
          )
        : null,
    otherSideSharesReadReceipts: shares,
    myLastReadSeq: room ? await lastReadSeqOf(db, room.id, principal.userId) : 0,
    lastSeq: room?.lastSeq ?? 0,
    writable: heading.projectDeletedAt === null,
  };
}

type HeadingRow = Awaited<ReturnType<typeof headingQuery>>[number];
type LastMessage = Awaited<ReturnType<typeof lastMessagesOf>> extends Map<string, infer M> ? M : never;

/** One entry of the room list from its heading, the caller's counts in it and its last message. */
function toRoomSummary(
  row: HeadingRow,
  counts: { unreadCount: number; unreadMentionCount: number } | undefined,
  message: LastMessage | undefined,
): ChatRoomSummary {
  return {
    projectId: row.projectId,
    requestId: row.requestId,
    requestName: row.requestName,
    projectTitle: row.projectTitle,
    referenceCode: row.referenceCode,
    counterpartName: row.counterpartName,
    unreadCount: counts?.unreadCount ?? 0,
    unreadMentionCount: counts?.unreadMentionCount ?? 0,
    lastMessage: message
      ? {
          senderName: message.senderName,
          excerpt: Array.from(message.body).slice(0, 100).join(''),
          withdrawn: message.withdrawn,
          attachmentCount: message.attachmentCount,
          sentAt: message.sentAt.toISOString(),
        }
      : null,
  };
}

/**
 * A room as one side's room list shows it, without anyone's counts (they are each reader's own:
 * `unreadInRoomOf`). For the realtime frames: built once per side for each change of the room.
 */
export async function roomEntryForSide(
  db: Executor,
  requestRowId: string,
  side: Side,
): Promise<ChatRoomSummary | undefined> {
  const [row] = await headingQuery(db, side).where(eq(requests.id, requestRowId)).limit(1);
  if (!row) return undefined;
  const last = row.roomId ? (await lastMessagesOf(db, [row.roomId])).get(row.roomId) : undefined;
  return toRoomSummary(row, undefined, last);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is the last room's (last message time, room id) as base64url JSON. */
function encodeCursor(at: Date, roomId: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), roomId])).toString('base64url');
}

function decodeCursor(raw: string): [Date, string] | Refused<'invalidCursor'> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string') {
      const at = new Date(parsed[0]);
      if (!Number.isNaN(at.getTime()) && typeof parsed[1] === 'string' && uuidPattern.test(parsed[1]))
        return [at, parsed[1]];
    }
  } catch {
    // falls through to the refusal
  }
  return refuse('invalidCursor');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The caller's rooms with messages, newest message first, `chatRoomPageSize` a page: rooms of
 * the requests they see, optionally matching `q` in the request name, matter title or reference
 * code, or the other side's name.
 */
export async function listChatRooms(
  db: Executor,
  principal: Principal,
  query: ChatRoomListQuery,
): Promise<{ items: ChatRoomSummary[]; nextCursor: string | null } | Refused<'invalidCursor'>> {
  const side = sideOf(principal);
  const where: (SQL | undefined)[] = [
    requestScope(principal, { coordinated: true }),
    gt(chatRooms.lastSeq, 0),
  ];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.push(
      or(
        ilike(requests.name, pattern),
        ilike(projects.title, pattern),
        ilike(projects.refrenceCode, pattern),
        sql`${counterpartName(side)} ilike ${pattern}`,
      ),
    );
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (isRefused(cursor)) return cursor;
    where.push(
      sql`(${chatRooms.lastMessageAt}, ${chatRooms.id}) < (${cursor[0].toISOString()}::timestamptz, ${cursor[1]}::uuid)`,
    );
  }
  const rows = await headingQuery(db, side)
    .where(and(...where))
    .orderBy(desc(chatRooms.lastMessageAt), desc(chatRooms.id))
    .limit(chatRoomPageSize + 1);
  const page = rows.slice(0, chatRoomPageSize);
  const roomIds = page.flatMap((row) => (row.roomId ? [row.roomId] : []));
  const [unread, last] = await Promise.all([
    unreadByRoom(db, principal, roomIds),
    lastMessagesOf(db, roomIds),
  ]);
  const items = page.map((row) =>
    toRoomSummary(
      row,
      row.roomId ? unread.get(row.roomId) : undefined,
      row.roomId ? last.get(row.roomId) : undefined,
    ),
  );
  const lastRow = page.at(-1);
  return {
    items,
    nextCursor:
      rows.length > page.length && lastRow?.roomId && lastRow.lastMessageAt
        ? encodeCursor(lastRow.lastMessageAt, lastRow.roomId)
        : null,
  };
}
