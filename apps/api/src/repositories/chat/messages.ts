import {
  chatMessagePageSize,
  refuse,
  type ChatMessage,
  type ChatMessageListResponse,
  type ChatMessagesQuery,
  type ChatSide,
  type Refused,
} from '@ipportal/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  chatMessageAttachments,
  chatMessageRevisions,
  chatMessages,
  chatRooms,
  files,
  users,
} from '../../db/schema/index.js';
import { displayName, findVisibleRoom } from './room-access.js';

/*
 * Reading messages: a page before or after a seq, each with its earlier texts, the names of the
 * members it mentions and its attachments. A withdrawn message keeps its row and its text in the
 * database (audit), but is sent without text, revisions, mentions or files.
 */

/** The columns of a message row as `toChatMessages` takes it (with a left join of the sender). */
export const chatMessageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  seq: chatMessages.seq,
  side: chatMessages.senderSide,
  senderUserId: chatMessages.senderUserId,
  senderName: displayName,
  body: chatMessages.body,
  mentions: chatMessages.mentions,
  sentAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  withdrawnAt: chatMessages.withdrawnAt,
};

export type ChatMessageRow = {
  id: string;
  roomId: string;
  seq: number;
  side: string;
  senderUserId: string | null;
  senderName: string | null;
  body: string;
  mentions: string[];
  sentAt: Date;
  editedAt: Date | null;
  withdrawnAt: Date | null;
};

/** Messages of a room matching `where`, with their sender's name (a left join: accounts may go). */
export function selectMessages(db: Executor, where: SQL | undefined) {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .where(where);
}

/** The rows as the API sends them: revisions, mention names and attachments loaded in three queries. */
export async function toChatMessages(db: Executor, rows: ChatMessageRow[]): Promise<ChatMessage[]> {
  const live = rows.filter((row) => row.withdrawnAt === null);
  const ids = live.map((row) => row.id);
  const mentioned = [...new Set(live.flatMap((row) => row.mentions))];
  const [revisions, attachments, names] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            messageId: chatMessageRevisions.messageId,
            body: chatMessageRevisions.body,
            replacedAt: chatMessageRevisions.replacedAt,
          })
          .from(chatMessageRevisions)
          .where(inArray(chatMessageRevisions.messageId, ids))
          .orderBy(asc(chatMessageRevisions.revision)),
    ids.length === 0
      ? []
      : db
          .select({
            messageId: chatMessageAttachments.messageId,
            id: files.id,
            name: files.originalName,
            contentType: files.contentType,
            sizeBytes: files.sizeBytes,
          })
          .from(chatMessageAttachments)
          .innerJoin(files, eq(files.id, chatMessageAttachments.fileId))
          .where(inArray(chatMessageAttachments.messageId, ids))
          .orderBy(asc(chatMessageAttachments.position)),
    mentioned.length === 0
      ? []
      : db.select({ id: users.id, name: displayName }).from(users).where(inArray(users.id, mentioned)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((row) =>
    toChatMessage(
      row,
      revisions
        .filter((r) => r.messageId === row.id)
        .map((r) => ({ body: r.body, replacedAt: r.replacedAt.toISOString() })),
      nameOf,
      attachments
        .filter((a) => a.messageId === row.id)
        .map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes })),
    ),
  );
}

/**
 * One row as the API sends it, given its earlier texts, the names of the users it mentions and
 * its attachments (in order); a withdrawn message goes without them.
 */
export function toChatMessage(
  row: ChatMessageRow,
  revisions: ChatMessage['revisions'],
  nameOf: ReadonlyMap<string, string>,
  attachments: ChatMessage['attachments'],
): ChatMessage {
  const withdrawn = row.withdrawnAt !== null;
  return {
    id: row.id,
    seq: row.seq,
    side: row.side as ChatSide,
    senderUserId: row.senderUserId,
    senderName: row.senderName ?? '',
    body: withdrawn ? '' : row.body,
    sentAt: row.sentAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    revisions: withdrawn ? [] : revisions,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    mentions: withdrawn ? [] : row.mentions.map((userId) => ({ userId, name: nameOf.get(userId) ?? '' })),
    attachments: withdrawn ? [] : attachments,
  };
}

/** One message of a room as the API sends it. */
export async function loadChatMessage(db: Executor, messageId: string): Promise<ChatMessage> {
  const rows = await selectMessages(db, eq(chatMessages.id, messageId));
  const [message] = await toChatMessages(db, rows);
  if (!message) throw new Error(`chat message ${messageId} not readable`);
  return message;
}

/**
 * A page of a room's messages, oldest first: the newest page, the page before `before`, or (after
 * a reconnect) the messages after `after`.
 */
export async function listChatMessages(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  query: ChatMessagesQuery,
): Promise<Omit<ChatMessageListResponse, 'hasError' | 'message'> | Refused> {
  const found = await findVisibleRoom(db, principal, projectId, requestId);
  if (!found) return refuse('requestNotFound');
  if (!found.room) return { items: [], hasOlder: false, hasNewer: false };
  const inRoom = eq(chatMessages.roomId, found.room.id);
  const limit = chatMessagePageSize + 1;
  if (query.after !== undefined) {
    const rows = await selectMessages(db, and(inRoom, gt(chatMessages.seq, query.after)))
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
    const page = rows.slice(0, chatMessagePageSize);
    // Seqs run 1, 2, 3… without gaps (messages are never deleted), so older ones exist below the first.
    const first = page[0]?.seq ?? query.after + 1;
    return {
      items: await toChatMessages(db, page),
      hasOlder: first > 1,
      hasNewer: rows.length > page.length,
    };
  }
  const rows = await selectMessages(
    db,
    query.before === undefined ? inRoom : and(inRoom, lt(chatMessages.seq, query.before)),
  )
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  const page = rows.slice(0, chatMessagePageSize).reverse();
  return { items: await toChatMessages(db, page), hasOlder: rows.length > page.length, hasNewer: false };
}

/** The last message of each room, as the room list shows it. */
export async function lastMessagesOf(
  db: Executor,
  roomIds: string[],
): Promise<
  Map<string, { senderName: string; body: string; withdrawn: boolean; attachmentCount: number; sentAt: Date }>
> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({
      roomId: chatMessages.roomId,
      senderName: displayName,
      body: chatMessages.body,
      withdrawnAt: chatMessages.withdrawnAt,
      sentAt: chatMessages.createdAt,
      attachmentCount: sql<number>`(select count(*)::int from ${chatMessageAttachments} where ${chatMessageAttachments}.message_id = ${chatMessages}.id)`,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .where(
      and(
        inArray(chatMessages.roomId, roomIds),
        sql`${chatMessages}.seq = (select r.last_seq from ${chatRooms} as r where r.id = ${chatMessages}.room_id)`,
      ),
    );
  return new Map(
    rows.map((row) => [
      row.roomId,
      {
        senderName: row.senderName ?? '',
        body: row.withdrawnAt === null ? row.body : '',
        withdrawn: row.withdrawnAt !== null,
        attachmentCount: row.withdrawnAt === null ? Number(row.attachmentCount) : 0,
        sentAt: row.sentAt,
      },
    ]),
  );
}

/** One attachment of a live message of a room the caller may see. */
export async function findChatAttachment(
  db: Executor,
  principal: Principal,
  params: { projectId: string; requestId: number; messageId: string; fileId: string },
): Promise<{ name: string; storageKey: string } | Refused> {
  const found = await findVisibleRoom(db, principal, params.projectId, params.requestId);
  if (!found) return refuse('requestNotFound');
  if (!found.room) return refuse('fileNotFound');
  const [row] = await db
    .select({ name: files.originalName, storageKey: files.storageKey })
    .from(chatMessageAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageAttachments.messageId))
    .innerJoin(files, eq(files.id, chatMessageAttachments.fileId))
    .where(
      and(
        eq(chatMessages.roomId, found.room.id),
        isNull(chatMessages.withdrawnAt),
        eq(chatMessageAttachments.messageId, params.messageId),
        eq(chatMessageAttachments.fileId, params.fileId),
      ),
    )
    .limit(1);
  return row ?? refuse('fileNotFound');
}
