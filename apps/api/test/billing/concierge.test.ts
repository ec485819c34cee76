import {
  conciergeEndpoints,
  conciergeResponseSchema,
  invoiceEndpoints,
  paymentEndpoints,
  paymentResponseSchema,
  requestListResponseSchema,
  firmEndpoints,
  projectDetailEndpoints,
  requestEndpoints,
  requestHistoryEndpoints,
  requestMailEndpoints,
} from '@ipportal/domain';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files, history, invoices, mailOutbox, requests } from '../../src/db/schema/index.js';
import { mailQueueOf } from '../../src/mail/index.js';
import { findPrincipal } from '../../src/repositories/users.js';
import { startConcierge } from '../../src/use-cases/start-concierge.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertConcierge, snapshotBilling } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { buildWorld, multipartMail, setLocale, type DetailWorld } from '../requests/detail-support.js';
import { snapshotBilling as snapshotDocuments } from './support.js';
import type { TestUser } from '../projects/support.js';

/**
 * The concierge (ADR 0019): a client turns it on for a request; the concierge office coordinates
 * it, bills its fee, reads the request and its matter and writes in its thread, never the user
 * space; the request's concierge state follows the fee invoice.
 */
describe.skipIf(skipDriver)('concierge', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let concierge: { firmId: string; user: TestUser };
  const params = () => ({ projectId: w.projectId, requestId: w.number });

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'cg');
  });
  afterAll(async () => ctx?.close());

  const start = (user: TestUser) =>
    call(ctx, conciergeEndpoints.startConcierge, { headers: user.headers, params: params() });
  const get = (user: TestUser, namespace: 'user' | 'patent') =>
    call(ctx, conciergeEndpoints.getConcierge, { namespace, headers: user.headers, params: params() });

  test('not available until the operator has a concierge office: 409, nothing changes', async () => {
    const before = await snapshotBilling(ctx.app.db);
    const response = await start(w.owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: '現在コンシェルジュは利用できません' });
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    concierge = await insertConcierge(ctx);
  });

  test('the concierge office is not in the directory clients choose from', async () => {
    const response = await call(ctx, firmEndpoints.listFirmDirectory, {
      as: w.owner,
      query: { regionCode: 1, officeType: 'patentAttorney' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<{ items: { id: string }[] }>().items.map((f) => f.id);
    expect(ids).not.toContain(concierge.firmId);
  });

  test('only the client side that may write to the request starts it; others 404 and nothing changes', async () => {
    const before = await snapshotBilling(ctx.app.db);
    for (const user of [w.unassigned, w.stranger]) expect((await start(user)).statusCode).toBe(404);
    // Written out on purpose: the path pins that /patent publishes no way to start a concierge.
    for (const user of [w.office, w.otherOffice, concierge.user]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/patent/requests/${w.projectId}/${w.number}/concierge`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await start({ headers: { authorization: '' }, id: '', email: '' })).statusCode).toBe(401);
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  test('the fee invoice PDF cannot be stored: the start fails whole, the request stays notUsed, no invoice, number, mail', async () => {
    const before = await snapshotDocuments(ctx.app.db);
    const principal = await findPrincipal(ctx.app.db, w.owner.id);
    const failing = startConcierge(
      {
        db: ctx.app.db,
        storage: {
          driver: ctx.app.storage.driver,
          put: () => Promise.reject(new Error('storage unavailable')),
        },
        jobs: ctx.app.jobs,
        queue: mailQueueOf(ctx.app.jobs),
        bus: ctx.app.bus,
        link: (path) => `http://portal.test${path}`,
        requestTimeoutMs: 1000,
        feeYen: 30_000,
      },
      {
        principal: principal!,
        actor: { userId: w.owner.id, traceId: 'test', ip: '127.0.0.1' },
        projectId: w.projectId,
        requestId: w.number,
      },
    );
    await expect(failing).rejects.toThrow('storage unavailable');
    expect(await snapshotDocuments(ctx.app.db)).toBe(before);
    expect(conciergeResponseSchema.parse((await get(w.owner, 'user')).json()).item).toMatchObject({
      state: 'notUsed',
      invoiceId: null,
    });
  });

  test('start: the concierge joins as coordinator, its fee invoice is issued, the state is awaitingPayment', async () => {
    await setLocale(ctx, w.admin, 'en');
    const response = await start(w.owner);
    expect(response.statusCode, response.body).toBe(201);
    const item = conciergeResponseSchema.parse(response.json()).item;
    expect(item).toMatchObject({
      state: 'awaitingPayment',
      firm: { id: concierge.firmId, name: 'IPポータル コンシェルジュ' },
      invoiceId: expect.any(String) as string,
      startedAt: expect.any(String) as string,
    });
    const [fee] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, item.invoiceId!));
    expect(fee).toMatchObject({
      status: 'issued',
      firmId: concierge.firmId,
      requestId: w.requestId,
      subtotal: 30_000,
      tax: 3000,
      amountToTransfer: 33_000,
      number: expect.stringMatching(/^INV\d{4}-0001$/) as string,
    });
    expect(fee!.billedOrganizationId).not.toBeNull();
    // Issued by the one issuing path: both parties frozen, the PDF stored with its files row.
    expect(fee!.issuerSnapshot).toMatchObject({ id: concierge.firmId, name: 'IPポータル コンシェルジュ' });
    expect(fee!.recipientSnapshot).toMatchObject({ id: fee!.billedOrganizationId });
    expect(fee!.pdfFileId).not.toBeNull();
    // Twice: 409, nothing changes.
    const before = await snapshotBilling(ctx.app.db);
    const again = await start(w.admin);
    expect(again.statusCode).toBe(409);
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    const actions = await ctx.app.db
      .select({ action: history.action })
      .from(history)
      .where(and(eq(history.requestId, w.requestId)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['invoice.issue', 'request.concierge.start']),
    );
  });

  test('the fee invoice: its stored PDF downloads unchanged, and the client side was mailed in its languages', async () => {
    const { invoiceId } = conciergeResponseSchema.parse((await get(w.owner, 'user')).json()).item;
    const [row] = await ctx.app.db
      .select({
        number: invoices.number,
        sha256: files.sha256,
        size: files.sizeBytes,
        purpose: files.purpose,
        writeOnce: files.writeOnce,
      })
      .from(invoices)
      .innerJoin(files, eq(files.id, invoices.pdfFileId))
      .where(eq(invoices.id, invoiceId!));
    expect(row).toMatchObject({ purpose: 'invoice', writeOnce: true });
    const pdf = await call(ctx, invoiceEndpoints.invoicePdf, {
      params: { invoiceId: invoiceId! },
      headers: w.owner.headers,
      namespace: 'user',
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(row!.sha256);
    expect(pdf.rawPayload.length).toBe(row!.size);
    const again = await call(ctx, invoiceEndpoints.invoicePdf, {
      params: { invoiceId: invoiceId! },
      headers: concierge.user.headers,
      namespace: 'patent',
    });
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);

    // The client side that sees the request, the owner who started it included; each in its language.
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress, locale: mailOutbox.locale, template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invoice:${invoiceId}`));
    expect(mails.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: w.admin.email, locale: 'en', template: 'invoiceIssued' },
      { to: w.owner.email, locale: 'ja', template: 'invoiceIssued' },
    ]);
    const [issue] = await ctx.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.entityId, invoiceId!), eq(history.action, 'invoice.issue')));
    expect(issue?.changes).toMatchObject({ name: row!.number, sha256: row!.sha256, concierge: true });
  });

  test('who reads the concierge state: the client side that sees the request, the office, the concierge', async () => {
    const expected: [TestUser, 'user' | 'patent', number][] = [
      [w.owner, 'user', 200],
      [w.admin, 'user', 200],
      [w.unassigned, 'user', 404],
      [w.stranger, 'user', 404],
      [w.office, 'patent', 200],
      [w.otherOffice, 'patent', 404],
      [concierge.user, 'patent', 200],
    ];
    for (const [user, namespace, status] of expected) {
      const response = await get(user, namespace);
      expect(response.statusCode, user.email).toBe(status);
    }
  });

  test('the concierge reads the request and its matter and writes in its thread, but never moves it on', async () => {
    const headers = concierge.user.headers;
    const detail = await call(ctx, requestEndpoints.getRequest, {
      headers,
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const list = requestListResponseSchema.parse(
      (
        await call(ctx, requestEndpoints.listRequests, {
          headers,
          namespace: 'patent',
          query: { concierge: 'awaitingPayment' },
        })
      ).json(),
    );
    expect(list.items.map((r) => r.requestId)).toEqual([w.number]);
    expect(
      (
        await call(ctx, projectDetailEndpoints.getProject, {
          headers,
          namespace: 'patent',
          params: { projectId: w.projectId },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(ctx, requestHistoryEndpoints.listRequestHistory, {
          headers,
          namespace: 'patent',
          params: { projectId: w.projectId, requestId: w.number },
        })
      ).statusCode,
    ).toBe(200);
    const body = multipartMail({ subject: 'コンシェルジュです', body: 'お手伝いします。' });
    const sent = await call(ctx, requestMailEndpoints.sendRequestMail, {
      headers: { ...headers, ...body.headers },
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const thread = await call(ctx, requestMailEndpoints.listRequestMails, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
    });
    expect(thread.json<{ items: { subject: string }[] }>().items.map((m) => m.subject)).toContain(
      'コンシェルジュです',
    );
    const before = await snapshotBilling(ctx.app.db);
    const statusBefore = (
      await call(ctx, requestEndpoints.getRequest, {
        as: w.owner,
        namespace: 'user',
        params: { projectId: w.projectId, requestId: w.number },
      })
    ).json<{ item: { status: number; declinedAt: string | null } }>().item;
    // Moving the request on is the addressed office's: the coordinator is told so, in its language.
    const moveOn = {
      accept: requestEndpoints.acceptRequest,
      decline: requestEndpoints.declineRequest,
      complete: requestEndpoints.completeRequest,
    };
    for (const [action, language, message] of [
      [
        'accept',
        'ja',
        'コンシェルジュは依頼の状態を変更できません。受付・辞退・対応済みは依頼先の事務所が行います',
      ],
      [
        'decline',
        'ja',
        'コンシェルジュは依頼の状態を変更できません。受付・辞退・対応済みは依頼先の事務所が行います',
      ],
      [
        'complete',
        'en',
        "The concierge cannot change the request's status: the addressed office accepts, declines and completes it",
      ],
    ] as const) {
      const response = await call(ctx, moveOn[action], {
        headers: { ...headers, 'accept-language': language },
        params: { projectId: w.projectId, requestId: w.number },
        payload: { reason: 'x' },
      });
      expect(response.statusCode, action).toBe(403);
      expect(response.json<{ message: string }>().message, action).toContain(message);
    }
    const statusAfter = (
      await call(ctx, requestEndpoints.getRequest, {
        as: w.owner,
        namespace: 'user',
        params: { projectId: w.projectId, requestId: w.number },
      })
    ).json<{ item: { status: number; declinedAt: string | null } }>().item;
    expect(statusAfter).toMatchObject({ status: statusBefore.status, declinedAt: statusBefore.declinedAt });
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  test('the concierge never reaches the user space: its endpoints are /user only, and its token is not a client token', async () => {
    const headers = concierge.user.headers;
    for (const path of [`/projects/${w.projectId}/comments`, `/projects/${w.projectId}/files`]) {
      expect((await ctx.app.inject({ url: `/patent${path}`, headers })).statusCode, path).toBe(404);
      expect((await ctx.app.inject({ url: `/user${path}`, headers })).statusCode, path).toBe(401);
      expect((await ctx.app.inject({ url: `/user${path}`, headers: w.owner.headers })).statusCode, path).toBe(
        200,
      );
    }
  });

  test('the fee invoice paid and confirmed: the state becomes paid, with its history; the filter follows', async () => {
    const state = conciergeResponseSchema.parse((await get(w.owner, 'user')).json()).item;
    const recorded = await call(ctx, paymentEndpoints.recordPayment, {
      headers: w.admin.headers,
      body: {
        paidOn: '2026-11-25',
        amount: 33_000,
        remitterName: 'ｶ)ｸﾗｲｱﾝﾄ',
        allocations: [{ invoiceId: state.invoiceId!, amount: 33_000 }],
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const paymentId = paymentResponseSchema.parse(recorded.json()).item.id;
    // The addressed office did not bill it: not its payment to confirm.
    expect(
      (await call(ctx, paymentEndpoints.confirmPayment, { headers: w.office.headers, params: { paymentId } }))
        .statusCode,
    ).toBe(404);
    const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
      headers: concierge.user.headers,
      params: { paymentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(conciergeResponseSchema.parse((await get(w.owner, 'user')).json()).item.state).toBe('paid');
    const [row] = await ctx.app.db
      .select({ concierge: requests.concierge })
      .from(requests)
      .where(eq(requests.id, w.requestId));
    expect(row?.concierge).toBe('paid');
    const paidHistory = await ctx.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId), eq(history.action, 'request.concierge.paid')));
    expect(paidHistory).toHaveLength(1);
    const paid = requestListResponseSchema.parse(
      (
        await call(ctx, requestEndpoints.listRequests, {
          as: w.owner,
          namespace: 'user',
          query: { concierge: 'paid' },
        })
      ).json(),
    );
    expect(paid.items.map((r) => r.requestId)).toEqual([w.number]);
  });
});

/** The price a client reads before turning the concierge on: the server's setting, with its tax. */
describe.skipIf(skipDriver)('concierge price', () => {
  let ctx: TestContext;
  let w: DetailWorld;

  beforeAll(async () => {
    ctx = await createTestContext({ CONCIERGE_FEE_YEN: '45000' });
    w = await buildWorld(ctx, 'cp');
  });
  afterAll(async () => ctx?.close());

  test('the client side and the office read the fee from CONCIERGE_FEE_YEN and its amount with 10% tax', async () => {
    for (const [user, namespace] of [
      [w.owner, 'user'],
      [w.office, 'patent'],
    ] as const) {
      const response = await call(ctx, conciergeEndpoints.getConcierge, {
        namespace,
        headers: user.headers,
        params: { projectId: w.projectId, requestId: w.number },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(conciergeResponseSchema.parse(response.json()).item).toMatchObject({
        state: 'notUsed',
        fee: { amountYen: 45_000, taxYen: 4_500, totalYen: 49_500 },
      });
    }
  });
});
