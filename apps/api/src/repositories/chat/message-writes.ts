import {
  chatEditWindowMs,
  chatWithdrawWindowMs,
  isRefused,
  refuse,
  type ChatMessage,
  type Refused,
} from '@ipportal/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import type { WriteLanes } from '../../db/write-lanes.js';
import { chatMessageRevisions, chatMessages, chatRooms } from '../../db/schema/index.js';
import type { Publisher } from '../../events/index.js';
import type { StoredFile } from '../../storage/types.js';
import { writableRequest, type RequestContext, type VisibleRequest } from '../request-access.js';
import { sideOf, viewersOf } from '../request-viewers.js';
import type { ActorContext } from '../users.js';
import { loadChatMessage, toChatMessage, type ChatMessageRow } from './messages.js';
import { writeChatMessage } from './send-statement.js';

/*
 * Writing messages. Every rule is the server's (ADR 0031): a message needs a text or a file,
 * mentions name room members, only the sender edits (within 15 minutes, the earlier text kept as
 * a revision) or withdraws (within 2 minutes, the row kept), and a deleted matter's room is
 * frozen. Each write takes the room row's lock, and tells every process in its transaction.
 */

async function refusedMentions(
  db: Executor,
  request: VisibleRequest,
  mentions: readonly string[],
): Promise<Refused<'chatMentionNotMember'> | undefined> {
  if (mentions.length === 0) return undefined;
  const members = await viewersOf(db, request);
  return mentions.every((id) => members.has(id)) ? undefined : refuse('chatMentionNotMember');
}

/** A chat room as a caller names it: the request's number within its matter. */
export interface ChatRoomAddress {
  projectId: string;
  requestId: number;
}

/** What a send may bring besides the message. */
export interface ChatSendOptions {
  /** The request as a check before found it writable. */
  found?: RequestContext;
  /** Where the statement runs (the room's lane, ADR 0061); by default on `db`. */
  lanes?: WriteLanes;
}

/**
 * Adds a message (with attachments already stored) to a room in one statement
 * (send-statement.ts), which finds the request under the caller's scope itself: a request the
 * caller does not see (or no longer) refuses and writes nothing, as does a deleted matter's room.
 * Mentions must name the room's members: they are checked against `found` or the request looked
 * up for them. The answer is built from what was written, not read back.
 */
export async function insertChatMessage(
  db: Executor,
  principal: Principal,
  room: ChatRoomAddress,
  message: { body: string; mentions: string[]; attachments: StoredFile[] },
  actor: ActorContext,
  { found, lanes }: ChatSendOptions = {},
): Promise<ChatMessage | Refused> {
  if (message.body.trim() === '' && message.attachments.length === 0) return refuse('chatMessageEmpty');
  const mentions = [...new Set(message.mentions)];
  if (mentions.length > 0) {
    const context =
      found ?? (await writableRequest(db, principal, room.projectId, room.requestId, { coordinated: true }));
    if (isRefused(context)) return context;
    const refused = await refusedMentions(db, context.request, mentions);
    if (refused) return refused;
  }
  const id = randomUUID();
  const writer = lanes?.for(`${room.projectId}/${room.requestId}`) ?? db;
  const sent = await writeChatMessage(writer, {
    caller: principal,
    projectId: room.projectId,
    requestNumber: room.requestId,
    messageId: id,
    actorUserId: actor.userId,
    message: { body: message.body, mentions, attachments: message.attachments },
  });
  if (!sent.written) return refuse(sent.refused);
  const attachments: ChatMessage['attachments'] = sent.files.map(({ id: fileId, file }) => ({
    id: fileId,
    name: file.originalName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
  }));
  const row: ChatMessageRow = {
    id,
    roomId: sent.roomId,
    seq: sent.seq,
    side: sideOf(principal),
    senderUserId: principal.userId,
    senderName: sent.names.get(principal.userId) ?? null,
    body: message.body,
    mentions,
    sentAt: sent.now,
    editedAt: null,
    withdrawnAt: null,
  };
  return toChatMessage(row, [], sent.names, attachments);
}

type MessageParams = { projectId: string; requestId: number; messageId: string };

/**
 * The message `messageId` of a writable room, locked with its room, if the caller sent it and it
 * is not withdrawn; `windowMs` after sending the change is refused with `closed`.
 */
async function ownMessageForChange<C extends 'chatEditWindowClosed' | 'chatWithdrawWindowClosed'>(
  tx: Executor,
  principal: Principal,
  params: MessageParams,
  windowMs: number,
  closed: C,
) {
  const context = await writableRequest(tx, principal, params.projectId, params.requestId, {
    coordinated: true,
    lock: true,
  });
  if (isRefused(context)) return context;
  const [message] = await tx
    .select({
      id: chatMessages.id,
      body: chatMessages.body,
      mentions: chatMessages.mentions,
      senderUserId: chatMessages.senderUserId,
      createdAt: chatMessages.createdAt,
      withdrawnAt: chatMessages.withdrawnAt,
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(and(eq(chatRooms.requestId, context.request.id), eq(chatMessages.id, params.messageId)))
    .limit(1)
    .for('update', { of: chatMessages });
  if (!message) return refuse('chatMessageNotFound');
  if (message.senderUserId !== principal.userId) return refuse('chatNotSender');
  if (message.withdrawnAt !== null) return refuse('chatMessageWithdrawn');
  if (Date.now() - message.createdAt.getTime() > windowMs) return refuse(closed);
  return { context, message };
}

/**
 * The sender replaces a message's text (and mentions) within 15 minutes of sending; the text it
 * had is kept as a revision. An edit that changes nothing writes nothing.
 */
export async function editChatMessage(
  db: Executor,
  principal: Principal,
  params: MessageParams,
  edit: { body: string; mentions: string[] },
  bus: Publisher,
): Promise<ChatMessage | Refused> {
  const mentions = [...new Set(edit.mentions)];
  return db.transaction(async (tx): Promise<ChatMessage | Refused> => {
    const found = await ownMessageForChange(tx, principal, params, chatEditWindowMs, 'chatEditWindowClosed');
    if (isRefused(found)) return found;
    const { context, message } = found;
    const refused = await refusedMentions(tx, context.request, mentions);
    if (refused) return refused;
    const unchanged =
      message.body === edit.body &&
      message.mentions.length === mentions.length &&
      message.mentions.every((id, i) => id === mentions[i]);
    if (unchanged) return loadChatMessage(tx, message.id);
    const now = new Date();
    const [{ revisions } = { revisions: 0 }] = await tx
      .select({ revisions: sql<number>`count(*)::int` })
      .from(chatMessageRevisions)
      .where(eq(chatMessageRevisions.messageId, message.id));
    await tx.insert(chatMessageRevisions).values({
      messageId: message.id,
      revision: Number(revisions) + 1,
      body: message.body,
      replacedAt: now,
      replacedBy: principal.userId,
    });
    await tx
      .update(chatMessages)
      .set({ body: edit.body, mentions, editedAt: now })
      .where(eq(chatMessages.id, message.id));
    await bus.publish(tx, { topic: 'chat.messageChanged', id: message.id });
    return loadChatMessage(tx, message.id);
  });
}

/** The sender withdraws a message within 2 minutes of sending: the row stays, shown as withdrawn. */
export async function withdrawChatMessage(
  db: Executor,
  principal: Principal,
  params: MessageParams,
  bus: Publisher,
): Promise<ChatMessage | Refused> {
  return db.transaction(async (tx): Promise<ChatMessage | Refused> => {
    const found = await ownMessageForChange(
      tx,
      principal,
      params,
      chatWithdrawWindowMs,
      'chatWithdrawWindowClosed',
    );
    if (isRefused(found)) return found;
    await tx
      .update(chatMessages)
      .set({ withdrawnAt: new Date() })
      .where(eq(chatMessages.id, found.message.id));
    await bus.publish(tx, { topic: 'chat.messageChanged', id: found.message.id });
    return loadChatMessage(tx, found.message.id);
  });
}
