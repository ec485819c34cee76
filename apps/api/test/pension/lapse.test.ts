/**
 * A right whose payment's late period passed unpaid reads as lapsed: on /pension (with the
 * restoration window and its deadline; later years leave the totals), on /terms and the matter's
 * deadlines (「消滅（追納期間経過）」, later years no longer owed), and its later years get no
 * reminders. Recording the payment as a restoration brings the right back, in the history too.
 */
import {
  itemEnvelope,
  pensionEndpoints,
  pensionMatterReadSchema,
  pensionOverviewSchema,
  todayInJapan,
  type DeadlineItem,
} from '@ipportal/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deadlineReminders, deadlines, history } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { refreshLapsedMatters } from '../../src/repositories/deadlines/lapse-refresh.js';
import { refreshDeadlines } from '../../src/repositories/deadlines/refresh.js';
import { planReminders } from '../../src/reminders/plan.js';
import { allDeadlines, setDates } from '../deadlines/support.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';

/** `months` calendar months from `iso` (day clamped to 28 so every month has it). */
function monthsFrom(iso: string, months: number): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 28));
  return t.toISOString().slice(0, 10);
}

describe.skipIf(skipDriver)('a lapsed right (late period passed unpaid)', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let patentId: string;
  const today = todayInJapan();
  // Registered 3 years and 8 months ago: year 4 fell due 8 months ago, its 6 months of late
  // payment ended about 2 months ago, and the year to restore it runs for about 10 more months.
  const registDate = monthsFrom(today, -44);

  const read = async () => {
    const response = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId: patentId },
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return itemEnvelope(pensionMatterReadSchema).parse(response.json()).item;
  };
  const termsOf = async (query: Record<string, string> = { state: 'all' }) =>
    (await allDeadlines(ctx, owner, { ...query, projectId: patentId })).reduce(
      (byKey, item) => byKey.set(item.key, item),
      new Map<string, DeadlineItem>(),
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signIn(ctx, 'REGULAR', 'lapse-owner@example.com');
    patentId = (await createMatter(ctx, owner, { refrenceCode: 'P-LAPSED', title: '放熱構造' })).id;
    await setDates(ctx, owner, patentId, {
      application: { applicationDate: monthsFrom(registDate, -30) },
      registration: { registDate, claimsCount: 4 },
    });
  }, 120_000);
  afterAll(async () => ctx?.close());

  test('/pension reads it as lapsed, with the restoration window, and later years leave the totals', async () => {
    const matter = await read();
    expect(matter.lapse).toMatchObject({ key: 'jp.patent.annuity#4', year: 4, fact: 'jpLatePaymentPassed' });
    expect(matter.lapse!.lateUntil < today).toBe(true);
    expect(matter.lapse!.restoration).toMatchObject({ key: 'jp.patent.restoration#4', passed: false });
    expect(matter.lapse!.restoration.dueDate > today).toBe(true);
    expect(matter.lapse!.source.ja).toBe('特許法第112条第4項');
    expect(matter.entries.find((e) => e.year === 4)?.state).toBe('missed');
    const later = matter.entries.filter((e) => e.year > 4);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((e) => e.state === 'ended')).toBe(true);
    expect(matter.forecast.map((f) => f.totals)).toEqual([[], [], []]);
    const overview = await call(ctx, pensionEndpoints.getPensionOverview, { headers: owner.headers });
    const totals = itemEnvelope(pensionOverviewSchema).parse(overview.json()).item;
    expect(totals.byCalendarYear).toEqual([]);
  });

  test('/terms and the matter’s deadlines read it as lapsed; the restoration is the open deadline', async () => {
    const all = await termsOf();
    expect(all.get('jp.patent.annuity#4')).toMatchObject({
      state: 'closed',
      closedBy: { how: 'lapsed', fact: 'jpLatePaymentPassed' },
    });
    expect(all.get('jp.patent.annuity#5')).toMatchObject({
      state: 'closed',
      closedBy: { how: 'notApplicable', fact: 'rightLapsed' },
    });
    const open = await termsOf({});
    expect([...open.keys()].filter((key) => key.startsWith('jp.patent.annuity'))).toEqual([]);
    expect(open.get('jp.patent.restoration#4')).toMatchObject({
      kind: 'payment',
      scope: 'pension',
      state: 'open',
    });
    // Nothing overdue: the lapse is not a missed deadline to chase, the restoration is ahead.
    expect([...open.values()].filter((item) => item.date < today)).toEqual([]);
  });

  test('reminders stop for the later years', async () => {
    // Year 5 falls due in about 4 months: open, it would be reminded of 6 months ahead.
    await planReminders(ctx.app.db, {
      today,
      link: (path) => `https://portal.example${path}`,
      queueMail: mailQueueOf(ctx.app.jobs),
    });
    const planned = await ctx.app.db
      .select({ key: deadlineReminders.key })
      .from(deadlineReminders)
      .where(
        and(eq(deadlineReminders.projectId, patentId), like(deadlineReminders.key, 'jp.patent.annuity%')),
      );
    expect(planned).toEqual([]);
  });

  test('the hourly refresh closes a right that lapsed since the deadlines were stored', async () => {
    const matter = await read();
    // As stored the day the late period ended: year 4 was still payable.
    await refreshDeadlines(ctx.app.db, [patentId], matter.lapse!.lateUntil);
    const stored = async () =>
      (
        await ctx.app.db
          .select({ closedHow: deadlines.closedHow })
          .from(deadlines)
          .where(and(eq(deadlines.projectId, patentId), eq(deadlines.key, 'jp.patent.annuity#4')))
      )[0]?.closedHow;
    expect(await stored()).toBeNull();
    expect(await refreshLapsedMatters(ctx.app.db, today)).toContain(patentId);
    expect(await stored()).toBe('lapsed');
    // Nothing left to refresh.
    expect(await refreshLapsedMatters(ctx.app.db, today)).not.toContain(patentId);
  });

  test('a restoration recorded as the payment brings the right back, with the history entry', async () => {
    const response = await call(ctx, pensionEndpoints.recordPensionPayment, {
      params: { projectId: patentId },
      headers: owner.headers,
      body: { paidOn: today, yearFrom: 4, yearTo: 4, amount: 46_400, currency: 'JPY' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const matter = await read();
    expect(matter.lapse).toBeNull();
    expect(matter.entries.find((e) => e.year === 5)?.state).not.toBe('ended');
    const entries = await ctx.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.projectId, patentId), eq(history.action, 'pension.right.restore')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toMatchObject({ lapse: ['jpLatePaymentPassed', null], year: [null, 4] });
    const all = await termsOf();
    expect(all.has('jp.patent.restoration#4')).toBe(false);
    expect(all.get('jp.patent.annuity#5')?.state).toBe('open');
  });
});
