import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns.js';

/** Mails to send, written in the same transaction as the change that causes them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    locale: text('locale', { enum: ['ja', 'en'] }).notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: instant('send_after').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.sendAfter),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
