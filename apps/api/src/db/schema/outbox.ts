import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns.js';

export const mailOutboxStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailOutboxStatus = (typeof mailOutboxStatuses)[number];

/**
 * Every mail the portal sends, written in the same transaction as the change that causes it and
 * delivered by the `mail.deliver` job (src/mail/outbox.ts). The row is also the record of what
 * was sent to whom: it is kept after delivery.
 *
 * - `dedupe_key`: at most one mail per key (a retried change, a second process, a re-run job).
 * - `reference`: what the mail is about (`invitation:<id>`), so a screen can show its state.
 * - `status`: queued, sending (a worker has it), sent, failed (retries used up; `last_error`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    dedupeKey: text('dedupe_key').unique(),
    reference: text('reference'),
    toAddress: text('to_address').notNull(),
    locale: text('locale', { enum: ['ja', 'en'] }).notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: mailOutboxStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: instant('last_attempt_at'),
    /** The transport's id (SMTP Message-ID) or the .eml file written. */
    deliveredAs: text('delivered_as'),
    sendAfter: instant('send_after').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.sendAfter),
    index('mail_outbox_reference_idx').on(t.reference, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
