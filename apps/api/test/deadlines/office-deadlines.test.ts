/**
 * The office's docket on the API: the deadlines of the requests addressed to its office (legal
 * and user deadlines, dated items), with the same filters as the client's list and filters of its
 * own (its clients, its members), as a list (which the CSV is written from) and as a calendar
 * feed; never the matter's own deadlines, another office's requests, or anyone's decisions. A
 * feed URL reads its owner's deadlines only, whichever side asks.
 */
import {
  deadlineListResponseSchema,
  officeDeadlineFilterOptionsResponseSchema,
  type DeadlineItem,
  deadlineEndpoints,
  requestTermEndpoints,
  type ApiNamespace,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import type { TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, type DetailWorld } from '../requests/detail-support.js';
import { setDates } from './support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)("the office's docket", () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let organizationId: string;
  let otherRequestId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'docket');
    // The matter's own deadlines (examination request, term) are the client's, not the office's.
    await setDates(ctx, w.owner, w.projectId, { application: { applicationDate: '2025-05-01' } });
    const periods = await call(ctx, requestTermEndpoints.updateRequestPeriods, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
      body: { decisionPeriod: '2027-01-15', userPeriod: '2027-01-08' },
    });
    expect(periods.statusCode, periods.body).toBe(200);
    const item = await call(ctx, requestTermEndpoints.addRequestTermItem, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
      body: { name: '翻訳文の確認', date: '2026-12-20' },
    });
    expect(item.statusCode, item.body).toBe(201);
    // A dated item the office entered itself (its member is who entered it).
    const officeItem = await call(ctx, requestTermEndpoints.addRequestTermItem, {
      as: w.office,
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
      body: { name: '意見書の起案', date: '2026-12-24' },
    });
    expect(officeItem.statusCode, officeItem.body).toBe(201);
    // The same matter asked another office too: that request's deadline is not this office's.
    const other = await insertRequest(ctx, w.projectId, w.otherFirmId, w.owner.id);
    otherRequestId = other.id;
    const otherPeriods = await call(ctx, requestTermEndpoints.updateRequestPeriods, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: other.number },
      body: { decisionPeriod: '2027-02-01' },
    });
    expect(otherPeriods.statusCode, otherPeriods.body).toBe(200);
    const [matter] = await ctx.app.db
      .select({ organizationId: projects.organizationId })
      .from(projects)
      .where(eq(projects.id, w.projectId));
    organizationId = matter!.organizationId!;
  }, 300_000);
  afterAll(async () => ctx?.close());

  async function docket(user: TestUser, query: Record<string, string> = {}): Promise<DeadlineItem[]> {
    const response = await call(ctx, deadlineEndpoints.listDeadlines, {
      as: user,
      namespace: 'patent',
      search: new URLSearchParams(query).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return deadlineListResponseSchema.parse(response.json()).items;
  }
  const originsOf = (items: DeadlineItem[]) => items.map((item) => `${item.origin} ${item.date}`);

  test("the addressed office reads its requests' deadlines, soonest first; another office none", async () => {
    const items = await docket(w.office);
    expect(originsOf(items)).toEqual([
      'requestItem 2026-12-20',
      'requestItem 2026-12-24',
      'requestUser 2027-01-08',
      'requestLegal 2027-01-15',
    ]);
    expect(items[0]).toMatchObject({ name: '翻訳文の確認', request: { number: w.number }, state: 'open' });
    expect(originsOf(await docket(w.otherOffice))).toEqual(['requestLegal 2027-02-01']);
  });

  test('the same filters: dates, kind, state', async () => {
    expect(originsOf(await docket(w.office, { from: '2027-01-01', to: '2027-01-10' }))).toEqual([
      'requestUser 2027-01-08',
    ]);
    expect(originsOf(await docket(w.office, { state: 'done' }))).toEqual([]);
    expect((await docket(w.office, { state: 'all' })).length).toBe(4);
  });

  test("the office's own filters offer its clients and its members, nothing of the client's side", async () => {
    const options = async (user: TestUser) => {
      const response = await call(ctx, deadlineEndpoints.officeDeadlineFilterOptions, { as: user });
      expect(response.statusCode, response.body).toBe(200);
      return officeDeadlineFilterOptionsResponseSchema.parse(response.json()).item;
    };
    const own = await options(w.office);
    expect(own.clients.map((client) => client.id)).toEqual([organizationId]);
    expect(own.members.map((member) => member.id)).toEqual([w.office.id]);
    const other = await options(w.otherOffice);
    expect(other.members.map((member) => member.id)).toEqual([w.otherOffice.id]);
    // A client token is not an office's: the office's options are not served under /user.
    const asClient = await call(ctx, deadlineEndpoints.officeDeadlineFilterOptions, { as: w.owner });
    expect(asClient.statusCode).toBe(401);
  });

  test('filtered by client and by the member who entered the date', async () => {
    expect((await docket(w.office, { organizationId })).length).toBe(4);
    expect(await docket(w.office, { organizationId: crypto.randomUUID() })).toEqual([]);
    const entered = await docket(w.office, { enteredByUserId: w.office.id });
    expect(entered.map((item) => item.name)).toEqual(['意見書の起案']);
  });

  const events = (text: string) =>
    Object.values(ical.sync.parseICS(text)).filter((entry): entry is VEvent => entry?.type === 'VEVENT');
  const keysOf = (text: string) =>
    events(text)
      .map((event) =>
        decodeURIComponent(String(event.uid).replace(/@.*$/, '')).slice(`${w.projectId}.`.length),
      )
      .sort();

  async function createFeed(user: TestUser, namespace: ApiNamespace) {
    const created = await call(ctx, deadlineEndpoints.createCalendarFeed, { as: user, namespace });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ item: { id: string; url: string } }>().item;
    return { id: item.id, path: new URL(item.url).pathname };
  }

  test("the office's calendar feed holds its docket only; a client's feed is the client's", async () => {
    const officeFeed = await createFeed(w.office, 'patent');
    const clientFeed = await createFeed(w.owner, 'user');
    const officeIcs = await ctx.app.inject({ url: officeFeed.path });
    expect(officeIcs.statusCode).toBe(200);
    const docketKeys = (await docket(w.office, { state: 'all' })).map((item) => item.key).sort();
    expect(keysOf(officeIcs.body)).toEqual(docketKeys);
    expect(officeIcs.body).not.toContain(otherRequestId);
    expect(keysOf(officeIcs.body).some((key) => key.startsWith('jp.'))).toBe(false);

    const clientIcs = await ctx.app.inject({ url: clientFeed.path });
    expect(clientIcs.statusCode).toBe(200);
    const clientKeys = keysOf(clientIcs.body);
    // The client's feed has the matter's own deadlines and both offices' requests.
    expect(clientKeys.some((key) => key.startsWith('jp.'))).toBe(true);
    expect(clientKeys).toContain(`request:${otherRequestId}:legal`);
    expect(clientKeys).toEqual(expect.arrayContaining(docketKeys));
  });

  test("neither side lists or revokes the other's feed", async () => {
    const officeFeed = await createFeed(w.office, 'patent');
    const clientFeed = await createFeed(w.owner, 'user');
    const listed = await call(ctx, deadlineEndpoints.listCalendarFeeds, {
      as: w.office,
      namespace: 'patent',
    });
    const officeIds = listed.json<{ items: { id: string }[] }>().items.map((feed) => feed.id);
    expect(officeIds).toContain(officeFeed.id);
    expect(officeIds).not.toContain(clientFeed.id);
    const byOffice = await call(ctx, deadlineEndpoints.revokeCalendarFeed, {
      as: w.office,
      namespace: 'patent',
      params: { feedId: clientFeed.id },
    });
    expect(byOffice.statusCode).toBe(404);
    const byClient = await call(ctx, deadlineEndpoints.revokeCalendarFeed, {
      as: w.owner,
      namespace: 'user',
      params: { feedId: officeFeed.id },
    });
    expect(byClient.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: clientFeed.path })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: officeFeed.path })).statusCode).toBe(200);
    // Its owner revokes it: gone.
    const revoked = await call(ctx, deadlineEndpoints.revokeCalendarFeed, {
      as: w.office,
      namespace: 'patent',
      params: { feedId: officeFeed.id },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: officeFeed.path })).statusCode).toBe(404);
  });

  test('the decisions stay the client side: the office cannot mark a deadline done', async () => {
    const [first] = await docket(w.office);
    // Written out on purpose: the path pins that /patent publishes no way to decide a deadline.
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/patent/deadlines/${w.projectId}/state`,
      headers: w.office.headers,
      payload: { key: first!.key, state: 'done' },
    });
    expect(response.statusCode).toBe(404);
    expect((await docket(w.office))[0]).toMatchObject({ state: 'open' });
  });
});
