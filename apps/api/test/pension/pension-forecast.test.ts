import {
  convertToYen,
  errorEnvelopeSchema,
  itemEnvelope,
  pensionEndpoints,
  pensionForecastEndpoints,
  pensionForecastSchema,
  pensionOverviewSchema,
  RegionCode,
  todayInJapan,
  type PensionForecast,
  type SetExchangeRatesBody,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forecastAbandonedMatters, forecastExchangeRates, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { assign, createMatter, createOrganization, signIn, type TestUser } from '../projects/support.js';

const forecastAnswer = itemEnvelope(pensionForecastSchema);

/** A date some years before today (Japan), so every schedule below stays inside the 10-year window. */
function yearsAgo(years: number, today = todayInJapan()): string {
  return `${Number(today.slice(0, 4)) - years}${today.slice(4, 7)}-01`;
}

/**
 * /pension-forecast: the next 10 years of annuities in yen at the rates the organization's
 * administrator set, the CSV with both currencies, and matters marked "to be abandoned".
 */
describe.skipIf(skipDriver)('annuity forecast in yen (/pension-forecast)', () => {
  let ctx: TestContext;
  const u: Record<string, TestUser> = {};
  const m: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['alice', 'carol', 'dave'])
      u[name] = await signIn(ctx, 'REGULAR', `${name}@example.com`);
    await createOrganization(ctx, [
      { user: u.carol!, role: 0 },
      { user: u.dave!, role: 1 },
    ]);
    m.jp = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-JP' })).id;
    m.us = (
      await createMatter(ctx, u.carol!, { refrenceCode: 'C-US', regionCode: RegionCode.UnitedStates })
    ).id;
    m.ep = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-EP', regionCode: RegionCode.Europe })).id;
    m.alice = (await createMatter(ctx, u.alice!, { refrenceCode: 'A-JP' })).id;
    const set = (id: string, values: Partial<typeof projects.$inferInsert>) =>
      ctx.app.db.update(projects).set(values).where(eq(projects.id, id));
    await set(m.jp, { applicationDate: yearsAgo(3), registDate: yearsAgo(1), claimsCount: 2 });
    await set(m.us, { applicationDate: yearsAgo(4), issueDate: yearsAgo(2) });
    await set(m.ep, { applicationDate: yearsAgo(1) });
    await set(m.alice, { applicationDate: yearsAgo(3), registDate: yearsAgo(1), claimsCount: 2 });
    await assign(ctx, m.us, u.dave!);
  }, 180_000); // a fresh database with every migration: minutes on a loaded 2-core machine under PGlite
  afterAll(async () => ctx?.close());

  const forecastOf = async (user: TestUser): Promise<PensionForecast> => {
    const response = await call(ctx, pensionForecastEndpoints.getPensionForecast, { headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return forecastAnswer.parse(response.json()).item;
  };
  const setRates = (user: TestUser, rates: SetExchangeRatesBody['rates'], language = 'en') =>
    call(ctx, pensionForecastEndpoints.setExchangeRates, {
      body: { rates },
      headers: { ...user.headers, 'accept-language': language },
    });
  const markAbandoned = (user: TestUser, projectIds: string[], abandoned: boolean) =>
    call(ctx, pensionForecastEndpoints.setForecastAbandoned, {
      body: { projectIds, abandoned },
      headers: user.headers,
    });
  const storedRates = () => ctx.app.db.select().from(forecastExchangeRates);

  /** The first payment still due on the US patent, as /pension prices it. */
  const usFirstPayment = async () => {
    const response = await call(ctx, pensionEndpoints.getPensionOverview, { headers: u.carol!.headers });
    const overview = itemEnvelope(pensionOverviewSchema).parse(response.json()).item;
    const entry = overview.matters
      .find((x) => x.projectId === m.us)!
      .entries.find((e) => e.state === 'open')!;
    return { calendarYear: Number(entry.dueDate.slice(0, 4)), amount: entry.fee!.amount };
  };

  test('without rates it names the missing currencies and gives the foreign sums, no yen total', async () => {
    const forecast = await forecastOf(u.carol!);
    expect(forecast).toMatchObject({ sharedWith: 'organization', canSetRates: true, rates: [] });
    expect(forecast.currencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
    expect(forecast.total.yen).toBeNull();
    expect(forecast.total.missingRates).toEqual(['EUR', 'USD']);
    expect(forecast.total.amounts.map((a) => a.currency)).toEqual(['JPY', 'EUR', 'USD']);
    expect(forecast.lastYear - forecast.firstYear).toBe(9);
    // A year with yen only still has its yen total; the Japanese patent alone reads in yen.
    expect(forecast.matters.find((x) => x.projectId === m.jp)!.total.yen).toBeGreaterThan(0);
    expect((await forecastOf(u.dave!)).canSetRates).toBe(false);
  });

  test('only the administrator sets rates: a member is refused (403) and nothing changes', async () => {
    const response = await setRates(u.dave!, [{ currency: 'USD', rate: '150' }]);
    expect(response.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(response.json()).message).toContain(
      'Only an administrator of the organization can do this',
    );
    expect(await storedRates()).toEqual([]);
  });

  test.each([
    ['0', 'greater than 0'],
    ['-3', 'greater than 0'],
    ['abc', 'greater than 0'],
    ['150.12345', 'up to 4 decimals'],
  ])('a rate of %j is refused with a translated message, and nothing is stored', async (rate, says) => {
    const response = await setRates(u.carol!, [
      { currency: 'EUR', rate: '160' },
      { currency: 'USD', rate },
    ]);
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.errors?.[0]?.path).toBe('rates.1.rate');
    expect(body.errors?.[0]?.message).toContain(says);
    const ja = errorEnvelopeSchema.parse(
      (await setRates(u.carol!, [{ currency: 'USD', rate }], 'ja')).json(),
    );
    expect(ja.errors?.[0]?.message).toContain('0 より大きい数値');
    expect(await storedRates()).toEqual([]);
  });

  test('a currency no fee table charges in is refused', async () => {
    const response = await setRates(u.carol!, [{ currency: 'GBX', rate: '1' }]);
    expect(response.statusCode).toBe(400);
    expect(await storedRates()).toEqual([]);
  });

  test('with the rates set (dated today) every sum has a yen total, and members see the same rates', async () => {
    const response = await setRates(u.carol!, [
      { currency: 'USD', rate: '１５０．２５' },
      { currency: 'EUR', rate: '162.5000' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const forecast = forecastAnswer.parse(response.json()).item;
    const today = todayInJapan();
    expect(forecast.rates).toEqual([
      { currency: 'EUR', rate: '162.5', setOn: today },
      { currency: 'USD', rate: '150.25', setOn: today },
    ]);
    expect(forecast.total.missingRates).toEqual([]);
    const us = await usFirstPayment();
    const usYear = forecast.byYear.find((y) => y.calendarYear === us.calendarYear)!;
    expect(usYear.byRegion.find((r) => r.regionCode === RegionCode.UnitedStates)!.total.yen).toBe(
      convertToYen(us.amount, '150.25'),
    );
    // The total is the sum of the years, and of the countries.
    const sum = (values: (number | null)[]) => values.reduce<number>((a, b) => a + b!, 0);
    expect(sum(forecast.byYear.map((y) => y.total.yen))).toBe(forecast.total.yen);
    expect(sum(forecast.byRegion.map((r) => r.total.yen))).toBe(forecast.total.yen);
    const dave = await forecastOf(u.dave!);
    expect(dave.rates).toEqual(forecast.rates);
    expect(dave.matters.map((x) => x.projectId)).toEqual([m.us]);
    // Alice, who has no organization, keeps her own (none yet) and may set them.
    expect(await forecastOf(u.alice!)).toMatchObject({ sharedWith: 'self', canSetRates: true, rates: [] });
  });

  test('a matter marked to be abandoned moves from the cost to the saving, for the whole organization', async () => {
    const before = await forecastOf(u.carol!);
    const usCost = before.matters.find((x) => x.projectId === m.us)!.total.yen!;
    const marked = await markAbandoned(u.dave!, [m.us!], true);
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await forecastOf(u.carol!);
    expect(after.matters.find((x) => x.projectId === m.us)!.abandoned).toBe(true);
    expect(after.saving.yen).toBe(usCost);
    expect(after.total.yen).toBe(before.total.yen! - usCost);
    expect(after.byRegion.map((r) => r.regionCode)).not.toContain(RegionCode.UnitedStates);
    // Marking twice is the same; unmarking brings the cost back.
    expect((await markAbandoned(u.carol!, [m.us!], true)).statusCode).toBe(200);
    const unmarked = forecastAnswer.parse((await markAbandoned(u.carol!, [m.us!, m.ep!], false)).json()).item;
    expect(unmarked.total.yen).toBe(before.total.yen);
    expect(unmarked.saving).toEqual({ amounts: [], yen: 0, missingRates: [] });
  });

  test('a matter the caller cannot see cannot be marked (404) and nothing is marked', async () => {
    const response = await markAbandoned(u.alice!, [m.alice!, m.jp!], true);
    expect(response.statusCode).toBe(404);
    const member = await markAbandoned(u.dave!, [m.jp!], true);
    expect(member.statusCode).toBe(404);
    expect(await ctx.app.db.select().from(forecastAbandonedMatters)).toEqual([]);
  });

  test('the CSV lists each payment with its amount and currency, the rate used and the yen', async () => {
    const us = await usFirstPayment();
    const csvOf = async (language: string) => {
      const response = await call(ctx, pensionForecastEndpoints.exportPensionForecastCsv, {
        headers: { ...u.carol!.headers, 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      return response.body.replace(/^\uFEFF/, '').split('\r\n');
    };
    const [header, ...rows] = await csvOf('ja');
    expect(header).toBe(
      '"年","納付期限","整理番号","案件名","国・地域","年次","金額","通貨","為替レート（円）","レート設定日","円換算額","放棄予定"',
    );
    const usRow = rows.find((r) => r.includes('"C-US"') && r.includes(`"${us.amount.toFixed(2)}","USD"`));
    expect(usRow).toContain(
      `"150.25","${todayInJapan().replaceAll('-', '/')}","${convertToYen(us.amount, '150.25')}"`,
    );
    expect(rows.some((r) => r.includes('"C-JP"') && r.includes('"JPY","1",""'))).toBe(true);
    expect((await csvOf('en'))[0]).toContain('"Amount in JPY"');
  });

  test('a removed rate leaves its payments without yen in the totals and the CSV', async () => {
    const forecast = forecastAnswer.parse(
      (await setRates(u.carol!, [{ currency: 'EUR', rate: null }])).json(),
    ).item;
    expect(forecast.rates.map((r) => r.currency)).toEqual(['USD']);
    expect(forecast.total).toMatchObject({ yen: null, missingRates: ['EUR'] });
    const csv = await call(ctx, pensionForecastEndpoints.exportPensionForecastCsv, {
      headers: u.carol!.headers,
    });
    const epRow = csv.body.split('\r\n').find((r) => r.includes('"C-EP"'))!;
    expect(epRow).toMatch(/"EUR","","",""/);
  });
});
