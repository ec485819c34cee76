/**
 * The `onBillingChanged` topic: an estimate sent, an invoice issued, a payment recorded reach the
 * open screens of the parties who may read them, and no one else (ADR 0019: the concierge never
 * hears of the addressed office's estimates, invoices and payments, nor that office of the
 * concierge's fee invoice; another office hears nothing).
 */
import {
  conciergeEndpoints,
  conciergeResponseSchema,
  dealEndpoints,
  dealResponseSchema,
  paymentEndpoints,
  paymentResponseSchema,
  realtimeTopics,
  type RecordPaymentBody,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoices } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertConcierge, insertIssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import {
  connectRealtime,
  dataFor,
  listenForSockets,
  realtimeOrigin,
  subscribe,
  tokenOf,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import { createBillingWorld, sampleLines, type BillingWorld } from '../billing/support.js';
import { sendRequest } from '../requests/requests-fixtures.js';
import type { TestUser } from '../projects/support.js';

describe.skipIf(skipDriver)('billing changes on the realtime socket', () => {
  let ctx: TestContext;
  let w: BillingWorld;
  let concierge: { firmId: string; user: TestUser };
  const sockets = {} as Record<'owner' | 'member' | 'firm' | 'otherFirm' | 'concierge', RealtimeTestClient>;
  let feeInvoiceId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    w = await createBillingWorld(ctx);
    concierge = await insertConcierge(ctx);
    const url = await listenForSockets(ctx.app);
    const users = { ...w.u, concierge: concierge.user };
    for (const who of ['owner', 'member', 'firm', 'otherFirm', 'concierge'] as const) {
      const socket = await connectRealtime(url, tokenOf(users[who]), { origin: realtimeOrigin });
      sockets[who] = socket;
      const ack = await subscribe(socket, 'b', 'onBillingChanged', {}, tokenOf(users[who]));
      expect(ack.type, JSON.stringify(ack)).toBe('start_ack');
    }
  });
  afterAll(async () => {
    for (const socket of Object.values(sockets)) await socket.close();
    await ctx?.close();
  });

  /** The next billing event a socket hears (in order: an earlier leak would come first). */
  const nextEvent = async (socket: RealtimeTestClient) =>
    realtimeTopics.onBillingChanged.data.parse(
      (await socket.next(dataFor('b'))).payload?.data?.onBillingChanged,
    );

  const sendEstimate = async (office: TestUser, requestId: number) => {
    const params = { projectId: w.projectId, requestId };
    const created = await call(ctx, dealEndpoints.createDeal, {
      params,
      headers: office.headers,
      body: { title: '米国出願費用', validUntil: '2099-12-31', lines: sampleLines },
    });
    expect(created.statusCode, created.body).toBe(201);
    const deal = dealResponseSchema.parse(created.json()).item;
    const sent = await call(ctx, dealEndpoints.sendDeal, {
      params: { ...params, dealId: deal.id },
      headers: office.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return deal.id;
  };

  const pay = async (invoiceId: string, amount: number) => {
    const response = await call(ctx, paymentEndpoints.recordPayment, {
      headers: w.u.owner.headers,
      body: {
        paidOn: '2026-11-20',
        amount,
        remitterName: 'ｶ)ﾃｽﾄ',
        allocations: [{ invoiceId, amount }],
      } satisfies RecordPaymentBody,
    });
    expect(response.statusCode, response.body).toBe(201);
    return paymentResponseSchema.parse(response.json()).item.id;
  };

  test('the concierge turned on: its fee invoice reaches the client and the concierge, not the addressed office', async () => {
    const started = await call(ctx, conciergeEndpoints.startConcierge, {
      headers: w.u.owner.headers,
      params: { projectId: w.projectId, requestId: w.requestNo },
    });
    expect(started.statusCode, started.body).toBe(201);
    feeInvoiceId = conciergeResponseSchema.parse(started.json()).item.invoiceId!;
    const expected = {
      kind: 'invoice',
      entityId: feeInvoiceId,
      projectId: w.projectId,
      requestId: w.requestNo,
    };
    expect(await nextEvent(sockets.owner)).toEqual(expected);
    expect(await nextEvent(sockets.concierge)).toEqual(expected);
  });

  test('an estimate sent: the client side that sees the request hears of it; the concierge does not', async () => {
    const dealId = await sendEstimate(w.u.firm, w.requestNo);
    const expected = { kind: 'estimate', entityId: dealId, projectId: w.projectId, requestId: w.requestNo };
    expect(await nextEvent(sockets.owner)).toEqual(expected);
    // The office's own colleagues see it too; the concierge's fee invoice never reached it.
    expect(await nextEvent(sockets.firm)).toEqual(expected);
  });

  test('a payment recorded by the client: the office’s 入金管理 hears of it; the concierge does not', async () => {
    const invoice = await insertIssuedInvoice(ctx, {
      requestId: w.requestId,
      firmId: w.firmId,
      feeYen: 100_000,
    });
    const paymentId = await pay(invoice.id, invoice.amountToTransfer);
    const expected = { kind: 'payment', entityId: paymentId, projectId: null, requestId: null };
    expect(await nextEvent(sockets.firm)).toEqual(expected);
    expect(await nextEvent(sockets.owner)).toEqual(expected);
  });

  test('the concierge’s fee paid: only the concierge and the client hear of it; another office and an unassigned member heard nothing at all', async () => {
    const [fee] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, feeInvoiceId));
    const paymentId = await pay(feeInvoiceId, fee!.amountToTransfer);
    const expected = { kind: 'payment', entityId: paymentId, projectId: null, requestId: null };
    // The concierge's first frame after its fee invoice is its own payment: no estimate, no
    // payment of the addressed office came before it.
    expect(await nextEvent(sockets.concierge)).toEqual(expected);
    expect(await nextEvent(sockets.owner)).toEqual(expected);
    // The other office's first frame is its own estimate, sent now on a request to it.
    const own = await sendRequest(ctx, w.u.owner, w.projectId, w.otherFirmId);
    const dealId = await sendEstimate(w.u.otherFirm, own.requestId);
    expect(await nextEvent(sockets.otherFirm)).toMatchObject({ kind: 'estimate', entityId: dealId });
    // The member who is not assigned to the matter saw none of it.
    expect(sockets.member.frames.filter(dataFor('b'))).toEqual([]);
    // And the addressed office heard nothing of the concierge's payment nor the other office's estimate.
    expect(sockets.firm.frames.filter(dataFor('b'))).toHaveLength(2);
  });
});
