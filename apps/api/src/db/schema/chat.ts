import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { firms, organizations, users } from './accounts.js';
import { auditColumns, idColumn, instant } from './columns.js';
import { files } from './files.js';
import { projects } from './projects.js';
import { requests } from './requests.js';

/** A conversation, usually about one request between a client and an office. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: idColumn(),
    projectId: uuid('project_id').references(() => projects.id),
    requestId: uuid('request_id').references(() => requests.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    firmId: uuid('firm_id').references(() => firms.id),
    title: text('title').notNull(),
    lastMessageAt: instant('last_message_at'),
    ...auditColumns(),
  },
  (t) => [
    index('chat_rooms_request_idx').on(t.requestId),
    index('chat_rooms_org_idx').on(t.organizationId, t.lastMessageAt),
    index('chat_rooms_firm_idx').on(t.firmId, t.lastMessageAt),
  ],
);

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    lastReadAt: instant('last_read_at'),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    senderUserId: uuid('sender_user_id').references(() => users.id),
    body: text('body').notNull(),
    fileId: uuid('file_id').references(() => files.id),
    ...auditColumns(),
    editedAt: instant('edited_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.createdAt, t.id)],
);
