import {
  dealEndpoints,
  dealListResponseSchema,
  dealResponseSchema,
  requestDealsResponseSchema,
  type Deal,
} from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deals, history, mailOutbox, requests } from '../../src/db/schema/index.js';
import { recordExpiredDeals } from '../../src/repositories/billing/deals.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import {
  bankAccount,
  createBillingWorld,
  nsOf,
  sampleLines,
  sees,
  snapshotBilling,
  who,
  type BillingWorld,
} from './support.js';

/**
 * Estimates: the authorization matrix over every endpoint, the state machine (send, revise,
 * withdraw, accept, decline, expire) and its refusals, totals computed on the server only, mails
 * and history, search and CSV.
 */
describe.skipIf(skipDriver)('estimates', () => {
  let ctx: TestContext;
  let w: BillingWorld;
  const draftBody = {
    title: '米国出願費用',
    validUntil: '2099-12-31',
    notes: 'ご確認ください',
    lines: sampleLines,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createBillingWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const params = (dealId?: string) => ({
    projectId: w.projectId,
    requestId: w.requestNo,
    ...(dealId ? { dealId } : {}),
  });

  async function draft(body: Record<string, unknown> = draftBody): Promise<Deal> {
    const response = await call(ctx, dealEndpoints.createDeal, {
      params: params(),
      headers: w.u.firm.headers,
      body: body as never,
    });
    expect(response.statusCode, response.body).toBe(201);
    return dealResponseSchema.parse(response.json()).item;
  }

  async function send(deal: Deal): Promise<Deal> {
    const response = await call(ctx, dealEndpoints.sendDeal, {
      params: params(deal.id) as never,
      headers: w.u.firm.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return dealResponseSchema.parse(response.json()).item;
  }

  test('a draft is numbered per office and year, its totals computed on the server', async () => {
    const deal = await draft();
    const year = new Date().getFullYear();
    expect(deal.number).toMatch(new RegExp(`^Q(${year}|${year + 1})-\\d{4}$`));
    expect(deal).toMatchObject({ version: 1, status: 'draft', fxNote: true });
    // 150,000 at 10% + 14,000 untaxed + 2 × USD 500.25 × 150.5 = 150,575 out of scope.
    expect(deal.lines.map((l) => l.amountYen)).toEqual([150_000, 14_000, 150_575]);
    expect(deal.totals).toMatchObject({ subtotal: 314_575, tax: 15_000, total: 329_575, withholding: 0 });
    expect(deal.issuer).toMatchObject({ id: w.firmId, qualifiedInvoiceNumber: 'T1234567890123' });
    expect(deal.recipient.id).toBe(w.organizationId);
    await call(ctx, dealEndpoints.deleteDeal, {
      params: params(deal.id) as never,
      headers: w.u.firm.headers,
    });
  });

  test('amounts as Japanese users type them (３００，０００, 300,000, 1,000.50) are stored as plain numbers', async () => {
    const deal = await draft({
      ...draftBody,
      lines: [
        { ...sampleLines[0], unitPrice: '３００，０００' },
        { ...sampleLines[0], quantity: '１', unitPrice: '300,000' },
        { ...sampleLines[2], unitPrice: '1,000.50', exchangeRate: '１５０．５' },
      ],
    });
    expect(deal.lines.map((l) => l.unitPrice)).toEqual(['300000', '300000', '1000.5']);
    expect(deal.lines.map((l) => l.amountYen)).toEqual([300_000, 300_000, 301_150]);
    await call(ctx, dealEndpoints.deleteDeal, {
      params: params(deal.id) as never,
      headers: w.u.firm.headers,
    });
  });

  test('a misplaced separator (3,00,000) is refused with a message asking for half-width digits', async () => {
    const response = await call(ctx, dealEndpoints.createDeal, {
      params: params(),
      headers: w.u.firm.headers,
      body: { ...draftBody, lines: [{ ...sampleLines[0], unitPrice: '3,00,000' }] } as never,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('半角数字');
  });

  test('totals sent by a client are not read: the body is strict (400) and nothing is written', async () => {
    const before = await snapshotBilling(ctx.app.db);
    for (const body of [
      { ...draftBody, total: 1 },
      { ...draftBody, lines: [{ ...sampleLines[0], amountYen: 1 }] },
    ]) {
      const response = await call(ctx, dealEndpoints.createDeal, {
        params: params(),
        headers: w.u.firm.headers,
        body: body as never,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  describe('authorization matrix', () => {
    let sent: Deal;
    let hidden: Deal;

    beforeAll(async () => {
      sent = await send(await draft({ ...draftBody, title: 'matrix sent' }));
      hidden = await draft({ ...draftBody, title: 'matrix draft' });
    });

    test.each(who)('%s: reads what the matrix allows; clients never see drafts', async (user) => {
      const headers = w.u[user].headers;
      const namespace = nsOf(user);
      const office = namespace === 'patent';
      const list = await call(ctx, dealEndpoints.listRequestDeals, { params: params(), headers, namespace });
      expect(list.statusCode, list.body).toBe(sees[user] ? 200 : 404);
      if (sees[user]) {
        const ids = requestDealsResponseSchema.parse(list.json()).items.map((d) => d.id);
        expect(ids).toContain(sent.id);
        expect(ids.includes(hidden.id)).toBe(office);
      }
      for (const [deal, visible] of [
        [sent, sees[user]],
        [hidden, sees[user] && office],
      ] as const) {
        const one = await call(ctx, dealEndpoints.getDeal, {
          params: params(deal.id) as never,
          headers,
          namespace,
        });
        expect(one.statusCode, `${user} ${deal.title}`).toBe(visible ? 200 : 404);
      }
      const search = await call(ctx, dealEndpoints.listDeals, { query: {}, headers, namespace });
      expect(search.statusCode).toBe(200);
      const found = dealListResponseSchema.parse(search.json()).items.map((d) => d.id);
      expect(found.includes(sent.id)).toBe(sees[user]);
      expect(found.includes(hidden.id)).toBe(sees[user] && office);
      const csv = await call(ctx, dealEndpoints.exportDeals, { query: {}, headers, namespace });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.includes(sent.number)).toBe(sees[user]);
    });

    test('signed out: 401 on every estimate endpoint', async () => {
      for (const [definition, namespace] of [
        [dealEndpoints.listRequestDeals, 'user'],
        [dealEndpoints.getDeal, 'patent'],
        [dealEndpoints.listDeals, 'user'],
        [dealEndpoints.exportDeals, 'patent'],
        [dealEndpoints.createDeal, 'patent'],
        [dealEndpoints.updateDeal, 'patent'],
        [dealEndpoints.deleteDeal, 'patent'],
        [dealEndpoints.sendDeal, 'patent'],
        [dealEndpoints.reviseDeal, 'patent'],
        [dealEndpoints.withdrawDeal, 'patent'],
        [dealEndpoints.acceptDeal, 'user'],
        [dealEndpoints.declineDeal, 'user'],
      ] as const) {
        const response = await call(ctx, definition as typeof dealEndpoints.getDeal, {
          params: params(sent.id) as never,
          namespace,
        });
        expect(response.statusCode, definition.path).toBe(401);
      }
    });

    test('office writes: another office gets 404 and nothing changes', async () => {
      const before = await snapshotBilling(ctx.app.db);
      const headers = w.u.otherFirm.headers;
      const deal = (id: string) => params(id) as never;
      const answers = [
        await call(ctx, dealEndpoints.createDeal, { params: params(), headers, body: draftBody }),
        await call(ctx, dealEndpoints.updateDeal, { params: deal(hidden.id), headers, body: draftBody }),
        await call(ctx, dealEndpoints.deleteDeal, { params: deal(hidden.id), headers }),
        await call(ctx, dealEndpoints.sendDeal, { params: deal(hidden.id), headers }),
        await call(ctx, dealEndpoints.reviseDeal, { params: deal(sent.id), headers }),
        await call(ctx, dealEndpoints.withdrawDeal, { params: deal(sent.id), headers, body: {} }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(await snapshotBilling(ctx.app.db)).toBe(before);
    });

    test('client decisions: an unassigned member and another client get 404; offices have no such route', async () => {
      const before = await snapshotBilling(ctx.app.db);
      for (const user of ['member', 'stranger'] as const) {
        const accept = await call(ctx, dealEndpoints.acceptDeal, {
          params: params(sent.id) as never,
          headers: w.u[user].headers,
        });
        const decline = await call(ctx, dealEndpoints.declineDeal, {
          params: params(sent.id) as never,
          headers: w.u[user].headers,
          body: { reason: 'no' },
        });
        expect([accept.statusCode, decline.statusCode]).toEqual([404, 404]);
      }
      // The client cannot reach the office's routes, and the office cannot accept. Written out on
      // purpose: the paths pin that each namespace lacks the other side's route.
      const asOffice = await ctx.app.inject({
        method: 'POST',
        url: `/patent/requests/${w.projectId}/${w.requestNo}/deals/${sent.id}/acceptance`,
        headers: w.u.firm.headers,
      });
      const asClient = await ctx.app.inject({
        method: 'POST',
        url: `/user/requests/${w.projectId}/${w.requestNo}/deals/${hidden.id}/send`,
        headers: w.u.owner.headers,
      });
      expect([asOffice.statusCode, asClient.statusCode]).toEqual([404, 404]);
      // A client cannot act on a draft it cannot see.
      const onDraft = await call(ctx, dealEndpoints.acceptDeal, {
        params: params(hidden.id) as never,
        headers: w.u.owner.headers,
      });
      expect(onDraft.statusCode).toBe(404);
      expect(await snapshotBilling(ctx.app.db)).toBe(before);
    });
  });

  test('send: frozen parties, mails to the client side who sees the matter, history with the number', async () => {
    const deal = await send(await draft({ ...draftBody, title: 'mail check' }));
    expect(deal.status).toBe('sent');
    const [row] = await ctx.app.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row?.issuerSnapshot).toMatchObject({ id: w.firmId, bankAccount });
    expect(row?.recipientSnapshot).toMatchObject({ id: w.organizationId });
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress, template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `deal:${deal.id}`));
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@corp.example', 'owner@corp.example']);
    expect(new Set(mails.map((m) => m.template))).toEqual(new Set(['estimateSent']));
    const [entry] = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.entityId, deal.id), eq(history.action, 'estimate.send')));
    expect(entry?.changes).toMatchObject({ name: deal.number, version: 1 });
  });

  test('a sent estimate does not change (409, nothing changed); a revision keeps the number and supersedes it when sent', async () => {
    const v1 = await send(await draft({ ...draftBody, title: 'revise me' }));
    const before = await snapshotBilling(ctx.app.db);
    const refused = [
      await call(ctx, dealEndpoints.updateDeal, {
        params: params(v1.id) as never,
        headers: w.u.firm.headers,
        body: draftBody,
      }),
      await call(ctx, dealEndpoints.deleteDeal, {
        params: params(v1.id) as never,
        headers: w.u.firm.headers,
      }),
      await call(ctx, dealEndpoints.sendDeal, { params: params(v1.id) as never, headers: w.u.firm.headers }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json<{ message: string }>().message !== ''])).toEqual([
      [409, true],
      [409, true],
      [409, true],
    ]);
    expect(await snapshotBilling(ctx.app.db)).toBe(before);

    const revision = await call(ctx, dealEndpoints.reviseDeal, {
      params: params(v1.id) as never,
      headers: w.u.firm.headers,
    });
    expect(revision.statusCode, revision.body).toBe(201);
    const v2 = dealResponseSchema.parse(revision.json()).item;
    expect(v2).toMatchObject({ number: v1.number, version: 2, status: 'draft', supersedesDealId: v1.id });
    // One open revision at a time.
    const again = await call(ctx, dealEndpoints.reviseDeal, {
      params: params(v1.id) as never,
      headers: w.u.firm.headers,
    });
    expect(again.statusCode).toBe(409);
    // The client still sees v1 as sent and no draft successor.
    const seen = await call(ctx, dealEndpoints.getDeal, {
      params: params(v1.id) as never,
      headers: w.u.owner.headers,
      namespace: 'user',
    });
    expect(dealResponseSchema.parse(seen.json()).item).toMatchObject({
      status: 'sent',
      supersededByDealId: null,
    });
    await call(ctx, dealEndpoints.updateDeal, {
      params: params(v2.id) as never,
      headers: w.u.firm.headers,
      body: { ...draftBody, title: 'revise me', lines: sampleLines.slice(0, 1) },
    });
    const sentV2 = await send(v2);
    expect(sentV2.totals.total).toBe(165_000);
    const old = await call(ctx, dealEndpoints.getDeal, {
      params: params(v1.id) as never,
      headers: w.u.owner.headers,
      namespace: 'user',
    });
    expect(dealResponseSchema.parse(old.json()).item).toMatchObject({
      status: 'superseded',
      supersededByDealId: v2.id,
    });
    const accept = await call(ctx, dealEndpoints.acceptDeal, {
      params: params(v1.id) as never,
      headers: w.u.owner.headers,
    });
    expect(accept.statusCode).toBe(409);
    const actions = await ctx.app.db
      .select({ action: history.action, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId)));
    expect(
      actions.filter((a) => (a.changes as { name?: string })?.name === v1.number).map((a) => a.action),
    ).toEqual(expect.arrayContaining(['estimate.send', 'estimate.revise', 'estimate.send']));
  });

  test('accept: the request moves from 1 to 2 in the same transaction; two acceptances racing: one wins, the other 409', async () => {
    const deal = await send(await draft({ ...draftBody, title: 'accept me' }));
    const [requestBefore] = await ctx.app.db.select().from(requests).where(eq(requests.id, w.requestId));
    expect(requestBefore?.status).toBe(1);
    const answers = await Promise.all(
      [w.u.owner, w.u.admin].map((user) =>
        call(ctx, dealEndpoints.acceptDeal, { params: params(deal.id) as never, headers: user.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await snapshotBilling(ctx.app.db);
    const [requestAfter] = await ctx.app.db.select().from(requests).where(eq(requests.id, w.requestId));
    expect(requestAfter?.status).toBe(2);
    const accepted = dealResponseSchema.parse(answers.find((a) => a.statusCode === 200)!.json()).item;
    expect(accepted.status).toBe('accepted');
    expect(accepted.decidedBy?.id).toMatch(/^[0-9a-f-]{36}$/);
    // Declining or withdrawing it now is refused; nothing changes.
    const decline = await call(ctx, dealEndpoints.declineDeal, {
      params: params(deal.id) as never,
      headers: w.u.owner.headers,
      body: { reason: 'later' },
    });
    const withdraw = await call(ctx, dealEndpoints.withdrawDeal, {
      params: params(deal.id) as never,
      headers: w.u.firm.headers,
      body: {},
    });
    expect([decline.statusCode, withdraw.statusCode]).toEqual([409, 409]);
    expect(await snapshotBilling(ctx.app.db)).toBe(after);
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress, template: mailOutbox.template })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.reference, `deal:${deal.id}`), eq(mailOutbox.template, 'estimateAccepted')));
    expect(mails.map((m) => m.to)).toEqual(['staff@yamada.example']);
  });

  test('decline with a reason; withdraw; an expired estimate answers expired and cannot be accepted', async () => {
    const declined = await send(await draft({ ...draftBody, title: 'decline me' }));
    const decline = await call(ctx, dealEndpoints.declineDeal, {
      params: params(declined.id) as never,
      headers: w.u.admin.headers,
      body: { reason: '予算超過' },
    });
    expect(dealResponseSchema.parse(decline.json()).item).toMatchObject({
      status: 'declined',
      declineReason: '予算超過',
    });
    const withdrawn = await send(await draft({ ...draftBody, title: 'withdraw me' }));
    const withdraw = await call(ctx, dealEndpoints.withdrawDeal, {
      params: params(withdrawn.id) as never,
      headers: w.u.firm.headers,
      body: { reason: '条件変更' },
    });
    expect(dealResponseSchema.parse(withdraw.json()).item).toMatchObject({
      status: 'withdrawn',
      withdrawReason: '条件変更',
    });

    const expired = await send(await draft({ ...draftBody, title: 'expire me', validUntil: '2020-01-31' }));
    expect(expired.status).toBe('expired');
    const before = await snapshotBilling(ctx.app.db);
    const accept = await call(ctx, dealEndpoints.acceptDeal, {
      params: params(expired.id) as never,
      headers: w.u.owner.headers,
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json<{ message: string }>().message).not.toBe('');
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    const search = await call(ctx, dealEndpoints.listDeals, {
      query: { status: 'expired' },
      headers: w.u.owner.headers,
      namespace: 'user',
    });
    expect(dealListResponseSchema.parse(search.json()).items.map((d) => d.id)).toEqual([expired.id]);
    // The daily job writes `estimate.expire` once.
    expect(await recordExpiredDeals(ctx.app.db, '2026-11-26')).toBeGreaterThanOrEqual(1);
    expect(await recordExpiredDeals(ctx.app.db, '2026-11-26')).toBe(0);
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.entityId, expired.id), eq(history.action, 'estimate.expire')));
    expect(entries.map((e) => (e.changes as { name: string }).name)).toEqual([expired.number]);
  });

  test('search by amount, counterparty and text, offset paging with the total; CSV with BOM, header and rows', async () => {
    const all = dealListResponseSchema.parse(
      (
        await call(ctx, dealEndpoints.listDeals, {
          query: { limit: 2 },
          headers: w.u.firm.headers,
          namespace: 'patent',
        })
      ).json(),
    );
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const next = dealListResponseSchema.parse(
      (
        await call(ctx, dealEndpoints.listDeals, {
          query: { limit: 2, offset: 2 },
          headers: w.u.firm.headers,
          namespace: 'patent',
        })
      ).json(),
    );
    expect(next.items.map((d) => d.id)).not.toContain(all.items[0]!.id);
    const small = dealListResponseSchema.parse(
      (
        await call(ctx, dealEndpoints.listDeals, {
          query: { maxAmount: 200_000 },
          headers: w.u.firm.headers,
          namespace: 'patent',
        })
      ).json(),
    );
    expect(small.items.every((d) => d.total <= 200_000)).toBe(true);
    expect(small.total).toBeGreaterThan(0);
    const byText = dealListResponseSchema.parse(
      (
        await call(ctx, dealEndpoints.listDeals, {
          query: { q: 'decline me' },
          headers: w.u.firm.headers,
          namespace: 'patent',
        })
      ).json(),
    );
    expect(byText.items.map((d) => d.title)).toEqual(['decline me']);
    const byFirm = dealListResponseSchema.parse(
      (
        await call(ctx, dealEndpoints.listDeals, {
          query: { counterpartyId: w.otherFirmId },
          headers: w.u.owner.headers,
          namespace: 'user',
        })
      ).json(),
    );
    expect(byFirm.total).toBe(0);
    const csv = await call(ctx, dealEndpoints.exportDeals, {
      query: {},
      headers: w.u.firm.headers,
      namespace: 'patent',
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"見積番号","版","送付日","有効期限","取引先","件名","整理番号","依頼","小計","消費税額","合計","状態"',
    );
    expect(lines.length - 1).toBe(all.total);
  });
});
