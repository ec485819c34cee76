import {
  defaultReminderOffsets,
  deadlineKinds,
  type Locale,
  matterQueryParam,
  webPathOf,
} from '@ipportal/domain';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { deadlineReminders } from '../db/schema/index.js';
import type { KeyedMail, MailBatchQueue } from '../mail/outbox.js';
import { deadlineLine, describeDaysLeft, type ReminderSubject } from './describe.js';

/*
 * Planning reminders (docs/adr/0012). For each user who may see a matter and each open deadline
 * ahead, the reminder due today is the latest of the user's offsets whose moment has come
 * (date − offset ≤ today): a missed day or a late start sends the latest one, not every one
 * skipped. Its row in `deadline_reminders` is unique per (user, matter, deadline, date, offset):
 * two processes planning the same day, or a restart, insert it once, and only the process whose
 * insert won queues its mail. A changed date is a new key, so it is planned again; a deadline done
 * or let lapse is not open and gets nothing.
 */

export interface PlanOptions {
  /** The day to plan for (Japan time), `YYYY-MM-DD`. */
  today: string;
  /** Plan only these matters (after their dates changed); all matters when absent. */
  projectIds?: readonly string[];
  /** Absolute link to a page of the portal. */
  link: (path: string) => string;
  queueMail: MailBatchQueue;
}

export interface PlanResult {
  planned: number;
  mailed: number;
  digests: number;
}

/** Deadlines further away than this are never due for a reminder (the longest offset is 2 years). */
const horizonDays = 740;
/** Administrators hear of every open deadline of their organization within this many days. */
const administratorOffset = 'P1W';
const defaultOffsets = sql.raw(`'{${defaultReminderOffsets.join(',')}}'::text[]`);
const allKinds = sql.raw(`'{${deadlineKinds.join(',')}}'::text[]`);

/*
 * Lists of reminders go to the database as one parameter each (a JSON text, a comma-separated
 * list): PGlite parses one parameter faster than hundreds, and a digest of many reminders never
 * meets PostgreSQL's limit of 65,535 parameters.
 */

/** `= any(...)` of a list of ids, as one parameter. */
const anyId = (ids: readonly string[]) => sql`any(string_to_array(${ids.join(',')}, ',')::uuid[])`;

interface PlannedRow {
  id: string;
  user_id: string;
  delivery: 'mail' | 'daily' | 'weekly';
  offset: string;
  as_administrator: boolean;
}

/** Inserts today's reminders; returns the rows this call inserted (none another process did). */
async function insertDueReminders(
  db: Executor,
  today: string,
  projectIds?: readonly string[],
): Promise<PlannedRow[]> {
  const onlyProjects: SQL = projectIds
    ? projectIds.length === 0
      ? sql`false`
      : sql`d.project_id in (${sql.join(
          projectIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
    : sql`true`;
  const result = await db.execute(sql`
    with viewers as (
      select p.id as project_id, p.owner_user_id as user_id, false as is_admin
        from projects p
       where p.deleted_at is null and p.organization_id is null
      union all
      -- Administrators, then the other members on the matters they are assigned to, as two joins:
      -- one join with "administrator or assigned" was estimated at seven times its rows, which
      -- made PostgreSQL compile the statement (JIT, 2.4 s) to run it in 0.4 s.
      select p.id, m.user_id, true
        from projects p
        join organization_members m on m.organization_id = p.organization_id and m.role_code = 0
       where p.deleted_at is null
      union all
      select p.id, m.user_id, false
        from projects p
        join project_assignees a on a.project_id = p.id
        join organization_members m
          on m.organization_id = p.organization_id and m.user_id = a.user_id and m.role_code <> 0
       where p.deleted_at is null
    ),
    open_deadlines as (
      select d.project_id, d.key, d.date, d.kind, d.scope
        from deadlines d
        left join requests r on r.id = d.request_id
        left join terms t on t.id = d.term_id
        left join deadline_states st on st.project_id = d.project_id and st.key = d.key
       where d.removed_at is null
         and d.date >= ${today}::date and d.date <= ${today}::date + ${horizonDays}::int
         and (d.request_id is null or r.deleted_at is null)
         and t.status is distinct from 'done'
         and coalesce(st.state, 'open') = 'open'
         and d.closed_how is null
         and ${onlyProjects}
    ),
    personal as (
      select v.user_id, d.project_id, d.key, d.date, coalesce(s.delivery, 'mail') as delivery, false as as_admin,
             (select o from unnest(coalesce(s.offsets, ${defaultOffsets})) as o
               where (d.date - o::interval)::date <= ${today}::date
               order by (d.date - o::interval) desc limit 1) as reminder_offset
        from open_deadlines d
        join viewers v on v.project_id = d.project_id
        left join notification_settings s on s.user_id = v.user_id and s.kind = d.scope
       where coalesce(s.enabled, true) and d.kind = any(coalesce(s.deadline_kinds, ${allKinds}))
    ),
    personal_due as (
      -- An administrator's week-before reminder is the administrators' one (always a mail).
      select personal.* from personal
        join viewers v on v.project_id = personal.project_id and v.user_id = personal.user_id
       where reminder_offset is not null
         and not (v.is_admin and reminder_offset = ${administratorOffset} and personal.date <= ${today}::date + 7)
    ),
    administrators as (
      select v.user_id, d.project_id, d.key, d.date, 'mail' as delivery, true as as_admin,
             ${administratorOffset}::text as reminder_offset
        from open_deadlines d
        join viewers v on v.project_id = d.project_id and v.is_admin
       where d.date <= ${today}::date + 7
    ),
    due as (
      select * from personal_due
      union all
      select * from administrators
    )
    insert into deadline_reminders (user_id, project_id, key, due_date, "offset", delivery, as_administrator, planned_on)
    select user_id, project_id, key, date, reminder_offset, delivery, as_admin, ${today}::date from due
    on conflict do nothing
    returning id, user_id, delivery, "offset", as_administrator`);
  return rowsOf<PlannedRow>(result);
}

interface SubjectRow {
  reminder_id: string;
  email: string;
  locale: Locale;
  project_id: string;
  refrence_code: string;
  origin: ReminderSubject['origin'];
  name_key: string | null;
  name: string | null;
  request_number: number | null;
  date: string;
  plain_date: string;
  shift: { reason: string; holiday?: { ja: string; en: string } } | null;
  offset: string;
  as_administrator: boolean;
  user_id: string;
  /** The deadline is still open on the date planned: not done, let lapse, moved or removed since. */
  still_open: boolean;
}

async function subjectsOf(db: Executor, reminderIds: readonly string[]): Promise<SubjectRow[]> {
  if (reminderIds.length === 0) return [];
  const result = await db.execute(sql`
    select dr.id as reminder_id, u.email, u.locale, d.project_id, p.refrence_code, d.origin, d.name_key,
           d.name, r.number as request_number, to_char(d.date, 'YYYY-MM-DD') as date,
           to_char(d.plain_date, 'YYYY-MM-DD') as plain_date, d.shift, dr."offset", dr.as_administrator, dr.user_id,
           (d.removed_at is null and d.date = dr.due_date and d.closed_how is null
             and t.status is distinct from 'done' and coalesce(st.state, 'open') = 'open') as still_open
      from deadline_reminders dr
      join users u on u.id = dr.user_id
      join deadlines d on d.project_id = dr.project_id and d.key = dr.key
      join projects p on p.id = d.project_id
      left join requests r on r.id = d.request_id
      left join terms t on t.id = d.term_id
      left join deadline_states st on st.project_id = d.project_id and st.key = d.key
     where dr.id = ${anyId(reminderIds)}
     order by d.date, p.refrence_code, d.key`);
  return rowsOf<SubjectRow>(result);
}

function subjectOf(row: SubjectRow): ReminderSubject {
  return {
    projectId: row.project_id,
    refrenceCode: row.refrence_code,
    origin: row.origin,
    nameKey: row.name_key,
    name: row.name,
    requestNumber: row.request_number,
    date: row.date,
    plainDate: row.plain_date,
    shiftReason: row.shift?.reason ?? null,
    holiday: row.shift?.holiday ?? null,
  };
}

const matterPath = (projectId: string) => webPathOf('projects', undefined, { [matterQueryParam]: projectId });

/** Marks a planned reminder whose deadline was done, let lapse or moved before its mail went out. */
const notSent = '00000000-0000-0000-0000-000000000000';
const claimBatch = 200;

/** At most one mail per reminder, ever (a re-run, a second process). */
const dedupeKeyOf = (reminderId: string) => `reminder:${reminderId}`;

/** Records each reminder's mail (or notSent) in one statement. */
async function setMailIds(db: Executor, mailIds: readonly (readonly [string, string])[]): Promise<void> {
  if (mailIds.length === 0) return;
  const rows = mailIds.map(([id, mailId]) => ({ id, mail_id: mailId }));
  await db.execute(sql`
    update deadline_reminders as dr set mail_id = v.mail_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v (id uuid, mail_id uuid)
     where dr.id = v.id`);
}

/**
 * Mails every planned one-by-one reminder not mailed yet, each once: a batch is claimed with
 * SKIP LOCKED in a transaction that also queues the mails (outbox dedupe key = the reminder), so
 * two processes never take the same row, and a crash before the commit leaves it for the next run.
 */
async function mailPending(db: Executor, options: PlanOptions): Promise<number> {
  let mailed = 0;
  for (;;) {
    const claimedCount = await db.transaction(async (tx) => {
      const claimed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from deadline_reminders
           where mail_id is null and delivery = 'mail'
           order by created_at limit ${claimBatch}
           for update skip locked`),
      );
      if (claimed.length === 0) return 0;
      const subjects = await subjectsOf(
        tx,
        claimed.map((row) => row.id),
      );
      const mails: KeyedMail[] = [];
      for (const row of subjects) {
        if (!row.still_open) continue;
        const locale: Locale = row.locale === 'en' ? 'en' : 'ja';
        const line = deadlineLine(locale, subjectOf(row), options.link(matterPath(row.project_id)));
        mails.push({
          to: row.email,
          locale,
          template: 'deadlineDue',
          params: {
            ...line,
            before: describeDaysLeft(locale, options.today, row.date),
            asAdministrator: row.as_administrator,
          },
          dedupeKey: dedupeKeyOf(row.reminder_id),
          reference: dedupeKeyOf(row.reminder_id),
        });
      }
      // The whole batch in a few statements: one round trip per reminder took 44 s (PostgreSQL)
      // and 88 s (PGlite) for the 11,840 reminders of the deadlines bench (bench/api-terms.ts).
      const queued = await options.queueMail.many(tx, mails);
      mailed += queued.size;
      // A reminder no longer open, or whose mail exists already under its key, is marked not sent.
      await setMailIds(
        tx,
        subjects.map((row) => [row.reminder_id, queued.get(dedupeKeyOf(row.reminder_id)) ?? notSent]),
      );
      return claimed.length;
    });
    if (claimedCount < claimBatch) return mailed;
  }
}

/** A Monday in Japan time: weekly digests go out then. */
const isMonday = (today: string) => new Date(`${today}T00:00:00Z`).getUTCDay() === 1;

/**
 * Daily digests every day, weekly ones on Mondays: each user's unsent digest reminders are claimed
 * (rows another process claimed are not seen again) and sent in one mail.
 */
async function mailDigests(db: Executor, options: PlanOptions): Promise<number> {
  const deliveries: ('daily' | 'weekly')[] = isMonday(options.today) ? ['daily', 'weekly'] : ['daily'];
  const pending = await db
    .select({ userId: deadlineReminders.userId })
    .from(deadlineReminders)
    .where(and(isNull(deadlineReminders.mailId), inArray(deadlineReminders.delivery, deliveries)))
    .groupBy(deadlineReminders.userId);
  let digests = 0;
  for (const { userId } of pending) {
    await db.transaction(async (tx) => {
      const digestId = crypto.randomUUID();
      const claimed = await tx
        .update(deadlineReminders)
        .set({ mailId: digestId })
        .where(
          and(
            eq(deadlineReminders.userId, userId),
            isNull(deadlineReminders.mailId),
            inArray(deadlineReminders.delivery, deliveries),
          ),
        )
        .returning({ id: deadlineReminders.id, delivery: deadlineReminders.delivery });
      // Only open deadlines: one done or let lapse since it was planned is left out.
      const rows = await subjectsOf(
        tx,
        claimed.map((row) => row.id),
      );
      const lines = rows.filter((row) => row.still_open);
      const first = lines[0];
      if (!first) {
        await tx
          .update(deadlineReminders)
          .set({ mailId: notSent })
          .where(eq(deadlineReminders.mailId, digestId));
        return;
      }
      const locale: Locale = first.locale === 'en' ? 'en' : 'ja';
      const mailId = await options.queueMail(tx, {
        to: first.email,
        locale,
        template: 'deadlineDigest',
        params: {
          weekly: claimed.every((row) => row.delivery === 'weekly'),
          lines: lines.map((row) =>
            deadlineLine(locale, subjectOf(row), options.link(matterPath(row.project_id))),
          ),
        },
        dedupeKey: `digest:${digestId}`,
        reference: `digest:${userId}`,
      });
      if (mailId) {
        digests += 1;
        await tx.update(deadlineReminders).set({ mailId }).where(eq(deadlineReminders.mailId, digestId));
      }
    });
  }
  return digests;
}

/** Plans and sends the reminders due on `options.today`. Safe to run any number of times, anywhere. */
export async function planReminders(db: Executor, options: PlanOptions): Promise<PlanResult> {
  const planned = await insertDueReminders(db, options.today, options.projectIds);
  const mailed = await mailPending(db, options);
  const digests = options.projectIds ? 0 : await mailDigests(db, options);
  return { planned: planned.length, mailed, digests };
}
