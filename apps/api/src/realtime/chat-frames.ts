import type { ChatRoomEvent, ChatRoomSummary } from '@ipportal/domain';
import DataLoader from 'dataloader';
import { and, eq, sql } from 'drizzle-orm';
import { makePgArray } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { chatMessages, chatReads, chatRooms, requests, users } from '../db/schema/index.js';
import { chatMessageColumns, toChatMessages, type ChatMessageRow } from '../repositories/chat/messages.js';
import { sharesReadReceipts, unreadInRoomOf } from '../repositories/chat/reads.js';
import { roomEntryForSide } from '../repositories/chat/rooms.js';
import { sideOf, type Side } from '../repositories/request-viewers.js';

/*
 * What a chat signal sends (ADR 0050). Every subscription gets the ids (`plain`), as the topics'
 * own documents always did; one whose document selects the change fields gets the change itself
 * (`change`): the message as every member reads it over REST (a message reads the same to both
 * sides, ADR 0031; withdrawn: no text, mentions or files), and for the unread counts the room as
 * the receiver's side lists it. The room entry is built once per side (the client side; the office
 * side, which is what the addressed office and a coordinating concierge both read) and completed
 * with each reader's own counts; nothing of one side's view goes into the other's frame.
 */

/** A changed message (or a moved read pointer) and the two forms its room's subscribers get. */
export interface ChatChange {
  requestRowId: string;
  roomId: string;
  plain: ChatRoomEvent;
  change: ChatRoomEvent;
}

/** A sent, edited or withdrawn message as its room's subscribers hear of it, before its change is built. */
export interface ChatMessageSignal {
  requestRowId: string;
  roomId: string;
  plain: ChatRoomEvent;
  row: ChatMessageRow;
}

/** Messages with their requests in one statement, its SQL built once per database. */
function messageSignalQuery(db: Executor) {
  return db
    .select({
      ...chatMessageColumns,
      requestRowId: requests.id,
      projectId: requests.projectId,
      number: requests.number,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderUserId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .innerJoin(requests, eq(requests.id, chatRooms.requestId))
    .where(sql`${chatMessages.id} = any(${sql.placeholder('messageIds')}::text::uuid[])`)
    .prepare('chat_message_signals');
}

type MessageSignalRow = Awaited<ReturnType<ReturnType<typeof messageSignalQuery>['execute']>>[number];

/**
 * Every chat POST is read back by every process that has a subscriber. The signals that arrive
 * together (one read of the bus's connection under load) are read in one statement, whose SQL is
 * built once per database, and their frames go out in the same turn (one write per socket, see
 * RealtimeConnection). Nothing is cached: a changed message is read again.
 */
function messageSignalLoader(db: Executor) {
  const query = messageSignalQuery(db);
  return new DataLoader<string, MessageSignalRow | undefined>(
    async (ids) => {
      const rows = await query.execute({ messageIds: makePgArray([...ids]) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    },
    { cache: false },
  );
}

const messageSignalLoaders = new WeakMap<Executor, ReturnType<typeof messageSignalLoader>>();

/**
 * The plain event of a sent, edited or withdrawn message: what every subscription hears, read
 * in one statement. The change form needs more (`withChange`) and is built only for a process
 * where some subscriber selected it.
 */
export async function loadChatMessageSignal(
  db: Executor,
  messageId: string,
  kindOfChange: 'sent' | 'changed',
): Promise<ChatMessageSignal | undefined> {
  let loader = messageSignalLoaders.get(db);
  if (!loader) {
    loader = messageSignalLoader(db);
    messageSignalLoaders.set(db, loader);
  }
  const found = await loader.load(messageId);
  if (!found) return undefined;
  const { requestRowId, projectId, number, ...row } = found;
  const kind = kindOfChange === 'sent' ? 'message' : row.withdrawnAt ? 'withdrawn' : 'edited';
  const plain: ChatRoomEvent = {
    projectId,
    requestId: number,
    kind,
    messageId,
    seq: row.seq,
    userId: row.senderUserId,
  };
  return { requestRowId, roomId: row.roomId, plain, row };
}

/** The change form of a message's signal: the message as every member reads it over REST (ADR 0031). */
export async function withChange(db: Executor, signal: ChatMessageSignal): Promise<ChatChange> {
  const [message] = await toChatMessages(db, [signal.row]);
  if (!message) throw new Error(`chat message ${signal.row.id} did not map`);
  return {
    requestRowId: signal.requestRowId,
    roomId: signal.roomId,
    plain: signal.plain,
    change: { ...signal.plain, side: message.side, message },
  };
}

/** A moved read pointer, with the reader and whether the reader's side shows it to the other side. */
export interface ChatReadChange extends ChatChange {
  readerUserId: string;
  readerSide: Side;
  shared: boolean;
}

/**
 * A moved read pointer (signal id `${roomId}:${userId}`) as the room hears of it. When the
 * reader's organization keeps its 既読 marks to itself (`shared` false) only the reader's own
 * side is told.
 */
export async function loadChatReadChange(
  db: Executor,
  signalId: string,
): Promise<ChatReadChange | undefined> {
  const [roomId, userId] = signalId.split(':');
  const uuid = /^[0-9a-f-]{36}$/i;
  if (!roomId || !userId || !uuid.test(roomId) || !uuid.test(userId)) return undefined;
  const [row] = await db
    .select({
      requestRowId: requests.id,
      projectId: requests.projectId,
      number: requests.number,
      seq: chatReads.lastReadSeq,
      userType: users.userType,
    })
    .from(chatReads)
    .innerJoin(chatRooms, eq(chatRooms.id, chatReads.roomId))
    .innerJoin(requests, eq(requests.id, chatRooms.requestId))
    .innerJoin(users, eq(users.id, chatReads.userId))
    .where(and(eq(chatReads.roomId, roomId), eq(chatReads.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const readerSide = sideOf(row);
  const plain: ChatRoomEvent = {
    projectId: row.projectId,
    requestId: row.number,
    kind: 'read',
    messageId: null,
    seq: row.seq,
    userId,
  };
  return {
    requestRowId: row.requestRowId,
    roomId,
    readerUserId: userId,
    readerSide,
    shared: await sharesReadReceipts(db, readerSide, row.projectId),
    plain,
    change: { ...plain, side: readerSide, message: null },
  };
}

/**
 * The room's entry in each reader's room list for one change: the heading and last message
 * loaded once per side, every reader's counts in one statement.
 */
export class RoomEntries {
  private readonly bySide = new Map<Side, Promise<ChatRoomSummary | undefined>>();

  constructor(
    private readonly db: Executor,
    private readonly requestRowId: string,
    private readonly roomId: string,
  ) {}

  /** Each reader's entry by user id (null when the request is gone). */
  async forReaders(principals: readonly Principal[]): Promise<Map<string, ChatRoomSummary | null>> {
    const [counts, ...shared] = await Promise.all([
      unreadInRoomOf(this.db, this.roomId, principals),
      ...principals.map((principal) => this.ofSide(sideOf(principal))),
    ]);
    return new Map(
      principals.map((principal, i) => {
        const entry = shared[i];
        const own = counts.get(principal.userId);
        return [
          principal.userId,
          entry
            ? {
                ...entry,
                unreadCount: own?.unreadCount ?? 0,
                unreadMentionCount: own?.unreadMentionCount ?? 0,
              }
            : null,
        ];
      }),
    );
  }

  private ofSide(side: Side): Promise<ChatRoomSummary | undefined> {
    let entry = this.bySide.get(side);
    if (!entry) {
      entry = roomEntryForSide(this.db, this.requestRowId, side);
      this.bySide.set(side, entry);
    }
    return entry;
  }
}
