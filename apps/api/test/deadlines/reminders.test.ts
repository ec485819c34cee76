/**
 * Reminders with the clock moved day by day through most of a year: exactly the expected
 * reminders, each once, per user settings; a changed date re-plans; nothing after done; the
 * organization's administrators hear of the last week; weekly digests on Mondays; mails in the
 * user's language naming the reference, the deadline, its date and a link (never the title).
 */
import { deadlineEndpoints, requestTermEndpoints, type EndpointRoute } from '@ipportal/domain';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadlineReminders, mailOutbox, users } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { planReminders } from '../../src/reminders/plan.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call, type CallArgs } from '../support/endpoints.js';
import { createMailSink, type MailSink } from '../support/mail-sink.js';
import { createMatter } from '../projects/support.js';
import { buildWorld, type DetailWorld } from '../requests/detail-support.js';
import { setDates } from './support.js';

function* days(from: string, to: string): Generator<string> {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

const nextMonday = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(t).getUTCDay();
  return new Date(t + ((8 - weekday) % 7) * 86_400_000).toISOString().slice(0, 10);
};

describe.skipIf(skipDriver)('deadline reminders through a year', () => {
  let ctx: TestContext;
  let sink: MailSink;
  let w: DetailWorld;
  let trademarkId: string;

  const send = <E extends EndpointRoute>(user: DetailWorld['owner'], definition: E, args: CallArgs<E>) =>
    call(ctx, definition, { ...args, as: user });
  const setPeriods = (decisionPeriod: string, userPeriod?: string) =>
    send(w.owner, requestTermEndpoints.updateRequestPeriods, {
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
      body: userPeriod ? { decisionPeriod, userPeriod } : { decisionPeriod },
    });

  const plan = (today: string) =>
    planReminders(ctx.app.db, {
      today,
      link: (path) => `https://portal.example${path}`,
      queueMail: mailQueueOf(ctx.app.jobs),
    });

  beforeAll(async () => {
    sink = createMailSink();
    ctx = await createTestContext({}, { mailer: sink });
    w = await buildWorld(ctx, 'rem');
    await ctx.app.db.update(users).set({ locale: 'en' }).where(eq(users.id, w.admin.id));
    const terms = await setPeriods('2027-03-31', '2027-02-26');
    expect(terms.statusCode).toBe(200);
    // A trademark registered 2017-06-15: renewal (an annuity-like payment) and term end 2027-06-15.
    const trademark = await createMatter(ctx, w.owner, {
      type: 2,
      refrenceCode: 'TM-7',
      title: '秘密の商標名',
    });
    trademarkId = trademark.id;
    await setDates(ctx, w.owner, trademarkId, { registration: { registDate: '2017-06-15' } });
    // The owner wants no annuity reminders; the administrator a weekly digest of deadlines.
    const bad = await send(w.owner, deadlineEndpoints.updateReminderSettings, {
      params: { scope: 'pension' },
      body: {
        enabled: false,
        offsets: ['P6X'],
        kinds: ['payment'],
        delivery: 'mail',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await send(w.owner, deadlineEndpoints.updateReminderSettings, {
          params: { scope: 'pension' },
          body: {
            enabled: false,
            offsets: ['P3M'],
            kinds: ['payment'],
            delivery: 'mail',
          },
        })
      ).statusCode,
    ).toBe(200);
    const weekly = await send(w.admin, deadlineEndpoints.updateReminderSettings, {
      params: { scope: 'term' },
      body: {
        enabled: true,
        offsets: ['P0D', 'P6M', 'P3M', 'P1M', 'P2W', 'P1W', 'P1W'],
        kinds: ['procedure', 'payment', 'termEnd', 'internal'],
        delivery: 'weekly',
      },
    });
    expect(weekly.json<{ item: unknown }>().item).toMatchObject({
      offsets: ['P6M', 'P3M', 'P1M', 'P2W', 'P1W', 'P0D'],
      delivery: 'weekly',
    });

    for (const today of days('2026-08-01', '2027-05-10')) {
      if (today === '2027-02-13') {
        // The owner files the internal deadline's work: done, its later reminders stop.
        const key = `request:${w.requestId}:user`;
        expect(
          (
            await send(w.owner, deadlineEndpoints.setDeadlineState, {
              params: { projectId: w.projectId },
              body: { key, state: 'done' },
            })
          ).statusCode,
        ).toBe(200);
      }
      if (today === '2027-03-20') {
        // The office's deadline is extended by a month: its reminders are planned again.
        const moved = await setPeriods('2027-04-30');
        expect(moved.statusCode).toBe(200);
      }
      await plan(today);
      // A second run the same day (another process, a restart) adds nothing.
      expect(await plan(today)).toMatchObject({ planned: 0, mailed: 0 });
    }
  }, 240_000);
  afterAll(async () => ctx?.close());

  const remindersOf = async (userId: string) =>
    (
      await ctx.app.db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.userId, userId))
        .orderBy(deadlineReminders.plannedOn, deadlineReminders.key)
    ).map((row) => ({
      what: row.key
        .replace(/^request:[^:]+:/, '')
        .replace(/^jp\.trademark\./, '')
        .replace(/#\d+$/, ''),
      due: row.dueDate,
      offset: row.offset,
      on: row.plannedOn,
      delivery: row.delivery,
      admin: row.asAdministrator,
    }));

  test('the member: each default offset once per deadline and date, none after done, none for annuities', async () => {
    const mail = { delivery: 'mail', admin: false };
    expect(await remindersOf(w.owner.id)).toEqual([
      { what: 'user', due: '2027-02-26', offset: 'P6M', on: '2026-08-26', ...mail },
      { what: 'legal', due: '2027-03-31', offset: 'P6M', on: '2026-09-30', ...mail },
      { what: 'user', due: '2027-02-26', offset: 'P3M', on: '2026-11-26', ...mail },
      { what: 'termExpiry', due: '2027-06-15', offset: 'P6M', on: '2026-12-15', ...mail },
      { what: 'legal', due: '2027-03-31', offset: 'P3M', on: '2026-12-31', ...mail },
      { what: 'user', due: '2027-02-26', offset: 'P1M', on: '2027-01-26', ...mail },
      { what: 'user', due: '2027-02-26', offset: 'P2W', on: '2027-02-12', ...mail },
      { what: 'legal', due: '2027-03-31', offset: 'P1M', on: '2027-02-28', ...mail },
      { what: 'termExpiry', due: '2027-06-15', offset: 'P3M', on: '2027-03-15', ...mail },
      { what: 'legal', due: '2027-03-31', offset: 'P2W', on: '2027-03-17', ...mail },
      // Moved on 2027-03-20 to 2027-04-30: the offset due that day, then the rest in turn.
      { what: 'legal', due: '2027-04-30', offset: 'P3M', on: '2027-03-20', ...mail },
      { what: 'legal', due: '2027-04-30', offset: 'P1M', on: '2027-03-30', ...mail },
      { what: 'legal', due: '2027-04-30', offset: 'P2W', on: '2027-04-16', ...mail },
      { what: 'legal', due: '2027-04-30', offset: 'P1W', on: '2027-04-23', ...mail },
      { what: 'legal', due: '2027-04-30', offset: 'P0D', on: '2027-04-30', ...mail },
    ]);
    const queued = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, w.owner.email), eq(mailOutbox.template, 'deadlineDue')));
    expect(queued).toHaveLength(15);
    expect(new Set(queued.map((row) => row.dedupeKey)).size).toBe(15);
  });

  test('the mail: the member’s language, reference, deadline, date and link; never the title', async () => {
    const mail = await sink.waitFor(
      (m) =>
        m.to === w.owner.email &&
        m.template === 'deadlineDue' &&
        JSON.stringify(m.params).includes('2027年4月30日'),
    );
    const params = mail.params as Record<string, unknown>;
    expect(mail.locale).toBe('ja');
    expect(params).toMatchObject({
      reference: 'P-2026-001',
      deadline: `法定期限（依頼 No.${w.number}）`,
      plainDate: '',
      url: `https://portal.example/projects?project-id=${w.projectId}`,
    });
    expect(JSON.stringify(params)).not.toContain(w.projectTitle);
    const trademark = await sink.waitFor(
      (m) => m.to === w.owner.email && JSON.stringify(m.params).includes('TM-7'),
    );
    expect(JSON.stringify(trademark.params)).not.toContain('秘密の商標名');
    expect((trademark.params as { deadline: string }).deadline).toBe('存続期間満了日');
  });

  test('the administrator: weekly digests on Mondays, the last week as a mail of its own', async () => {
    const rows = await remindersOf(w.admin.id);
    expect(rows.filter((row) => row.admin)).toEqual([
      { what: 'legal', due: '2027-04-30', offset: 'P1W', on: '2027-04-23', delivery: 'mail', admin: true },
    ]);
    // Annuities follow the administrator's default pension settings: one mail each.
    expect(rows.filter((row) => row.what === 'renewalWindow')).toEqual([
      {
        what: 'renewalWindow',
        due: '2027-06-15',
        offset: 'P6M',
        on: '2026-12-15',
        delivery: 'mail',
        admin: false,
      },
      {
        what: 'renewalWindow',
        due: '2027-06-15',
        offset: 'P3M',
        on: '2027-03-15',
        delivery: 'mail',
        admin: false,
      },
    ]);
    const digestRows = rows.filter((row) => !row.admin && row.what !== 'renewalWindow');
    expect(digestRows.every((row) => row.delivery === 'weekly')).toBe(true);
    expect(digestRows.map((row) => `${row.what} ${row.offset} ${row.on}`)).toContain(
      'termExpiry P6M 2026-12-15',
    );
    const digests = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, w.admin.email), eq(mailOutbox.template, 'deadlineDigest')));
    const mondays = new Set(
      digestRows
        .filter((row) => row.delivery === 'weekly' && row.on <= '2027-05-10')
        .map((row) => nextMonday(row.on)),
    );
    // The last digest row (2027-04-30, a Friday) waits for Monday 2027-05-03, inside the walk.
    // Monday 2027-02-15 has none: its only reminder (the internal deadline, 2027-02-12) was done
    // on 2027-02-13, before the digest went out.
    expect(mondays.has('2027-02-15')).toBe(true);
    expect(digests).toHaveLength(mondays.size - 1);
    const pending = await ctx.app.db
      .select()
      .from(deadlineReminders)
      .where(
        and(
          eq(deadlineReminders.userId, w.admin.id),
          isNotNull(deadlineReminders.mailId),
          ne(deadlineReminders.delivery, 'mail'),
        ),
      );
    expect(pending.length).toBe(digestRows.length);
    const escalation = await sink.waitFor(
      (m) =>
        m.to === w.admin.email &&
        m.template === 'deadlineDue' &&
        (m.params as { asAdministrator: boolean }).asAdministrator,
    );
    expect(escalation.locale).toBe('en');
    expect(escalation.params).toMatchObject({
      asAdministrator: true,
      deadline: `Legal deadline (request No. ${w.number})`,
    });
  });

  test('members who do not see the matter get nothing', async () => {
    expect(await remindersOf(w.unassigned.id)).toEqual([]);
    expect(await remindersOf(w.stranger.id)).toEqual([]);
  });

  test('a deadline done or let lapse gets no more reminders', async () => {
    expect(
      (
        await send(w.owner, deadlineEndpoints.setDeadlineState, {
          params: { projectId: trademarkId },
          body: {
            key: 'jp.trademark.termExpiry',
            state: 'lapsed',
            reason: '不要',
          },
        })
      ).statusCode,
    ).toBe(200);
    const before = (await remindersOf(w.owner.id)).length;
    for (const today of days('2027-05-11', '2027-06-16')) await plan(today);
    expect((await remindersOf(w.owner.id)).length).toBe(before);
  });

  test('an offset typed on a Japanese keyboard (P４５D) is stored in half width', async () => {
    const saved = await send(w.unassigned, deadlineEndpoints.updateReminderSettings, {
      params: { scope: 'term' },
      body: {
        enabled: true,
        offsets: ['P４５D', 'P１M'],
        kinds: ['procedure'],
        delivery: 'mail',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ item: unknown }>().item).toMatchObject({ offsets: ['P45D', 'P1M'] });
  });
});
