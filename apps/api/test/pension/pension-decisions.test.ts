/**
 * One decision per annuity year: the year's deadline state, whichever page takes it. A lapse on
 * /pension shows on /terms (lapsed, with its reason) and stops the year's reminders; a lapse on
 * /terms shows on /pension; "pay" takes a lapse back and the reminders come again; a lapse
 * without a reason changes nothing. Each decision is one history record.
 */
import {
  deadlineEndpoints,
  deadlineListResponseSchema,
  errorEnvelopeSchema,
  itemEnvelope,
  pensionEndpoints,
  pensionMatterSchema,
  pensionOverviewSchema,
  type PensionEntry,
} from '@ipportal/domain';
import { and, asc, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadlineReminders, deadlineStates, history, pensions } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { planReminders } from '../../src/reminders/plan.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { setDates } from '../deadlines/support.js';

const matterAnswer = itemEnvelope(pensionMatterSchema);
const overviewAnswer = itemEnvelope(pensionOverviewSchema);

const minusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(skipDriver)('pay or let lapse: one decision for /pension and /terms', () => {
  let ctx: TestContext;
  let alice: TestUser;
  let projectId: string;
  /** Year 6 of the patent, the one decided on. */
  const key = 'jp.patent.annuity#6';

  beforeAll(async () => {
    ctx = await createTestContext();
    alice = await signIn(ctx, 'REGULAR', 'alice@example.com');
    // A JP patent filed 2021-01-10, registered 2024-05-01: annuities from year 4 (2027).
    projectId = (await createMatter(ctx, alice, { refrenceCode: 'A-PAT' })).id;
    await setDates(ctx, alice, projectId, { application: { applicationDate: '2021-01-10' } });
    await setDates(ctx, alice, projectId, { registration: { registDate: '2024-05-01' } });
  }, 120_000);
  afterAll(async () => ctx?.close());

  const decide = (year: number, body: { decision: 'pay' | 'lapse'; reason?: string }, locale = 'ja') =>
    call(ctx, pensionEndpoints.setPensionDecision, {
      params: { projectId, year },
      headers: { ...alice.headers, 'accept-language': locale },
      body,
    });

  const pensionEntry = async (year: number): Promise<PensionEntry> => {
    const response = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId },
      headers: alice.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return matterAnswer.parse(response.json()).item.entries.find((e) => e.year === year)!;
  };

  /** The deadline as /terms lists it (every state). */
  const termsItem = async (deadlineKey: string) => {
    const response = await call(ctx, deadlineEndpoints.listDeadlines, {
      namespace: 'user',
      headers: alice.headers,
      query: { projectId, state: 'all', limit: 1000 },
    });
    expect(response.statusCode, response.body).toBe(200);
    return deadlineListResponseSchema.parse(response.json()).items.find((i) => i.key === deadlineKey);
  };

  const decisionHistory = () =>
    ctx.app.db
      .select({ action: history.action, changes: history.changes })
      .from(history)
      .where(
        and(
          eq(history.projectId, projectId),
          or(like(history.action, 'deadline.%'), like(history.action, 'pension.decision%')),
        ),
      )
      .orderBy(asc(history.id));

  const plan = (today: string) =>
    planReminders(ctx.app.db, {
      today,
      projectIds: [projectId],
      link: (path) => `https://portal.example${path}`,
      queueMail: mailQueueOf(ctx.app.jobs),
    });

  const remindersOf = async (deadlineKey: string) =>
    ctx.app.db
      .select({ offset: deadlineReminders.offset, plannedOn: deadlineReminders.plannedOn })
      .from(deadlineReminders)
      .where(and(eq(deadlineReminders.projectId, projectId), eq(deadlineReminders.key, deadlineKey)))
      .orderBy(asc(deadlineReminders.plannedOn));

  test('a lapse without a reason is refused 400 and changes nothing', async () => {
    const before = { entry: await pensionEntry(6), item: await termsItem(key) };
    const states = await ctx.app.db.select().from(deadlineStates);
    for (const body of [{ decision: 'lapse' as const }, { decision: 'lapse' as const, reason: '   ' }]) {
      const response = await decide(6, body, 'en');
      expect(response.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).message).toContain(
        'Give a reason for letting the right lapse',
      );
    }
    expect(await pensionEntry(6)).toEqual(before.entry);
    expect(before.entry).toMatchObject({ decision: null, decisionReason: null });
    expect(await termsItem(key)).toEqual(before.item);
    expect(before.item).toMatchObject({ state: 'open' });
    expect(await ctx.app.db.select().from(deadlineStates)).toEqual(states);
    expect(await decisionHistory()).toEqual([]);
  });

  test('a lapse on /pension is the deadline lapsed on /terms, with its reason, one history record and no reminders', async () => {
    const response = await decide(6, { decision: 'lapse', reason: '製品終了のため' });
    expect(response.statusCode, response.body).toBe(200);
    const entry = matterAnswer.parse(response.json()).item.entries.find((e) => e.year === 6)!;
    expect(entry).toMatchObject({ key, state: 'lapse', decision: 'lapse', decisionReason: '製品終了のため' });

    expect(await termsItem(key)).toMatchObject({
      state: 'lapsed',
      lapseReason: '製品終了のため',
      stateBy: { id: alice.id },
    });
    // Not among the open deadlines /terms shows by default.
    const open = await call(ctx, deadlineEndpoints.listDeadlines, {
      namespace: 'user',
      headers: alice.headers,
      query: { projectId, limit: 1000 },
    });
    expect(deadlineListResponseSchema.parse(open.json()).items.map((i) => i.key)).not.toContain(key);

    expect(await decisionHistory()).toEqual([
      {
        action: 'deadline.lapse',
        changes: {
          key,
          nameKey: 'deadline.jp.patent.annuity.name',
          date: entry.dueDate,
          state: ['open', 'lapsed'],
          reason: '製品終了のため',
        },
      },
    ]);

    // Ten days before its due date the two-week reminder would be due: nothing is planned for
    // it (the year after is too far away for any reminder yet).
    await plan(minusDays(entry.dueDate, 10));
    expect(await remindersOf(key)).toEqual([]);
  });

  test('"pay" takes the lapse back: open on /terms, undecided on /pension, reminded of again', async () => {
    const before = await pensionEntry(6);
    const response = await decide(6, { decision: 'pay' });
    expect(response.statusCode, response.body).toBe(200);
    const entry = matterAnswer.parse(response.json()).item.entries.find((e) => e.year === 6)!;
    expect(entry).toMatchObject({ state: 'open', decision: null, decisionReason: null });
    expect(await termsItem(key)).toMatchObject({ state: 'open', lapseReason: null, stateBy: null });
    expect((await decisionHistory()).map((row) => row.action)).toEqual(['deadline.lapse', 'deadline.reopen']);

    const today = minusDays(before.dueDate, 10);
    await plan(today);
    expect(await remindersOf(key)).toEqual([{ offset: 'P2W', plannedOn: today }]);

    // "Pay" on a year that is open changes nothing and records nothing.
    const again = await decide(6, { decision: 'pay' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await decisionHistory()).map((row) => row.action)).toEqual(['deadline.lapse', 'deadline.reopen']);
    expect(await termsItem(key)).toMatchObject({ state: 'open' });
  });

  test('a lapse on /terms shows on /pension as the decision to let lapse, with its reason', async () => {
    const lapsed = await call(ctx, deadlineEndpoints.setDeadlineState, {
      params: { projectId },
      headers: alice.headers,
      body: { key: 'jp.patent.annuity#7', state: 'lapsed', reason: 'ライセンス終了' },
    });
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    expect(await pensionEntry(7)).toMatchObject({
      state: 'lapse',
      decision: 'lapse',
      decisionReason: 'ライセンス終了',
    });
    // The overview shows it too.
    const overview = await call(ctx, pensionEndpoints.getPensionOverview, { headers: alice.headers });
    const matter = overviewAnswer.parse(overview.json()).item.matters.find((x) => x.projectId === projectId)!;
    expect(matter.entries.find((e) => e.year === 7)).toMatchObject({ decision: 'lapse' });

    // Marked done on /terms, year 8 reads as decided to pay; "pay" leaves it done.
    const done = await call(ctx, deadlineEndpoints.setDeadlineState, {
      params: { projectId },
      headers: alice.headers,
      body: { key: 'jp.patent.annuity#8', state: 'done' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await pensionEntry(8)).toMatchObject({ decision: 'pay', decisionReason: null });
    expect((await decide(8, { decision: 'pay' })).statusCode).toBe(200);
    expect(await termsItem('jp.patent.annuity#8')).toMatchObject({ state: 'done' });

    // And "pay" on /pension takes the /terms lapse back.
    expect((await decide(7, { decision: 'pay' })).statusCode).toBe(200);
    expect(await termsItem('jp.patent.annuity#7')).toMatchObject({ state: 'open', lapseReason: null });
    expect(await pensionEntry(7)).toMatchObject({ state: 'open', decision: null });
  });

  test('no decision writes a pensions row or a pension.decision.set record any more', async () => {
    expect(await ctx.app.db.select().from(pensions).where(eq(pensions.projectId, projectId))).toEqual([]);
    const actions = (await decisionHistory()).map((row) => row.action);
    expect(actions).not.toContain('pension.decision.set');
    expect(actions).toEqual([
      'deadline.lapse',
      'deadline.reopen',
      'deadline.lapse',
      'deadline.done',
      'deadline.reopen',
    ]);
  });
});
