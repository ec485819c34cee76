import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { auditColumns, idColumn, instant } from './columns.js';
import { projects } from './projects.js';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * A recorded payment of annuities or renewal fees: the years of the right it paid, when, how much,
 * and the office's receipt number. Never changed once recorded (a mistake is a matter for the
 * history); the years it covers get a `pensions` row each, status `paid`.
 */
export const pensionPayments = pgTable(
  'pension_payments',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    paidOn: day('paid_on').notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    receiptNumber: text('receipt_number'),
    ...auditColumns(),
  },
  (t) => [
    index('pension_payments_project_idx').on(t.projectId, t.yearFrom),
    check('pension_payments_years_check', sql`${t.yearFrom} >= 1 and ${t.yearTo} >= ${t.yearFrom}`),
    check('pension_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The years of a matter's annuity schedule that a recorded payment paid (the schedule itself is
 * computed from the deadline rules), one row per year, status `paid`. The decision to pay or let
 * the right lapse is not kept here: it is the state of the year's deadline (`deadline_states`),
 * shared with /terms (migration 0009 moved the earlier `waived` rows there).
 */
export const pensions = pgTable(
  'pensions',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    yearNumber: smallint('year_number').notNull(),
    dueDate: day('due_date').notNull(),
    /** End of the late-payment (surcharge) period. */
    graceUntil: day('grace_until'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    currency: char('currency', { length: 3 }).notNull().default('JPY'),
    status: text('status', { enum: ['paid'] })
      .notNull()
      .default('paid'),
    paidAt: instant('paid_at'),
    paidBy: uuid('paid_by'),
    /** The payment that paid this year, when status is `paid`. */
    paymentId: uuid('payment_id').references(() => pensionPayments.id),
    ruleKey: text('rule_key'),
    notes: text('notes'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pensions_project_year_uq').on(t.projectId, t.yearNumber),
    index('pensions_status_due_idx').on(t.status, t.dueDate),
    check('pensions_status_check', sql`${t.status} in ('paid')`),
  ],
);

/**
 * Per-user reminder settings, one row per scope: 'term' governs every deadline but annuities,
 * 'pension' the annuities (kind 'payment' deadlines of an annuity rule). No row means the
 * defaults below.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['term', 'pension'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** ISO 8601 durations before the date: 6 months, 3 months, 1 month, 2 weeks, 1 week, the day. */
    offsets: text('offsets')
      .array()
      .notNull()
      .default(sql`'{P6M,P3M,P1M,P2W,P1W,P0D}'::text[]`),
    /** Which deadline kinds to be reminded of. */
    deadlineKinds: text('deadline_kinds')
      .array()
      .notNull()
      .default(sql`'{procedure,payment,termEnd,internal}'::text[]`),
    /** One mail per reminder, or a daily or weekly digest. */
    delivery: text('delivery', { enum: ['mail', 'daily', 'weekly'] })
      .notNull()
      .default('mail'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('notification_settings_user_kind_uq').on(t.userId, t.kind),
    check('notification_settings_kind_check', sql`${t.kind} in ('term', 'pension')`),
    check('notification_settings_delivery_check', sql`${t.delivery} in ('mail', 'daily', 'weekly')`),
  ],
);
