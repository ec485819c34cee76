/**
 * Every rule over every matter of the demo data: the demo client's /terms opens with no overdue
 * deadline that the matter's own record shows was met, the granted EP does not owe the renewals
 * before its grant, and the portfolio has a design and a utility model with their annuities.
 */
import {
  CaseType,
  itemEnvelope,
  pensionEndpoints,
  pensionMatterReadSchema,
  todayInJapan,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects, users } from '../../src/db/schema/index.js';
import { refreshDeadlines } from '../../src/repositories/deadlines/refresh.js';
import { loadOrCreatePrincipal } from '../../src/repositories/users.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import type { TestUser } from '../projects/support.js';
import { contradiction, factsOf } from './facts-agree.js';
import { call } from '../support/endpoints.js';
import { allDeadlines } from './support.js';

describe.skipIf(skipDriver)('the demo portfolio’s deadlines agree with its facts', () => {
  let ctx: TestContext;
  let client: TestUser;
  let projectIds: string[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const subs = new Map<string, string>();
    const subOf = (email: string) => subs.get(email) ?? subs.set(email, crypto.randomUUID()).get(email)!;
    await seedDemo(ctx.app.db, { ensureIdentityUser: (user) => Promise.resolve(subOf(user.email)) });
    const sub = subOf('demo@example.com');
    const [demo] = await ctx.app.db.select().from(users).where(eq(users.identitySub, sub));
    projectIds = (await ctx.app.db.select({ id: projects.id }).from(projects)).map((row) => row.id);
    // What the start-up refresh does after seeding.
    await refreshDeadlines(ctx.app.db, projectIds);
    const email = demo!.email;
    const principal = await loadOrCreatePrincipal(ctx.app.db, 'REGULAR', { sub, email });
    client = {
      id: principal.userId,
      email,
      headers: {
        authorization: `Bearer ${ctx.identity.token('REGULAR', { sub, email, name: 'demo' })}`,
      },
    };
  }, 120_000);
  afterAll(async () => ctx?.close());

  test('the demo client’s /terms opens with no overdue deadline its record contradicts', async () => {
    const today = todayInJapan();
    const open = await allDeadlines(ctx, client);
    const facts = await factsOf(ctx.app.db, projectIds);
    const overdue = open.filter((item) => item.date < today);
    expect(
      overdue.flatMap((item) => {
        const why = contradiction(item, facts.get(item.projectId), today);
        return why ? [`${item.refrenceCode} ${item.key} ${item.date}: ${why}`] : [];
      }),
    ).toEqual([]);
    // The demo is dated so that nothing is overdue today: its open deadlines are all ahead.
    expect(overdue.map((item) => `${item.refrenceCode} ${item.key} ${item.date}`)).toEqual([]);
  });

  test('the record’s facts close what they prove: the registered patent’s exam request, the PCT’s entry', async () => {
    const all = await allDeadlines(ctx, client, { state: 'all' });
    const of = (code: string, key: string) =>
      all.find((item) => item.refrenceCode === code && item.key === key);
    expect(of('P-2021-010', 'jp.patent.examinationRequest')).toMatchObject({
      state: 'closed',
      closedBy: { how: 'done', fact: 'examinationRequest', date: '2021-06-15' },
    });
    expect(of('P-2024-002', 'pct.nationalPhaseEntry')).toMatchObject({
      state: 'closed',
      closedBy: { how: 'done', fact: 'nationalEntry', date: null },
    });
    // The granted EP owes the EPO nothing after its grant; the states it was validated in (DE,
    // FR, GB, IT) are owed from the year after, due on the last day of the filing anniversary's
    // month; the deadline is the last day each office takes the fee without surcharge (Germany
    // 2 months later, the UK 1).
    const ep = all.filter((item) => item.refrenceCode === 'P-2023-007');
    expect(ep.some((item) => item.key.startsWith('ep.patent.renewalFee'))).toBe(false);
    for (const state of ['FR', 'IT'])
      expect(of('P-2023-007', `ep.national.${state}.renewalFee#5`)?.date).toBe('2027-02-28');
    expect(of('P-2023-007', 'ep.national.DE.renewalFee#5')?.date).toBe('2027-04-30');
    expect(of('P-2023-007', 'ep.national.GB.renewalFee#5')?.date).toBe('2027-03-31');
    // A utility model and a design, each with its next annuity ahead.
    const types = new Set(all.map((item) => item.caseType));
    expect(types).toContain(CaseType.UtilityModel);
    expect(types).toContain(CaseType.Design);
    expect(of('U-2023-001', 'jp.utilityModel.annuity#5')?.date).toBe('2027-06-21');
    expect(of('D-2022-001', 'jp.design.annuity#6')?.date).toBe('2027-11-08');
    expect(of('P-2021-010', 'jp.patent.annuity#5')?.date).toBe('2027-05-10');
  });

  test('/pension of the demo EP validated in Italy lists the Italian renewal fee from year 5', async () => {
    const [ep] = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.refrenceCode, 'P-2023-007'));
    const response = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId: ep!.id },
      headers: client.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = itemEnvelope(pensionMatterReadSchema).parse(response.json()).item.entries;
    expect(entries.find((e) => e.key === 'ep.national.IT.renewalFee#5')).toMatchObject({
      dueDate: '2027-02-28',
      lateUntil: '2027-08-31',
      fee: { amount: 60, lateAmount: 160, currency: 'EUR' },
      confirmed: true,
    });
  });
});
