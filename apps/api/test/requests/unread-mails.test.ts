import {
  requestListResponseSchema,
  requestUnreadSummaryResponseSchema,
  type RequestUnreadSummary,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestMails } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter } from '../projects/support.js';
import {
  buildWorld,
  insertRequest,
  multipartMail,
  namespaceOf,
  type DetailWorld,
  type Role,
} from './detail-support.js';

/*
 * Unread request mails where users look for them: each row of GET /requests carries the mails
 * that wait unread on the caller's side, and GET /requests/unread-summary adds them up over every
 * request the caller sees. A side's own mails never count for it; opening (marking read) a thread
 * clears it for that side only; invisible and deleted requests never contribute.
 */
describe.skipIf(skipDriver)('unread request mails in the lists and the summary', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  /** A second request of the owner's matter to the same firm. */
  let second: { id: string; number: number };
  /** A deleted request of the owner's matter to the same firm, with unread mails both ways. */
  let deleted: { id: string; number: number };

  const send = (role: Role, number: number, subject: string, projectId = w.projectId) => {
    const body = multipartMail({ subject, body: `${subject}: 本文` });
    return ctx.app.inject({
      method: 'POST',
      url: `${namespaceOf(role)}/requests/${projectId}/${number}/mails`,
      headers: { ...w[role].headers, ...body.headers },
      payload: body.payload,
    });
  };

  const list = async (role: Role): Promise<Map<number, number>> => {
    const response = await ctx.app.inject({ url: `${namespaceOf(role)}/requests`, headers: w[role].headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = requestListResponseSchema.parse(response.json());
    return new Map(page.items.map((item) => [item.requestId, item.unreadMailCount]));
  };

  const summary = async (role: Role): Promise<RequestUnreadSummary> => {
    const response = await ctx.app.inject({
      url: `${namespaceOf(role)}/requests/unread-summary`,
      headers: w[role].headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return requestUnreadSummaryResponseSchema.parse(response.json()).item;
  };

  const markRead = async (role: Role, number: number) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${namespaceOf(role)}/requests/${w.projectId}/${number}/mails/read`,
      headers: w[role].headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'unread');
    second = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    deleted = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id, { deletedAt: new Date() });

    // The first request: the client writes twice, the office answers once.
    for (const subject of ['質問 1', '質問 2'])
      expect((await send('owner', w.number, subject)).statusCode).toBe(201);
    expect((await send('office', w.number, '回答')).statusCode).toBe(201);
    // The second request: the office writes twice, the client not at all.
    for (const subject of ['連絡 1', '連絡 2']) {
      expect((await send('office', second.number, subject)).statusCode).toBe(201);
    }
    // The deleted request has unread mails both ways (written before it was deleted).
    await ctx.app.db.insert(requestMails).values([
      { requestId: deleted.id, direction: 'toClient', subject: 'x', body: 'x', createdBy: w.owner.id },
      { requestId: deleted.id, direction: 'toOffice', subject: 'y', body: 'y', createdBy: w.owner.id },
    ]);
    // A matter the organization's members do not see, with a request to the other firm and mails
    // both ways: it counts for its own people only.
    const strangersMatter = await createMatter(ctx, w.stranger, { title: '他社の案件' });
    const hidden = await insertRequest(ctx, strangersMatter.id, w.otherFirmId, w.stranger.id);
    expect((await send('stranger', hidden.number, '依頼', strangersMatter.id)).statusCode).toBe(201);
    expect((await send('otherOffice', hidden.number, '回答', strangersMatter.id)).statusCode).toBe(201);
  });
  afterAll(async () => ctx?.close());

  test('signed out: the summary answers 401', async () => {
    for (const namespace of ['/user', '/patent']) {
      const response = await ctx.app.inject({ url: `${namespace}/requests/unread-summary` });
      expect(response.statusCode).toBe(401);
    }
  });

  test("each side's rows count the mails it received, never its own", async () => {
    // The client side (owner and the organization's administrator share the read state).
    for (const role of ['owner', 'admin'] as const) {
      expect(await list(role)).toEqual(
        new Map([
          [w.number, 1],
          [second.number, 2],
        ]),
      );
    }
    expect(await list('office')).toEqual(
      new Map([
        [w.number, 2],
        [second.number, 0],
      ]),
    );
  });

  // On the office side the summary also counts the requests waiting for the office's answer.
  test('the summary adds up what the caller sees; deleted and invisible requests never count', async () => {
    expect(await summary('owner')).toEqual({
      unreadMailCount: 3,
      requestsWithUnread: 2,
      awaitingRequestCount: 0,
    });
    expect(await summary('admin')).toEqual({
      unreadMailCount: 3,
      requestsWithUnread: 2,
      awaitingRequestCount: 0,
    });
    expect(await summary('office')).toEqual({
      unreadMailCount: 2,
      requestsWithUnread: 1,
      awaitingRequestCount: 2,
    });
    // The member not assigned to the matter sees none of its requests.
    expect(await summary('unassigned')).toEqual({
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 0,
    });
    // The stranger and the other firm each see their own request only.
    expect(await summary('stranger')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
    expect(await summary('otherOffice')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 1,
    });
    expect((await list('owner')).has(deleted.number)).toBe(false);
  });

  test('marking a thread read lowers the counts of that side only', async () => {
    await markRead('owner', second.number);
    expect(await list('owner')).toEqual(
      new Map([
        [w.number, 1],
        [second.number, 0],
      ]),
    );
    // The administrator is on the same side: the mails are read for them too.
    expect(await summary('admin')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
    expect(await summary('office')).toEqual({
      unreadMailCount: 2,
      requestsWithUnread: 1,
      awaitingRequestCount: 2,
    });

    await markRead('office', w.number);
    expect((await list('office')).get(w.number)).toBe(0);
    expect(await summary('office')).toEqual({
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 2,
    });
    expect(await summary('owner')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
  });

  test('a new mail counts at once for the other side', async () => {
    expect((await send('owner', second.number, '追加の質問')).statusCode).toBe(201);
    expect((await list('office')).get(second.number)).toBe(1);
    expect(await summary('office')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 2,
    });
    expect(await summary('owner')).toEqual({
      unreadMailCount: 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
  });
});
