import {
  requestListResponseSchema,
  requestResponseSchema,
  projectEndpoints,
  requestEndpoints,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, createOrganization, signIn, type TestUser } from '../projects/support.js';
import { insertFirm, officeUser, requestBody, sendRequest, snapshotRequests } from './requests-fixtures.js';
import { call, injectOf } from '../support/endpoints.js';

/**
 * The authorization matrix of the request endpoints: a request is visible to the
 * client side per the matter visibility rules and to the addressed firm only; anything else
 * answers 404 (ids cannot be probed) or 401 when signed out, and changes nothing.
 */
describe.skipIf(skipDriver)('request authorization matrix', () => {
  let ctx: TestContext;
  const u: Record<string, TestUser> = {};
  let projectId: string;
  let firmA: string;
  let requestNo: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    u.owner = await signIn(ctx, 'REGULAR', 'owner@corp.example');
    u.admin = await signIn(ctx, 'REGULAR', 'admin@corp.example');
    u.member = await signIn(ctx, 'REGULAR', 'member@corp.example');
    u.stranger = await signIn(ctx, 'REGULAR', 'stranger@other.example');
    // The owner is an assigned member (their own new matter is assigned to them).
    await createOrganization(ctx, [
      { user: u.admin, role: 0 },
      { user: u.owner, role: 1 },
      { user: u.member, role: 1 },
    ]);
    firmA = await insertFirm(ctx, 'Addressed Firm');
    const firmB = await insertFirm(ctx, 'Other Firm');
    u.firm = await officeUser(ctx, 'staff@addressed.example', firmA);
    u.otherFirm = await officeUser(ctx, 'staff@other.example', firmB);
    projectId = (await createMatter(ctx, u.owner, { refrenceCode: 'M-1' })).id;
    requestNo = (await sendRequest(ctx, u.owner, projectId, firmA)).requestId;
  });
  afterAll(async () => ctx?.close());

  const ns = (who: string) => (who === 'firm' || who === 'otherFirm' ? 'patent' : 'user');
  const visible: Record<string, boolean> = {
    owner: true,
    admin: true,
    member: false,
    stranger: false,
    firm: true,
    otherFirm: false,
  };

  test.each(Object.entries(visible))('%s: list and detail (visible: %s)', async (who, expected) => {
    const user = u[who]!;
    const list = await ctx.app.inject({ url: `/${ns(who)}/requests`, headers: user.headers });
    expect(list.statusCode, list.body).toBe(200);
    const page = requestListResponseSchema.parse(list.json());
    expect(page.items.map((r) => r.requestId)).toEqual(expected ? [requestNo] : []);
    expect(page.total).toBe(expected ? 1 : 0);
    const detail = await ctx.app.inject({
      url: `/${ns(who)}/requests/${projectId}/${requestNo}`,
      headers: user.headers,
    });
    expect(detail.statusCode, detail.body).toBe(expected ? 200 : 404);
    if (expected) {
      expect(requestResponseSchema.parse(detail.json()).item).toMatchObject({
        projectId,
        requestId: requestNo,
        content: '米国出願の費用見積をお願いします。',
        target: { id: firmA, name: 'Addressed Firm' },
      });
    }
    // An id that does not exist answers the same as one the caller may not see.
    const missing = await ctx.app.inject({
      url: `/${ns(who)}/requests/${projectId}/99`,
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  test.each([
    ['owner', 201],
    ['admin', 201],
    ['member', 404],
    ['stranger', 404],
  ] as const)('%s: create a request on the matter answers %i', async (who, status) => {
    const before = await snapshotRequests(ctx.app.db);
    const response = await call(ctx, requestEndpoints.createRequest, {
      as: u[who]!,
      params: { projectId },
      payload: requestBody(firmA, { name: `by ${who}` }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 404) expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('firms cannot create requests and clients cannot move them on (no such routes in their namespace)', async () => {
    const before = await snapshotRequests(ctx.app.db);
    // Written out on purpose: the paths pin that neither namespace publishes the other side's routes.
    const create = await ctx.app.inject({
      method: 'POST',
      url: `/patent/projects/${projectId}/requests`,
      headers: u.firm!.headers,
      payload: requestBody(firmA),
    });
    expect(create.statusCode).toBe(404);
    for (const action of ['accept', 'complete', 'decline']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/user/requests/${projectId}/${requestNo}/${action}`,
        headers: u.owner!.headers,
        payload: { reason: 'x' },
      });
      expect(response.statusCode, action).toBe(404);
    }
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('another firm and a PATENT user without a firm cannot accept, complete or decline (404, nothing changes)', async () => {
    const noFirm = await signIn(ctx, 'PATENT', 'nofirm@example.com');
    const before = await snapshotRequests(ctx.app.db);
    for (const user of [u.otherFirm!, noFirm]) {
      const params = { projectId, requestId: requestNo };
      for (const request of [
        injectOf(requestEndpoints.acceptRequest, { as: user, params }),
        injectOf(requestEndpoints.completeRequest, { as: user, params }),
        injectOf(requestEndpoints.declineRequest, { as: user, params, body: { reason: 'busy' } }),
      ]) {
        const response = await ctx.app.inject(request);
        expect(response.statusCode, `${user.email} ${request.url}`).toBe(404);
      }
    }
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('signed out: every request endpoint answers 401', async () => {
    const before = await snapshotRequests(ctx.app.db);
    const params = { projectId, requestId: requestNo };
    const requests = [
      injectOf(requestEndpoints.listRequests, { namespace: 'user' }),
      injectOf(requestEndpoints.getRequest, { namespace: 'user', params }),
      injectOf(requestEndpoints.createRequest, { params: { projectId }, payload: requestBody(firmA) }),
      injectOf(requestEndpoints.listRequests, { namespace: 'patent' }),
      injectOf(requestEndpoints.getRequest, { namespace: 'patent', params }),
      injectOf(requestEndpoints.acceptRequest, { params }),
      injectOf(requestEndpoints.completeRequest, { params }),
      injectOf(requestEndpoints.declineRequest, { params, body: { reason: 'x' } }),
    ];
    for (const request of requests) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('the addressed firm can accept; the matter it now sees counts only its requests', async () => {
    const response = await call(ctx, requestEndpoints.acceptRequest, {
      as: u.firm!,
      params: { projectId, requestId: requestNo },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(requestResponseSchema.parse(response.json()).item.status).toBe(2);
  });

  test('a deleted matter: the client still reads its requests, cannot add one (409), the firm no longer sees them', async () => {
    const del = await call(ctx, projectEndpoints.deleteProject, { as: u.owner!, params: { projectId } });
    expect(del.statusCode).toBe(200);
    const read = await call(ctx, requestEndpoints.getRequest, {
      as: u.owner!,
      namespace: 'user',
      params: { projectId, requestId: requestNo },
    });
    expect(read.statusCode).toBe(200);
    expect(requestResponseSchema.parse(read.json()).item.project.deleted).toBe(true);
    const before = await snapshotRequests(ctx.app.db);
    const create = await call(ctx, requestEndpoints.createRequest, {
      as: u.owner!,
      params: { projectId },
      payload: requestBody(firmA),
    });
    expect(create.statusCode).toBe(409);
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
    const firmRead = await call(ctx, requestEndpoints.getRequest, {
      as: u.firm!,
      namespace: 'patent',
      params: { projectId, requestId: requestNo },
    });
    expect(firmRead.statusCode).toBe(404);
  });
});
