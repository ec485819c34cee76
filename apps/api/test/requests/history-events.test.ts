import { requestHistoryResponseSchema, requestEndpoints, requestHistoryEndpoints } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, multipartBody, pdfBytes, signIn, signInOffice } from '../projects/support.js';
import {
  allowed,
  buildWorld,
  clientRoles,
  multipartMail,
  namespaceOf,
  officeRoles,
  type Role,
} from './detail-support.js';
import { insertFirm } from './requests-fixtures.js';
import { call } from '../support/endpoints.js';

const roles: Role[] = [...clientRoles, ...officeRoles];

describe.skipIf(skipDriver)('request history', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  test('one request from creation to delivery: every event with who and when, names resolved, only for those who see it', async () => {
    // Created through the request form's own route, so its creation event is the real one.
    const client = await signIn(ctx, 'REGULAR', 'hist-client@example.com', { name: '依頼 太郎' });
    const firmId = await insertFirm(ctx, 'History Firm');
    const office = await signInOffice(ctx, 'hist-office@firm.example', firmId);
    const matter = await createMatter(ctx, client);
    const created = await call(ctx, requestEndpoints.createRequest, {
      as: client,
      params: { projectId: matter.id },
      body: {
        name: '見積依頼',
        type: 'estimate',
        content: '見積をお願いします',
        officeRegionCode: 1,
        officeType: 'patentAttorney',
        officeId: firmId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const number = created.json<{ item: { requestId: number } }>().item.requestId;
    const path = (ns: '/user' | '/patent') => `${ns}/requests/${matter.id}/${number}`;

    expect(
      (await ctx.app.inject({ method: 'POST', url: `${path('/patent')}/accept`, headers: office.headers }))
        .statusCode,
    ).toBe(200);
    const mail = multipartMail({ subject: 'お見積り', body: '添付をご覧ください' }, [
      { name: 'estimate.pdf', content: pdfBytes(), contentType: 'application/pdf' },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: `${path('/patent')}/mails`,
      headers: { ...office.headers, ...mail.headers },
      payload: mail.payload,
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: `${path('/user')}/terms`,
      headers: client.headers,
      payload: { userPeriod: '2027-06-30' },
    });
    const file = multipartBody(pdfBytes('deliverable'), {
      filename: 'report.pdf',
      contentType: 'application/pdf',
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${path('/patent')}/deliverables`,
      headers: { ...office.headers, ...file.headers },
      payload: file.payload,
    });
    await ctx.app.inject({ method: 'POST', url: `${path('/patent')}/complete`, headers: office.headers });

    for (const [ns, headers] of [
      ['/user', client.headers],
      ['/patent', office.headers],
    ] as const) {
      const response = await ctx.app.inject({ url: `${path(ns)}/history`, headers });
      expect(response.statusCode).toBe(200);
      const entries = requestHistoryResponseSchema.parse(response.json()).items;
      expect(entries.map((e) => [e.action, e.actor.name, e.actor.side])).toEqual([
        ['request.create', '依頼 太郎', 'client'],
        ['request.accept', 'hist-office', 'office'],
        ['request.mail.send', 'hist-office', 'office'],
        ['request.periods.update', '依頼 太郎', 'client'],
        ['request.deliverable.create', 'hist-office', 'office'],
        ['request.complete', 'hist-office', 'office'],
      ]);
      expect(entries[2]!.changes).toMatchObject({ subject: 'お見積り', attachments: ['estimate.pdf'] });
      expect(entries[3]!.changes).toEqual({ userPeriod: [null, '2027-06-30'] });
      const times = entries.map((e) => Date.parse(e.occurredAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    expect((await ctx.app.inject({ url: `${path('/user')}/history` })).statusCode).toBe(401);
  });

  test('the authorization matrix: 404 for anyone who may not see the request', async () => {
    const w = await buildWorld(ctx, 'hist');
    for (const role of roles) {
      const response = await ctx.app.inject({
        url: `${namespaceOf(role)}/requests/${w.projectId}/${w.number}/history`,
        headers: w[role].headers,
      });
      expect(response.statusCode, role).toBe(allowed[role] ? 200 : 404);
    }
    // An unknown request, and a malformed number.
    expect(
      (
        await call(ctx, requestHistoryEndpoints.listRequestHistory, {
          as: w.owner,
          namespace: 'user',
          params: { projectId: w.projectId, requestId: '999' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx, requestHistoryEndpoints.listRequestHistory, {
          as: w.owner,
          namespace: 'user',
          params: { projectId: w.projectId, requestId: 'abc' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
