import {
  requestListResponseSchema,
  requestResponseSchema,
  requestEndpoints,
  type EndpointRoute,
} from '@ipportal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, requests } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type Envelope, type TestUser } from '../projects/support.js';
import { insertFirm, officeUser, requestBody, sendRequest, snapshotRequests } from './requests-fixtures.js';
import { call, type CallArgs } from '../support/endpoints.js';

/**
 * Sending a request (required fields, the office rule, numbering under concurrency) and the
 * office's moves (accept, complete, decline; wrong moves 409), each recorded in the history.
 */
describe.skipIf(skipDriver)('request creation and status transitions', () => {
  let ctx: TestContext;
  let client: TestUser;
  let office: TestUser;
  let firmId: string;
  let projectId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await signIn(ctx, 'REGULAR', 'client@example.com');
    firmId = await insertFirm(ctx, 'Tokyo IP');
    office = await officeUser(ctx, 'staff@tokyoip.example', firmId);
    projectId = (await createMatter(ctx, client)).id;
  });
  afterAll(async () => ctx?.close());

  /** A POST of one request endpoint as the office, in `lang`. */
  const post = <E extends EndpointRoute>(definition: E, args: CallArgs<E>, lang = 'ja') =>
    call(ctx, definition, { ...args, as: office, headers: { 'accept-language': lang } });
  /** The client sends a request on `projectId` (the body as given, to test what is refused). */
  const create = (projectId: string, payload: unknown, lang = 'ja') =>
    call(ctx, requestEndpoints.createRequest, {
      as: client,
      headers: { 'accept-language': lang },
      params: { projectId },
      payload: payload as Record<string, unknown>,
    });

  test('a request gets the next number of its matter, the creator as assignee, and a history entry', async () => {
    const response = await create(projectId, requestBody(firmId));
    expect(response.statusCode, response.body).toBe(201);
    const item = requestResponseSchema.parse(response.json()).item;
    expect(item).toMatchObject({
      requestId: 1,
      status: 1,
      type: 'estimate',
      regionCode: 1,
      officeType: 'patentAttorney',
      concierge: 'notUsed',
      assignee: { id: client.id, name: 'client' },
      declinedAt: null,
    });
    const second = await sendRequest(ctx, client, projectId, firmId, { type: 'other' });
    expect(second.requestId).toBe(2);
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.action, 'request.create'), eq(history.projectId, projectId)))
      .orderBy(asc(history.id));
    expect(entries.map((e) => e.requestId)).toEqual([item.id, second.id]);
    expect(entries[0]!.actorUserId).toBe(client.id);
  });

  test('concurrent requests on one matter each get their own number', async () => {
    const other = (await createMatter(ctx, client, { refrenceCode: 'P-CONC' })).id;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(other, requestBody(firmId, { name: `R${i}` }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = responses
      .map((r) => requestResponseSchema.parse(r.json()).item.requestId)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('every required field is enforced with a translated message, and nothing is stored', async () => {
    const before = await snapshotRequests(ctx.app.db);
    for (const field of ['name', 'type', 'content', 'officeRegionCode', 'officeType', 'officeId']) {
      const body: Record<string, unknown> = requestBody(firmId);
      delete body[field];
      const response = await create(projectId, body);
      expect(response.statusCode, field).toBe(400);
      const envelope = response.json<Envelope>();
      expect(envelope.message.split('\n')[0]).toBe('依頼の登録に失敗しました');
      expect(envelope.errors).toContainEqual({ path: field, message: '必須項目です' });
    }
    const blank = await create(projectId, requestBody(firmId, { name: '   ' }), 'en');
    expect(blank.json<Envelope>().message.split('\n')[0]).toBe('Failed to register the request');
    expect(blank.json<Envelope>().errors).toContainEqual({ path: 'name', message: 'Required' });
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('the office must be complete and match the chosen country and type', async () => {
    const incomplete = await insertFirm(ctx, 'Half Done', { complete: false });
    const american = await insertFirm(ctx, 'US Firm', { regionCode: 2 });
    const before = await snapshotRequests(ctx.app.db);
    const cases = [
      requestBody(incomplete),
      requestBody(american),
      requestBody(firmId, { officeType: 'translationCompany' }),
      requestBody('00000000-0000-4000-8000-000000000000'),
    ];
    for (const body of cases) {
      const response = await create(projectId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = response.json<Envelope>();
      expect(envelope.message).toBe(
        '依頼の登録に失敗しました\n選択した依頼先は、指定した国・事務所種別の事務所一覧にありません',
      );
      expect(envelope.errors?.[0]?.path).toBe('officeId');
    }
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
    // The same US office is fine for its own country.
    const ok = await create(projectId, requestBody(american, { officeRegionCode: 2 }));
    expect(ok.statusCode).toBe(201);
  });

  test('accept, then complete: 1 -> 2 -> 3; wrong moves answer 409 with the reason and change nothing', async () => {
    const { requestId } = await sendRequest(ctx, client, projectId, firmId, { name: 'Lifecycle' });
    const params = { projectId, requestId };

    const early = await post(requestEndpoints.completeRequest, { params });
    expect(early.statusCode).toBe(409);
    expect(early.json<Envelope>().message).toBe(
      '依頼の更新に失敗しました\nこの依頼は外部対応中ではないため、対応済みにできません',
    );

    const accepted = await post(requestEndpoints.acceptRequest, { params });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(requestResponseSchema.parse(accepted.json()).item.status).toBe(2);

    const before = await snapshotRequests(ctx.app.db);
    const twice = await post(requestEndpoints.acceptRequest, { params }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Envelope>().message).toBe(
      'Failed to update the request\nThis request is not awaiting acceptance (only a request not started yet can be accepted)',
    );
    const declineLate = await post(requestEndpoints.declineRequest, { params, body: { reason: 'too late' } });
    expect(declineLate.statusCode).toBe(409);
    expect(await snapshotRequests(ctx.app.db)).toBe(before);

    const completed = await post(requestEndpoints.completeRequest, { params });
    expect(completed.statusCode).toBe(200);
    expect(requestResponseSchema.parse(completed.json()).item.status).toBe(3);
    expect((await post(requestEndpoints.completeRequest, { params })).statusCode).toBe(409);

    const [row] = await ctx.app.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.projectId, projectId), eq(requests.number, requestId)));
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(eq(history.requestId, row!.id))
      .orderBy(asc(history.id));
    expect(entries.map((e) => [e.action, e.changes, e.actorUserId])).toEqual([
      ['request.create', expect.any(Object), client.id],
      ['request.accept', { status: [1, 2] }, office.id],
      ['request.complete', { status: [2, 3] }, office.id],
    ]);
  });

  test('decline keeps status 1 with the reason; a declined request cannot be accepted or declined again', async () => {
    const { requestId } = await sendRequest(ctx, client, projectId, firmId, { name: 'To decline' });
    const params = { projectId, requestId };
    const empty = await post(requestEndpoints.declineRequest, { params, body: { reason: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Envelope>().errors).toContainEqual({ path: 'reason', message: '必須項目です' });

    const declined = await post(requestEndpoints.declineRequest, {
      params,
      body: { reason: '利益相反のため' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const item = requestResponseSchema.parse(declined.json()).item;
    expect(item).toMatchObject({ status: 1, declineReason: '利益相反のため' });
    expect(item.declinedAt).not.toBeNull();

    // The client sees the decline.
    const seen = await call(ctx, requestEndpoints.getRequest, {
      as: client,
      namespace: 'user',
      params: { projectId, requestId },
    });
    expect(requestResponseSchema.parse(seen.json()).item.declineReason).toBe('利益相反のため');

    const before = await snapshotRequests(ctx.app.db);
    for (const action of ['accept', 'decline']) {
      const response =
        action === 'decline'
          ? await post(requestEndpoints.declineRequest, { params, body: { reason: 'again' } })
          : await post(requestEndpoints.acceptRequest, { params });
      expect(response.statusCode, action).toBe(409);
      expect(response.json<Envelope>().message.split('\n')[1]).toBe('この依頼はすでに辞退しています');
    }
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
    const entries = await ctx.app.db
      .select({ action: history.action })
      .from(history)
      .where(eq(history.requestId, item.id))
      .orderBy(asc(history.id));
    expect(entries.map((e) => e.action)).toEqual(['request.create', 'request.decline']);
  });

  test('lists filter by status, concierge and matter, search, sort and page', async () => {
    const list = async (user: TestUser, ns: 'user' | 'patent', query: string) => {
      const response = await call(ctx, requestEndpoints.listRequests, {
        as: user,
        namespace: ns,
        search: query,
      });
      expect(response.statusCode, response.body).toBe(200);
      return requestListResponseSchema.parse(response.json());
    };
    const all = await list(client, 'user', 'limit=200');
    expect(all.total).toBe(all.items.length);
    const byStatus = (s: number) => all.items.filter((r) => r.status === s).length;
    for (const status of [1, 2, 3]) {
      expect((await list(client, 'user', `status=${status}&limit=200`)).total).toBe(byStatus(status));
    }
    // A concierge state other than notUsed needs its coordinating office (requests_concierge_check).
    await ctx.app.db
      .update(requests)
      .set({ concierge: 'paid', coordinatorFirmId: sql`${requests.firmId}` })
      .where(eq(requests.name, 'Lifecycle'));
    const paid = await list(client, 'user', 'concierge=paid');
    expect(paid.items.map((r) => r.name)).toEqual(['Lifecycle']);
    expect((await list(client, 'user', 'concierge=awaitingPayment')).total).toBe(0);

    const search = await list(client, 'user', `q=${encodeURIComponent('decline')}`);
    expect(search.items.map((r) => r.name)).toEqual(['To decline']);
    const byOffice = await list(client, 'user', `q=${encodeURIComponent('US Firm')}`);
    expect(byOffice.items.map((r) => r.target.name)).toEqual(['US Firm']);

    const mine = await list(client, 'user', `projectId=${projectId}&sort=requestId&order=asc&limit=3`);
    expect(mine.total).toBe(5);
    expect(mine.items.map((r) => r.requestId)).toEqual([1, 2, 3]);
    const next = await list(
      client,
      'user',
      `projectId=${projectId}&sort=requestId&order=asc&limit=3&offset=3`,
    );
    expect(next.items.map((r) => r.requestId)).toEqual([4, 5]);
    expect(next.total).toBe(mine.total);

    const byName = await list(client, 'user', `projectId=${projectId}&sort=name&order=asc&limit=200`);
    const names = byName.items.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // The firm sees only what is addressed to it: not the US firm's request.
    const firmList = await list(office, 'patent', 'limit=200');
    expect(firmList.items.every((r) => r.target.id === firmId)).toBe(true);
    expect(firmList.total).toBe(all.items.filter((r) => r.target.id === firmId).length);

    const bad = await call(ctx, requestEndpoints.listRequests, {
      as: client,
      namespace: 'user',
      search: 'status=4',
    });
    expect(bad.statusCode).toBe(400);
  });
});
