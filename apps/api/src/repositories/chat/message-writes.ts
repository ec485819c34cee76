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
import { makePgArray } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/types.js';
import { BuiltStatements } from '../../db/built-statements.js';
import type { Executor } from '../../db/client.js';
import {
  chatMessageAttachments,
  chatMessageRevisions,
  chatMessages,
  chatRooms,
  files,
  users,
} from '../../db/schema/index.js';
import type { Publisher } from '../../events/index.js';
import type { StoredFile } from '../../storage/types.js';
import {
  relockWritableRequest,
  writableRequest,
  type RequestContext,
  type VisibleRequest,
} from '../request-access.js';
import { sideOf, viewersOf } from '../request-viewers.js';
import type { ActorContext } from '../users.js';
import { loadChatMessage, toChatMessage, type ChatMessageRow } from './messages.js';
import { displayName, takeNextSeq } from './room-access.js';

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

/** Raised inside the send transaction to roll it back (and the seq it took) with a refusal. */
class SendRefused extends Error {
  constructor(readonly refusal: Refused) {
    super(refusal.refused);
  }
}

/** The message, taking the room row as the statement before left it: its id and the seq just taken. */
function messageInsertStatement(tx: Executor) {
  const ofRoom = (column: typeof chatRooms.id | typeof chatRooms.lastSeq) =>
    sql`(select ${column} from ${chatRooms} where ${chatRooms.requestId} = ${sql.placeholder('requestRowId')})`;
  return tx
    .insert(chatMessages)
    .values({
      id: sql.placeholder('id'),
      roomId: ofRoom(chatRooms.id),
      seq: ofRoom(chatRooms.lastSeq),
      senderUserId: sql.placeholder('senderUserId'),
      senderSide: sql.placeholder('senderSide'),
      body: sql.placeholder('body'),
      mentions: sql.placeholder('mentions'),
      createdAt: sql.placeholder('createdAt'),
      createdBy: sql.placeholder('createdBy'),
    })
    .prepare('insert_chat_message');
}

/** The names of the sender and the mentioned members (`userIds`: a uuid[] literal). */
function namesStatement(tx: Executor) {
  return tx
    .select({ id: users.id, name: displayName })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('userIds')}::uuid[])`)
    .prepare('chat_message_names');
}

// Every chat message runs these: built once, not per message (ADR 0060).
const messageInserts = new BuiltStatements<ReturnType<typeof messageInsertStatement>>();
const nameSelects = new BuiltStatements<ReturnType<typeof namesStatement>>();

/**
 * Adds a message (with attachments already stored) to the room of a request found writable before
 * the attachments arrived, in one transaction: the request row is locked again (a request or
 * matter deleted meanwhile refuses), the room row is made or locked and hands out `last_seq + 1`,
 * the message takes it and the signal is written. Those statements go out together (postgres.js
 * pipelines a transaction's queries; they run in order), so the room's lock is held for about
 * one round trip and the commit, not one per statement: the lock serialises every message of a
 * room, and its hold time bounds the room's messages a second. The answer is built from what was
 * written, not read back.
 */
export async function insertChatMessage(
  db: Executor,
  found: RequestContext,
  principal: Principal,
  message: { body: string; mentions: string[]; attachments: StoredFile[] },
  actor: ActorContext,
  bus: Publisher,
): Promise<ChatMessage | Refused> {
  if (message.body.trim() === '' && message.attachments.length === 0) return refuse('chatMessageEmpty');
  const mentions = [...new Set(message.mentions)];
  try {
    return await db.transaction(async (tx): Promise<ChatMessage | Refused> => {
      const refused = await refusedMentions(tx, found.request, mentions);
      if (refused) return refused;
      const id = randomUUID();
      const now = new Date();
      const [context, room, , names] = await Promise.all([
        relockWritableRequest(tx, found),
        takeNextSeq(tx, found.request.id, principal.userId, now),
        messageInserts.on(tx, '', messageInsertStatement).execute({
          id,
          requestRowId: found.request.id,
          senderUserId: principal.userId,
          senderSide: sideOf(principal),
          body: message.body,
          mentions,
          createdAt: now,
          createdBy: actor.userId,
        }),
        nameSelects
          .on(tx, '', namesStatement)
          .execute({ userIds: makePgArray([principal.userId, ...mentions]) }),
        bus.publish(tx, { topic: 'chat.messageSent', id }),
      ]);
      if (isRefused(context)) throw new SendRefused(context);
      const attachments: ChatMessage['attachments'] = [];
      for (const [position, stored] of message.attachments.entries()) {
        const [file] = await tx
          .insert(files)
          .values({ ...stored, purpose: 'chat', createdBy: actor.userId })
          .returning({ id: files.id });
        if (!file) throw new Error('insert returned no row');
        await tx.insert(chatMessageAttachments).values({ messageId: id, fileId: file.id, position });
        attachments.push({
          id: file.id,
          name: stored.originalName,
          contentType: stored.contentType,
          sizeBytes: stored.sizeBytes,
        });
      }
      const nameOf = new Map(names.map((user) => [user.id, user.name]));
      const row: ChatMessageRow = {
        id,
        roomId: room.roomId,
        seq: room.seq,
        side: sideOf(principal),
        senderUserId: principal.userId,
        senderName: nameOf.get(principal.userId) ?? null,
        body: message.body,
        mentions,
        sentAt: now,
        editedAt: null,
        withdrawnAt: null,
      };
      return toChatMessage(row, [], nameOf, attachments);
    });
  } catch (error) {
    if (error instanceof SendRefused) return error.refusal;
    throw error;
  }
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
