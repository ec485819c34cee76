import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { idColumn, instant } from './columns.js';
import { projects } from './projects.js';
import { requests, terms } from './requests.js';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * Every deadline of every matter, materialized (docs/adr/0011): the rule table's computed
 * deadlines and the requests' legal deadline, user deadline and dated items, one row per
 * (matter, deadline key). Refreshed in the transaction that changes a matter's dates or a
 * request's terms, so /terms, the reminders and the calendar feed read rows instead of running
 * the rules over 10,000 matters per call. A deadline that is no longer computed keeps its row
 * with `removed_at` set, so its revision (the calendar's SEQUENCE) never goes back.
 */
export const deadlines = pgTable(
  'deadlines',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    /** `ComputedDeadline.key` for rules; `request:<id>:legal|user`, `item:<terms.id>` for request terms. */
    key: text('key').notNull(),
    origin: text('origin', { enum: ['rule', 'requestLegal', 'requestUser', 'requestItem'] }).notNull(),
    ruleId: text('rule_id'),
    kind: text('kind', { enum: ['procedure', 'payment', 'termEnd', 'internal'] }).notNull(),
    /** Which reminder settings govern it: annuities ('pension') or every other deadline ('term'). */
    scope: text('scope', { enum: ['term', 'pension'] }).notNull(),
    year: smallint('year'),
    requestId: uuid('request_id').references(() => requests.id),
    /** The dated item (`terms` row) a `requestItem` deadline is; its done flag is kept there. */
    termId: uuid('term_id').references(() => terms.id),
    /** A dated item's own name (rules are named by `name_key`). */
    name: text('name'),
    nameKey: text('name_key'),
    date: day('date').notNull(),
    plainDate: day('plain_date').notNull(),
    shift: jsonb('shift').$type<{ reason: string; holiday?: { ja: string; en: string } }>(),
    opensOn: day('opens_on'),
    lateUntil: day('late_until'),
    ruleConfirmed: boolean('rule_confirmed').notNull().default(true),
    legalSource: jsonb('legal_source').$type<{ ja: string; en: string }>(),
    /**
     * Set when the matter's own recorded facts close the deadline (domain `DeadlineClosure`): how
     * (`done` on the fact's date, `implied` by a later state, `notApplicable`, `lapsed`: the
     * payment's late period passed unpaid, so the right ended), which fact, and its date. Written by the refresh like the date, apart from what people decided
     * (`deadline_states`), and read as the state `closed`, never overdue.
     */
    closedHow: text('closed_how', { enum: ['done', 'implied', 'notApplicable', 'lapsed'] }),
    closedFact: text('closed_fact'),
    closedOn: day('closed_on'),
    /** Who entered the dates this deadline comes from (the two-person check needs someone else). */
    enteredBy: uuid('entered_by'),
    /** Raised whenever the date, the plain date or the name changes (the ICS SEQUENCE). */
    revision: integer('revision').notNull().default(0),
    removedAt: instant('removed_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.key] }),
    index('deadlines_live_date_idx')
      .on(t.date, t.projectId)
      .where(sql`${t.removedAt} is null`),
    check(
      'deadlines_origin_check',
      sql`${t.origin} in ('rule', 'requestLegal', 'requestUser', 'requestItem')`,
    ),
    check('deadlines_kind_check', sql`${t.kind} in ('procedure', 'payment', 'termEnd', 'internal')`),
    check('deadlines_scope_check', sql`${t.scope} in ('term', 'pension')`),
    check(
      'deadlines_closed_check',
      sql`(${t.closedHow} is null and ${t.closedFact} is null and ${t.closedOn} is null) or (${t.closedHow} in ('done', 'implied', 'notApplicable', 'lapsed') and ${t.closedFact} is not null)`,
    ),
  ],
);

/**
 * What people decided about a deadline, keyed like `deadlines` but kept apart so a refresh never
 * touches it: done (who, when), let lapse / do not pay (who, when, why), and the second person's
 * confirmation of the date they checked (a changed date is unconfirmed again).
 */
export const deadlineStates = pgTable(
  'deadline_states',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    key: text('key').notNull(),
    state: text('state', { enum: ['open', 'done', 'lapsed'] })
      .notNull()
      .default('open'),
    stateBy: uuid('state_by').references(() => users.id),
    stateAt: instant('state_at'),
    lapseReason: text('lapse_reason'),
    /** Marked done by hand: the day the work was completed (Japan), with an optional note and evidence link. */
    completedOn: day('completed_on'),
    completionNote: text('completion_note'),
    evidenceUrl: text('evidence_url'),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    confirmedAt: instant('confirmed_at'),
    /** The date the confirmer checked; the confirmation holds while the deadline keeps it. */
    confirmedDate: day('confirmed_date'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.key] }),
    check('deadline_states_state_check', sql`${t.state} in ('open', 'done', 'lapsed')`),
  ],
);

/**
 * One row per reminder ever planned: the unique key (user, matter, deadline, its date, offset)
 * is what makes a reminder go out once, whatever the number of worker processes or restarts. A
 * changed date is a new key, so it is planned again; `mail_id` is set when the mail is queued
 * (for a digest, when the digest is).
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    key: text('key').notNull(),
    dueDate: day('due_date').notNull(),
    /** ISO 8601 duration before the date, e.g. `P6M`, `P2W`, `P0D`. */
    offset: text('offset').notNull(),
    /** 'mail' one mail each, 'daily' / 'weekly' collected into a digest. */
    delivery: text('delivery', { enum: ['mail', 'daily', 'weekly'] }).notNull(),
    /** Planned as the organization's administrator (deadline within 7 days), not by own settings. */
    asAdministrator: boolean('as_administrator').notNull().default(false),
    plannedOn: day('planned_on').notNull(),
    mailId: uuid('mail_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deadline_reminders_once_uq').on(t.userId, t.projectId, t.key, t.dueDate, t.offset),
    index('deadline_reminders_digest_idx')
      .on(t.userId, t.delivery)
      .where(sql`${t.mailId} is null`),
    // The reminders still to mail, oldest first, for the planning job to claim 200 at a time: it
    // runs every hour over a table that only grows (measured by bench/api-terms.ts: 36 ms a claim at 12,000 pending).
    index('deadline_reminders_pending_mail_idx')
      .on(t.createdAt)
      .where(sql`${t.mailId} is null and ${t.delivery} = 'mail'`),
    check('deadline_reminders_delivery_check', sql`${t.delivery} in ('mail', 'daily', 'weekly')`),
  ],
);

/**
 * Secret calendar (ICS) feed URLs. Only a SHA-256 of the token is stored: the URL is shown once;
 * a revoked feed answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    lastFetchedAt: instant('last_fetched_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    index('calendar_feeds_user_idx').on(t.userId),
  ],
);
