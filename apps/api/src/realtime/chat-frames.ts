import type { ChatRoomEvent, ChatRoomSummary } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { chatMessages, chatReads, chatRooms, requests, users } from '../db/schema/index.js';
import { chatMessageColumns, toChatMessages } from '../repositories/chat/messages.js';
import { sharesReadReceipts } from '../repositories/chat/reads.js';
import { roomEntryForSide, withCountsOf } from '../repositories/chat/rooms.js';
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

/** A sent, edited or withdrawn message as its room's subscribers hear of it. */
export async function loadChatMessageChange(
  db: Executor,
  messageId: string,
  kindOfChange: 'sent' | 'changed',
): Promise<ChatChange | undefined> {
  // The message with its request in one statement; its revisions and files in one more round trip.
  const [row] = await db
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
    .where(eq(chatMessages.id, messageId))
    .limit(1);
  if (!row) return undefined;
  const kind = kindOfChange === 'sent' ? 'message' : row.withdrawnAt ? 'withdrawn' : 'edited';
  const plain: ChatRoomEvent = {
    projectId: row.projectId,
    requestId: row.number,
    kind,
    messageId,
    seq: row.seq,
    userId: row.senderUserId,
  };
  const [message] = await toChatMessages(db, [row]);
  if (!message) return undefined;
  return {
    requestRowId: row.requestRowId,
    roomId: row.roomId,
    plain,
    change: { ...plain, side: message.side, message },
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
 * loaded once per side, the counts per reader.
 */
export class RoomEntries {
  private readonly bySide = new Map<Side, Promise<ChatRoomSummary | undefined>>();

  constructor(
    private readonly db: Executor,
    private readonly requestRowId: string,
    private readonly roomId: string,
  ) {}

  async of(principal: Principal): Promise<ChatRoomSummary | null> {
    const side = sideOf(principal);
    let entry = this.bySide.get(side);
    if (!entry) {
      entry = roomEntryForSide(this.db, this.requestRowId, side);
      this.bySide.set(side, entry);
    }
    const shared = await entry;
    return shared ? withCountsOf(this.db, principal, this.roomId, shared) : null;
  }
}
