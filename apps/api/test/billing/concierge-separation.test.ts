import {
  conciergeEndpoints,
  conciergeResponseSchema,
  dealEndpoints,
  dealResponseSchema,
  invoiceEndpoints,
  invoiceResponseSchema,
  paymentEndpoints,
  paymentResponseSchema,
  requestDealsResponseSchema,
  requestHistoryEndpoints,
  requestHistoryResponseSchema,
  requestInvoicesResponseSchema,
  type RequestHistoryEntry,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deals, mailOutbox } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertConcierge } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import type { TestUser } from '../projects/support.js';
import { createBillingWorld, sampleLines, type BillingWorld } from './support.js';

/**
 * The office's money and the concierge's fee stay apart (ADR 0019): on a request the concierge
 * coordinates, the addressed office lists, is mailed and reads in the history only its own
 * estimates, invoices and payments, and the concierge only its fee; the client side sees both.
 */
describe.skipIf(skipDriver)('concierge and office: each sees only its own money', () => {
  let ctx: TestContext;
  let w: BillingWorld;
  let concierge: { firmId: string; user: TestUser };
  let officeDealId: string;
  let officeInvoice: { id: string; number: string };
  let fee: { id: string; number: string };
  let conciergeDealId: string;
  const params = () => ({ projectId: w.projectId, requestId: w.requestNo });

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createBillingWorld(ctx);
    concierge = await insertConcierge(ctx);
    // The client turns the concierge on: its fee invoice is issued to the client.
    const started = await call(ctx, conciergeEndpoints.startConcierge, {
      headers: w.u.owner.headers,
      params: params(),
    });
    if (started.statusCode !== 201) throw new Error(`concierge: ${started.body}`);
    const feeId = conciergeResponseSchema.parse(started.json()).item.invoiceId!;
    const feeRead = await call(ctx, invoiceEndpoints.getInvoice, {
      namespace: 'user',
      headers: w.u.owner.headers,
      params: { invoiceId: feeId },
    });
    fee = { id: feeId, number: invoiceResponseSchema.parse(feeRead.json()).item.number! };
    // The addressed office sends an estimate; the client accepts it.
    const drafted = await call(ctx, dealEndpoints.createDeal, {
      params: params(),
      headers: w.u.firm.headers,
      body: { title: '米国出願費用', validUntil: '2099-12-31', lines: sampleLines },
    });
    officeDealId = dealResponseSchema.parse(drafted.json()).item.id;
    const sent = await call(ctx, dealEndpoints.sendDeal, {
      params: { ...params(), dealId: officeDealId },
      headers: w.u.firm.headers,
    });
    if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
    const accepted = await call(ctx, dealEndpoints.acceptDeal, {
      params: { ...params(), dealId: officeDealId },
      headers: w.u.owner.headers,
    });
    if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
    // The office invoices the accepted estimate and issues the invoice.
    const created = await call(ctx, invoiceEndpoints.createInvoice, {
      params: params(),
      headers: w.u.firm.headers,
      body: { dealId: officeDealId, transactionDate: '2026-11-20' },
    });
    if (created.statusCode !== 201) throw new Error(`invoice: ${created.body}`);
    const invoiceId = invoiceResponseSchema.parse(created.json()).item.id;
    const issued = await call(ctx, invoiceEndpoints.issueInvoice, {
      params: { invoiceId },
      headers: w.u.firm.headers,
    });
    if (issued.statusCode !== 200) throw new Error(`issue: ${issued.body}`);
    officeInvoice = { id: invoiceId, number: invoiceResponseSchema.parse(issued.json()).item.number! };
    // The client pays both; each office confirms its own.
    for (const [invoice, confirmer] of [
      [officeInvoice, w.u.firm],
      [fee, concierge.user],
    ] as const) {
      const read = await call(ctx, invoiceEndpoints.getInvoice, {
        namespace: 'user',
        headers: w.u.owner.headers,
        params: { invoiceId: invoice.id },
      });
      const amount = invoiceResponseSchema.parse(read.json()).item.balance;
      const recorded = await call(ctx, paymentEndpoints.recordPayment, {
        headers: w.u.admin.headers,
        body: {
          paidOn: '2026-11-25',
          amount,
          remitterName: 'ｶ)ｸﾗｲｱﾝﾄ',
          allocations: [{ invoiceId: invoice.id, amount }],
        },
      });
      if (recorded.statusCode !== 201) throw new Error(`payment: ${recorded.body}`);
      const paymentId = paymentResponseSchema.parse(recorded.json()).item.id;
      const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
        headers: confirmer.headers,
        params: { paymentId },
      });
      if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
    }
    // An estimate of another office on the same request (written directly: no route makes one).
    const [other] = await ctx.app.db
      .insert(deals)
      .values({
        projectId: w.projectId,
        requestId: w.requestId,
        firmId: concierge.firmId,
        billedOrganizationId: w.organizationId,
        number: 'Q2026-9001',
        title: 'コンシェルジュの見積',
        status: 'sent',
        sentAt: new Date(),
        subtotal: 10_000,
        tax: 1000,
        total: 11_000,
        withholdingBase: 0,
        withholding: 0,
        amountToTransfer: 11_000,
        byTaxClass: {},
      })
      .returning({ id: deals.id });
    conciergeDealId = other!.id;
  });
  afterAll(async () => ctx?.close());

  const invoicesOf = async (user: TestUser, namespace: 'user' | 'patent') => {
    const response = await call(ctx, invoiceEndpoints.listRequestInvoices, {
      namespace,
      headers: user.headers,
      params: params(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return requestInvoicesResponseSchema.parse(response.json()).items.map((i) => i.number);
  };

  test("the office's list of the request's invoices holds only its own, not the concierge's fee", async () => {
    expect(await invoicesOf(w.u.firm, 'patent')).toEqual([officeInvoice.number]);
    expect((await invoicesOf(w.u.owner, 'user')).sort()).toEqual([officeInvoice.number, fee.number].sort());
    // The same office already got 404 on the fee by id.
    const byId = await call(ctx, invoiceEndpoints.getInvoice, {
      namespace: 'patent',
      headers: w.u.firm.headers,
      params: { invoiceId: fee.id },
    });
    expect(byId.statusCode).toBe(404);
  });

  test("the office's estimates of the request: only its own, and another office's is 404 by id", async () => {
    const listed = await call(ctx, dealEndpoints.listRequestDeals, {
      namespace: 'patent',
      headers: w.u.firm.headers,
      params: params(),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(requestDealsResponseSchema.parse(listed.json()).items.map((d) => d.id)).toEqual([officeDealId]);
    const byId = await call(ctx, dealEndpoints.getDeal, {
      namespace: 'patent',
      headers: w.u.firm.headers,
      params: { ...params(), dealId: conciergeDealId },
    });
    expect(byId.statusCode).toBe(404);
    const client = await call(ctx, dealEndpoints.listRequestDeals, {
      namespace: 'user',
      headers: w.u.owner.headers,
      params: params(),
    });
    expect(
      requestDealsResponseSchema
        .parse(client.json())
        .items.map((d) => d.id)
        .sort(),
    ).toEqual([officeDealId, conciergeDealId].sort());
  });

  test("the estimate's acceptance is mailed to the addressed office only, never to the concierge", async () => {
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'estimateAccepted'));
    expect(mails.map((m) => m.to)).toEqual([w.u.firm.email]);
  });

  const historyOf = async (user: TestUser, namespace: 'user' | 'patent'): Promise<RequestHistoryEntry[]> => {
    const response = await call(ctx, requestHistoryEndpoints.listRequestHistory, {
      namespace,
      headers: user.headers,
      params: params(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return requestHistoryResponseSchema.parse(response.json()).items;
  };
  const count = (entries: RequestHistoryEntry[], action: string) =>
    entries.filter((entry) => entry.action === action).length;
  const paymentEntriesFor = (entries: RequestHistoryEntry[]) =>
    entries.filter((entry) => entry.action.startsWith('payment.')).map((entry) => entry.changes?.invoiceId);

  test("the concierge's history: its fee entries, none of the office's estimate, invoice or payment", async () => {
    const entries = await historyOf(concierge.user, 'patent');
    const actions = entries.map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('estimate.'))).toEqual([]);
    expect(entries.filter((entry) => entry.action === 'invoice.issue').map((entry) => entry.changes)).toEqual(
      [expect.objectContaining({ name: fee.number, concierge: true })],
    );
    expect(count(entries, 'invoice.paid')).toBe(1);
    expect(paymentEntriesFor(entries)).toEqual([fee.id, fee.id]);
    expect(entries.find((entry) => entry.action === 'request.concierge.start')?.changes).toMatchObject({
      name: fee.number,
      invoiceId: fee.id,
    });
    expect(actions).toContain('request.create');
  });

  test("the office's history: its own money, the concierge's start without its fee, nothing else of the fee", async () => {
    const entries = await historyOf(w.u.firm, 'patent');
    expect(count(entries, 'estimate.send')).toBe(1);
    expect(count(entries, 'estimate.accept')).toBe(1);
    expect(entries.filter((entry) => entry.action === 'invoice.issue').map((entry) => entry.changes)).toEqual(
      [expect.not.objectContaining({ concierge: true })],
    );
    expect(count(entries, 'invoice.paid')).toBe(1);
    expect(paymentEntriesFor(entries)).toEqual([officeInvoice.id, officeInvoice.id]);
    expect(entries.find((entry) => entry.action === 'request.concierge.start')?.changes).toEqual({
      concierge: ['notUsed', 'awaitingPayment'],
    });
    expect(entries.find((entry) => entry.action === 'request.concierge.paid')?.changes).toEqual({
      concierge: ['awaitingPayment', 'paid'],
    });
  });

  test('the client side reads every entry of both', async () => {
    const entries = await historyOf(w.u.owner, 'user');
    expect(count(entries, 'invoice.issue')).toBe(2);
    expect(count(entries, 'invoice.paid')).toBe(2);
    expect(paymentEntriesFor(entries).sort()).toEqual(
      [fee.id, fee.id, officeInvoice.id, officeInvoice.id].sort(),
    );
    expect(count(entries, 'estimate.accept')).toBe(1);
    expect(entries.find((entry) => entry.action === 'request.concierge.start')?.changes).toMatchObject({
      invoiceId: fee.id,
    });
  });
});
