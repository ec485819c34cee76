import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdColumns, idColumn, instant } from './columns.js';
import { files } from './files.js';
import { requests } from './requests.js';

/*
 * Chat (ADR 0031): one room per request, between the client side and the addressed
 * office (and a concierge coordinating it). Who is in a room is not stored: it is whoever may see
 * the request (`requestScope` with `coordinated`), so assignments and organization changes apply
 * at once. A room row exists from its first message. Messages are never deleted (a trigger
 * refuses it): an edit keeps the earlier text as a revision, a withdrawal keeps the row.
 */

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: idColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    /** The last message number handed out; a message takes `last_seq + 1` under the row lock. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: instant('last_message_at'),
    ...createdColumns(),
  },
  (t) => [
    uniqueIndex('chat_rooms_request_uq').on(t.requestId),
    index('chat_rooms_last_message_idx').on(t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    /** 1, 2, 3… within the room: the order, the read pointer and the paging key. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id),
    /** The side the sender wrote for: 'client' or 'office' (a concierge writes for 'office'). */
    senderSide: text('sender_side').notNull(),
    /** The current text; earlier texts are in chat_message_revisions. Kept when withdrawn. */
    body: text('body').notNull(),
    /** users.id of the room members the message mentions. */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...createdColumns(),
    editedAt: instant('edited_at'),
    withdrawnAt: instant('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('chat_messages_room_seq_uq').on(t.roomId, t.seq),
    check('chat_messages_side_check', sql`${t.senderSide} in ('client', 'office')`),
  ],
);

/** The text a message had before each edit (write-once). */
export const chatMessageRevisions = pgTable(
  'chat_message_revisions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id),
    /** 1 for the original text, 2 for the text of the first edit, … */
    revision: integer('revision').notNull(),
    body: text('body').notNull(),
    /** When this text was replaced by the next. */
    replacedAt: instant('replaced_at').notNull().defaultNow(),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.revision] })],
);

export const chatMessageAttachments = pgTable(
  'chat_message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] })],
);

/**
 * Per user and room: how far they have read, and the offline digest's bookkeeping. A row is
 * made when the user first reads the room or is sent a digest for it.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Every message up to this seq is read by this user. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    readAt: instant('read_at'),
    /** The last digest mail that counted this room for this user (at most one an hour). */
    digestSentAt: instant('digest_sent_at'),
    /** The room's last seq that digest counted: later messages are news for the next one. */
    digestThroughSeq: bigint('digest_through_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_reads_user_idx').on(t.userId)],
);
