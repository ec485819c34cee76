import {
  deadlineEndpoints,
  pensionEndpoints,
  pensionOverviewSchema,
  itemEnvelope,
  pensionMatterSchema,
  pensionMatterReadSchema,
  errorEnvelopeSchema,
  RegionCode,
} from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, pensionPayments, pensions, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { assign, createMatter, createOrganization, signIn, type TestUser } from '../projects/support.js';

const matterAnswer = itemEnvelope(pensionMatterSchema);
const overviewAnswer = itemEnvelope(pensionOverviewSchema);
const pensionMatterReadAnswer = itemEnvelope(pensionMatterReadSchema);

/**
 * /pension: the schedules of the registered rights the caller may see (the matters' own scope),
 * a recorded payment moving the schedule on, decisions, and refusals that change nothing.
 */
describe.skipIf(skipDriver)('annuity schedules (/pension)', () => {
  let ctx: TestContext;
  const u: Record<string, TestUser> = {};
  const m: Record<string, string> = {};

  /** A registered JP patent: registered 2024-05-01 (filed 2021-01-10), 2 claims. */
  const register = async (id: string, values: Partial<typeof projects.$inferInsert>) => {
    await ctx.app.db.update(projects).set(values).where(eq(projects.id, id));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['alice', 'bob', 'carol', 'dave'])
      u[name] = await signIn(ctx, 'REGULAR', `${name}@example.com`);
    await createOrganization(ctx, [
      { user: u.carol!, role: 0 },
      { user: u.dave!, role: 1 },
    ]);
    m.alicePatent = (await createMatter(ctx, u.alice!, { refrenceCode: 'A-PAT' })).id;
    m.aliceUnregistered = (await createMatter(ctx, u.alice!, { refrenceCode: 'A-APP' })).id;
    m.carolTrademark = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-TM', type: 2 })).id;
    m.carolUs = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-US', regionCode: 2 })).id;
    await register(m.alicePatent, {
      regionCode: 1,
      type: 0,
      applicationDate: '2021-01-10',
      registDate: '2024-05-01',
      claimsCount: 2,
    });
    await register(m.carolTrademark, { regionCode: 1, registDate: '2017-03-10', niceClasses: [9, 42] });
    await register(m.carolUs, { type: 0, applicationDate: '2019-02-01', issueDate: '2023-01-10' });
    // Dave (a member) is assigned the US patent only.
    await assign(ctx, m.carolUs, u.dave!);
  });
  afterAll(async () => ctx?.close());

  const overview = async (user: TestUser) => {
    const response = await call(ctx, pensionEndpoints.getPensionOverview, { headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return overviewAnswer.parse(response.json()).item;
  };

  test('each user sees the schedules of the registered rights they may see, nothing else', async () => {
    expect((await overview(u.alice!)).matters.map((x) => x.refrenceCode)).toEqual(['A-PAT']);
    expect((await overview(u.bob!)).matters).toEqual([]);
    expect((await overview(u.carol!)).matters.map((x) => x.refrenceCode)).toEqual(['C-TM', 'C-US']);
    expect((await overview(u.dave!)).matters.map((x) => x.refrenceCode)).toEqual(['C-US']);
    // Someone else's matter answers 404 as if it did not exist.
    const foreign = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId: m.alicePatent! },
      headers: u.bob!.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  test('a matter with no schedule reads as 200: no entries, and why (not registered yet, or nothing to pay)', async () => {
    const read = async (projectId: string) => {
      const response = await call(ctx, pensionEndpoints.getPension, {
        params: { projectId },
        headers: u.alice!.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return pensionMatterReadAnswer.parse(response.json()).item;
    };
    const unregistered = await read(m.aliceUnregistered!);
    expect(unregistered).toMatchObject({
      refrenceCode: 'A-APP',
      registDate: null,
      entries: [],
      payments: [],
      scheduleMissing: 'notRegistered',
    });
    // Registered where no annuity is scheduled (a region the rules do not cover).
    const elsewhere = (await createMatter(ctx, u.alice!, { refrenceCode: 'A-CN' })).id;
    await register(elsewhere, { regionCode: RegionCode.Other, type: 0, registDate: '2024-05-01' });
    expect(await read(elsewhere)).toMatchObject({ entries: [], scheduleMissing: 'noAnnuities' });
    // A matter with a schedule says nothing is missing; the overview lists only those.
    expect(await read(m.alicePatent!)).toMatchObject({ scheduleMissing: null });
    expect((await overview(u.alice!)).matters.map((x) => x.refrenceCode)).toEqual(['A-PAT']);
  });

  test('a JP patent lists year 4 on with due dates, late periods and fees from the tables; a trademark its renewal with the split', async () => {
    const alice = await overview(u.alice!);
    const patent = alice.matters[0]!;
    expect(patent.paidThroughYear).toBe(3);
    // 2027-05-01 is a Saturday in Golden Week: the due date moves to Thursday 6 May.
    expect(patent.entries[0]).toMatchObject({
      key: 'jp.patent.annuity#4',
      plainDate: '2027-05-01',
      dueDate: '2027-05-06',
      shift: { reason: 'weekend' },
      lateUntil: '2027-11-08',
      fee: { amount: 11_900, lateAmount: 23_800, currency: 'JPY' },
    });
    const carol = await overview(u.carol!);
    const trademark = carol.matters.find((x) => x.refrenceCode === 'C-TM')!;
    expect(trademark.entries[0]).toMatchObject({
      key: 'jp.trademark.renewalWindow#11',
      fee: { amount: 87_200 },
      split: { lump10: 87_200, half5: 45_600, difference: 4_000 },
    });
    const us = carol.matters.find((x) => x.refrenceCode === 'C-US')!;
    expect(us.entries.map((e) => [e.key, e.fee?.currency, e.fee?.amount])).toEqual([
      ['us.patent.maintenanceFee#4', 'USD', 2_150],
      ['us.patent.maintenanceFee#8', 'USD', 4_040],
      ['us.patent.maintenanceFee#12', 'USD', 8_280],
    ]);
    // Totals keep currencies apart (no exchange rates are held).
    const ten = carol.forecast.find((f) => f.years === 10)!;
    expect(ten.totals.map((t) => t.currency).sort()).toEqual(['JPY', 'USD']);
  });

  test('recording a payment moves the schedule on and goes into the history', async () => {
    const response = await call(ctx, pensionEndpoints.recordPensionPayment, {
      params: { projectId: m.alicePatent! },
      headers: u.alice!.headers,
      body: {
        paidOn: '2026-11-02',
        yearFrom: 4,
        yearTo: 5,
        amount: 23_800,
        currency: 'JPY',
        receiptNumber: 'R-2026-001',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const patent = matterAnswer.parse(response.json()).item;
    expect(patent.paidThroughYear).toBe(5);
    expect(patent.entries.slice(0, 3).map((e) => [e.year, e.state])).toEqual([
      [4, 'paid'],
      [5, 'paid'],
      [6, 'open'],
    ]);
    expect(patent.payments).toMatchObject([
      { yearFrom: 4, yearTo: 5, amount: 23_800, receiptNumber: 'R-2026-001' },
    ]);
    const rows = await ctx.app.db
      .select({ year: pensions.yearNumber, status: pensions.status })
      .from(pensions)
      .where(eq(pensions.projectId, m.alicePatent!))
      .orderBy(asc(pensions.yearNumber));
    expect(rows).toEqual([
      { year: 4, status: 'paid' },
      { year: 5, status: 'paid' },
    ]);
    const events = await ctx.app.db
      .select({ action: history.action })
      .from(history)
      .where(and(eq(history.projectId, m.alicePatent!), eq(history.action, 'pension.payment.record')));
    expect(events).toHaveLength(1);

    // The years paid are no longer deadlines on /terms (nor in the feed or the reminders).
    const listed = await call(ctx, deadlineEndpoints.listDeadlines, {
      namespace: 'user',
      headers: u.alice!.headers,
      query: { projectId: m.alicePatent!, limit: 1000 },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const keys = listed.json<{ items: { key: string }[] }>().items.map((item) => item.key);
    expect(keys).toContain('jp.patent.annuity#6');
    expect(keys).not.toContain('jp.patent.annuity#4');
    expect(keys).not.toContain('jp.patent.annuity#5');
  });

  test('a decision to let the right lapse needs a reason; with one it is kept and recorded', async () => {
    const params = { projectId: m.alicePatent!, year: 6 };
    const noReason = await call(ctx, pensionEndpoints.setPensionDecision, {
      params,
      headers: { ...u.alice!.headers, 'accept-language': 'en' },
      body: { decision: 'lapse' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(noReason.json()).message).toContain(
      'Give a reason for letting the right lapse',
    );
    const ok = await call(ctx, pensionEndpoints.setPensionDecision, {
      params,
      headers: u.alice!.headers,
      body: { decision: 'lapse', reason: '製品終了のため' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const entry = matterAnswer.parse(ok.json()).item.entries.find((e) => e.year === 6);
    expect(entry).toMatchObject({ state: 'lapse', decision: 'lapse', decisionReason: '製品終了のため' });
  });

  test('invalid payments are refused with a translated message and change nothing', async () => {
    const before = await ctx.app.db.select().from(pensionPayments);
    const cases = [
      // Not the next unpaid year (6 is next).
      [{ paidOn: '2026-11-02', yearFrom: 8, yearTo: 8, amount: 1, currency: 'JPY' }, '第6年分', 'yearFrom'],
      // Ends in the middle of nothing scheduled.
      [
        { paidOn: '2026-11-02', yearFrom: 6, yearTo: 40, amount: 1, currency: 'JPY' },
        '納付単位の終わり',
        'yearTo',
      ],
      // In the future.
      [{ paidOn: '2099-01-01', yearFrom: 6, yearTo: 6, amount: 1, currency: 'JPY' }, '未来の日付', 'paidOn'],
      // Schema: a negative amount.
      [{ paidOn: '2026-11-02', yearFrom: 6, yearTo: 6, amount: -5, currency: 'JPY' }, '0.01 から', 'amount'],
    ] as const;
    for (const [body, message, field] of cases) {
      const response = await call(ctx, pensionEndpoints.recordPensionPayment, {
        params: { projectId: m.alicePatent! },
        headers: { ...u.alice!.headers, 'accept-language': 'ja' },
        body,
      });
      expect(response.statusCode, response.body).toBe(400);
      const answer = errorEnvelopeSchema.parse(response.json());
      expect(JSON.stringify(answer)).toContain(message);
      expect(answer.errors?.map((e) => e.path)).toContain(field);
    }
    // Someone who cannot see the matter gets 404 and records nothing.
    const foreign = await call(ctx, pensionEndpoints.recordPensionPayment, {
      params: { projectId: m.alicePatent! },
      headers: u.bob!.headers,
      body: { paidOn: '2026-11-02', yearFrom: 6, yearTo: 6, amount: 1, currency: 'JPY' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.app.db.select().from(pensionPayments)).toEqual(before);
  });

  test('a trademark renewal may be paid for 5 years; then the second half is due', async () => {
    const response = await call(ctx, pensionEndpoints.recordPensionPayment, {
      params: { projectId: m.carolTrademark! },
      headers: u.carol!.headers,
      body: { paidOn: '2026-10-01', yearFrom: 11, yearTo: 15, amount: 45_600, currency: 'JPY' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const trademark = matterAnswer.parse(response.json()).item;
    const open = trademark.entries.find((e) => e.state !== 'paid');
    expect(open).toMatchObject({
      key: 'jp.trademark.secondHalf#16',
      plainDate: '2032-03-10',
      fee: { amount: 45_600 },
    });
  });

  test('the fee reduction changes the fees of the years it covers', async () => {
    const response = await call(ctx, pensionEndpoints.updatePensionSettings, {
      params: { projectId: m.carolUs! },
      headers: u.carol!.headers,
      body: { feeReduction: 'usSmall' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const us = matterAnswer.parse(response.json()).item;
    expect(us.entries.map((e) => e.fee?.amount)).toEqual([860, 1_616, 3_312]);
    // A member sees the matter assigned to them, but not the organization's other rights.
    const member = await call(ctx, pensionEndpoints.updatePensionSettings, {
      params: { projectId: m.carolTrademark! },
      headers: u.dave!.headers,
      body: { feeReduction: null },
    });
    expect(member.statusCode).toBe(404);
  });
});
