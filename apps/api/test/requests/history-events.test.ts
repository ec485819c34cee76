import {
  deliverableEndpoints,
  requestEndpoints,
  requestHistoryEndpoints,
  requestHistoryResponseSchema,
  requestMailEndpoints,
  requestTermEndpoints,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, multipartBody, pdfBytes, signIn, signInOffice } from '../projects/support.js';
import {
  allowed,
  buildWorld,
  clientRoles,
  multipartMail,
  apiNamespaceOf,
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
    const params = { projectId: matter.id, requestId: number };

    expect((await call(ctx, requestEndpoints.acceptRequest, { as: office, params })).statusCode).toBe(200);
    const mail = multipartMail({ subject: 'お見積り', body: '添付をご覧ください' }, [
      { name: 'estimate.pdf', content: pdfBytes(), contentType: 'application/pdf' },
    ]);
    await call(ctx, requestMailEndpoints.sendRequestMail, {
      as: office,
      headers: mail.headers,
      namespace: 'patent',
      params,
      payload: mail.payload,
    });
    await call(ctx, requestTermEndpoints.updateRequestPeriods, {
      as: client,
      namespace: 'user',
      params,
      body: { userPeriod: '2027-06-30' },
    });
    const file = multipartBody(pdfBytes('deliverable'), {
      filename: 'report.pdf',
      contentType: 'application/pdf',
    });
    await call(ctx, deliverableEndpoints.uploadDeliverable, {
      as: office,
      headers: file.headers,
      params,
      payload: file.payload,
    });
    await call(ctx, requestEndpoints.completeRequest, { as: office, params });

    for (const [namespace, reader] of [
      ['user', client],
      ['patent', office],
    ] as const) {
      const response = await call(ctx, requestHistoryEndpoints.listRequestHistory, {
        as: reader,
        namespace,
        params,
      });
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
    expect(
      (await call(ctx, requestHistoryEndpoints.listRequestHistory, { namespace: 'user', params })).statusCode,
    ).toBe(401);
  });

  test('the authorization matrix: 404 for anyone who may not see the request', async () => {
    const w = await buildWorld(ctx, 'hist');
    for (const role of roles) {
      const response = await call(ctx, requestHistoryEndpoints.listRequestHistory, {
        as: w[role],
        namespace: apiNamespaceOf(role),
        params: { projectId: w.projectId, requestId: w.number },
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
