import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, officeTypeValues, users } from './accounts.js';
import { invoices } from './billing.js';
import { auditColumns, createdColumns, idColumn, instant } from './columns.js';
import { files } from './files.js';
import { projects } from './projects.js';

const day = (name: string) => date(name, { mode: 'string' });

/** A request sent about a matter to an outside office. */
export const requests = pgTable(
  'requests',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    /** The request "No": 1, 2, ... within its matter. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['estimate', 'other'] }).notNull(),
    content: text('content').notNull(),
    /** 1 not started (未対応), 2 in progress at the office (外部対応中), 3 completed (対応済み). */
    status: smallint('status').notNull().default(1),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id),
    officeRegionCode: integer('office_region_code').notNull(),
    officeType: text('office_type', { enum: officeTypeValues }).notNull(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** Legal deadline. */
    decisionPeriod: day('decision_period'),
    /** The user's own deadline. */
    userPeriod: day('user_period'),
    concierge: text('concierge', { enum: ['notUsed', 'awaitingPayment', 'paid'] })
      .notNull()
      .default('notUsed'),
    /** The concierge office coordinating the request once the client turned it on (ADR 0019). */
    coordinatorFirmId: uuid('coordinator_firm_id').references(() => firms.id),
    /** The concierge fee invoice; the concierge state follows it (paid when it is). */
    conciergeInvoiceId: uuid('concierge_invoice_id').references((): AnyPgColumn => invoices.id),
    conciergeStartedAt: instant('concierge_started_at'),
    /** Set when the office declines the request (status stays 1, not started). */
    declinedAt: instant('declined_at'),
    declineReason: text('decline_reason'),
    ...auditColumns(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('requests_project_number_uq').on(t.projectId, t.number),
    index('requests_firm_status_idx').on(t.firmId, t.status, t.updatedAt.desc().nullsFirst()),
    index('requests_assignee_idx').on(t.assigneeUserId),
    index('requests_coordinator_idx')
      .on(t.coordinatorFirmId)
      .where(sql`${t.coordinatorFirmId} is not null`),
    check(
      'requests_concierge_check',
      sql`${t.concierge} in ('notUsed', 'awaitingPayment', 'paid') and (${t.concierge} = 'notUsed') = (${t.coordinatorFirmId} is null)`,
    ),
    check('requests_status_check', sql`${t.status} in (1, 2, 3)`),
    check('requests_type_check', sql`${t.type} in ('estimate', 'other')`),
    check(
      'requests_office_type_check',
      sql`${t.officeType} in ('patentAttorney', 'translationCompany', 'researchCompany')`,
    ),
  ],
);

/** Mails exchanged on a request between the client and the office. */
export const requestMails = pgTable(
  'request_mails',
  {
    id: idColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    senderUserId: uuid('sender_user_id').references(() => users.id),
    direction: text('direction', { enum: ['toOffice', 'toClient'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
    readAt: instant('read_at'),
    ...createdColumns(),
  },
  (t) => [
    index('request_mails_request_idx').on(t.requestId, t.sentAt),
    check('request_mails_direction_check', sql`${t.direction} in ('toOffice', 'toClient')`),
  ],
);

export const requestMailAttachments = pgTable(
  'request_mail_attachments',
  {
    id: idColumn(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => requestMails.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: smallint('position').notNull().default(0),
    ...createdColumns(),
  },
  (t) => [uniqueIndex('request_mail_attachments_uq').on(t.mailId, t.fileId)],
);

/**
 * Deadlines ("terms") of a matter or request. `rule_key` names the domain rule that computed
 * a legal deadline; `rule_confirmed` is false for rules the sources do not confirm.
 */
export const terms = pgTable(
  'terms',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    requestId: uuid('request_id').references(() => requests.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    dueDate: day('due_date').notNull(),
    isLegal: boolean('is_legal').notNull().default(false),
    ruleKey: text('rule_key'),
    ruleConfirmed: boolean('rule_confirmed').notNull().default(true),
    status: text('status', { enum: ['open', 'done', 'cancelled'] })
      .notNull()
      .default('open'),
    completedAt: instant('completed_at'),
    completedBy: uuid('completed_by'),
    notes: text('notes'),
    ...auditColumns(),
  },
  (t) => [
    index('terms_project_due_idx').on(t.projectId, t.dueDate),
    index('terms_status_due_idx').on(t.status, t.dueDate),
    index('terms_request_idx').on(t.requestId),
    check('terms_status_check', sql`${t.status} in ('open', 'done', 'cancelled')`),
  ],
);

/**
 * Deliverables: write-once. No API updates or deletes one, and a database trigger
 * (migration 0001) rejects UPDATE and DELETE so a bug cannot either.
 */
export const deliverables = pgTable(
  'deliverables',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    requestId: uuid('request_id').references(() => requests.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    firmId: uuid('firm_id').references(() => firms.id),
    title: text('title').notNull(),
    kind: text('kind'),
    /** 1, 2, ... per (request, title): a new upload under the same title is a new version. */
    version: integer('version').notNull().default(1),
    ...createdColumns(),
  },
  (t) => [
    uniqueIndex('deliverables_file_uq').on(t.fileId),
    uniqueIndex('deliverables_request_title_version_uq').on(t.requestId, t.title, t.version),
    index('deliverables_project_idx').on(t.projectId, t.createdAt),
    index('deliverables_request_idx').on(t.requestId),
  ],
);
