import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdColumns, idColumn, instant } from './columns.js';

export const filePurposes = [
  'deliverable',
  'mailAttachment',
  'chat',
  'userSpace',
  'trademarkImage',
  'invoice',
  'other',
] as const;

/**
 * Metadata of every stored object (the bytes live in the storage driver under `storage_key`).
 * Write-once objects (deliverables) also carry the Object Lock retention they were stored with.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    storageKey: text('storage_key').notNull().unique(),
    storageDriver: text('storage_driver').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    purpose: text('purpose', { enum: filePurposes }).notNull(),
    writeOnce: boolean('write_once').notNull().default(false),
    retainUntil: instant('retain_until'),
    ...createdColumns(),
  },
  (t) => [
    check(
      'files_purpose_check',
      sql`${t.purpose} in ('deliverable', 'mailAttachment', 'chat', 'userSpace', 'trademarkImage', 'invoice', 'other')`,
    ),
    check('files_size_check', sql`${t.sizeBytes} >= 0`),
    index('files_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);
