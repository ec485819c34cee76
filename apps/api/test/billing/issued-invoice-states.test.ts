import {
  invoiceEndpoints,
  invoiceListResponseSchema,
  paymentEndpoints,
  paymentResponseSchema,
  type QueryOf,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice, type IssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { buildWorld, type DetailWorld } from '../requests/detail-support.js';

/**
 * The office's list of every invoice it issued, by payment state (the monthly sales booking):
 * unpaid (nothing confirmed yet), partly paid, paid and void, each on the list and in its CSV.
 */
describe.skipIf(skipDriver)('issued invoices by payment state', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let unpaid: IssuedInvoice;
  let partly: IssuedInvoice;
  let paid: IssuedInvoice;
  let voided: IssuedInvoice;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'states');
    const issue = (feeYen: number) =>
      insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen });
    unpaid = await issue(10_000);
    partly = await issue(20_000);
    paid = await issue(30_000);
    voided = await issue(40_000);
    const payAndConfirm = async (invoice: IssuedInvoice, amount: number) => {
      const recorded = await call(ctx, paymentEndpoints.recordPayment, {
        headers: w.owner.headers,
        body: {
          paidOn: '2026-11-20',
          amount,
          remitterName: 'ｶ)ﾃｽﾄ',
          allocations: [{ invoiceId: invoice.id, amount }],
        },
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      const paymentId = paymentResponseSchema.parse(recorded.json()).item.id;
      const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
        headers: w.office.headers,
        params: { paymentId },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    };
    await payAndConfirm(partly, 5_000);
    await payAndConfirm(paid, paid.amountToTransfer);
    const voidAnswer = await call(ctx, invoiceEndpoints.voidInvoice, {
      headers: w.office.headers,
      params: { invoiceId: voided.id },
      body: { reason: '金額誤り' },
    });
    expect(voidAnswer.statusCode, voidAnswer.body).toBe(200);
    // Users, a firm, four invoices and three payments: slow on a loaded machine with PGlite.
  }, 180_000);
  afterAll(async () => ctx?.close());

  const list = async (state?: string) => {
    const response = await call(ctx, invoiceEndpoints.listInvoices, {
      headers: w.office.headers,
      namespace: 'patent',
      query: { view: 'issued', sort: 'number', order: 'asc', ...(state ? { state } : {}) } as QueryOf<
        typeof invoiceEndpoints.listInvoices
      >,
    });
    expect(response.statusCode, response.body).toBe(200);
    return invoiceListResponseSchema.parse(response.json()).items.map((item) => item.number);
  };

  test('every issued invoice without a state; each state its own', async () => {
    expect(await list()).toEqual([unpaid.number, partly.number, paid.number, voided.number]);
    expect(await list('unpaid')).toEqual([unpaid.number]);
    expect(await list('partlyPaid')).toEqual([partly.number]);
    expect(await list('paid')).toEqual([paid.number]);
    expect(await list('void')).toEqual([voided.number]);
  });

  test('the CSV holds what the list shows', async () => {
    const response = await call(ctx, invoiceEndpoints.exportInvoices, {
      headers: w.office.headers,
      namespace: 'patent',
      query: { view: 'issued', state: 'paid' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(paid.number);
    for (const other of [unpaid, partly, voided]) expect(response.body).not.toContain(other.number);
  });

  test('an unknown state is refused', async () => {
    const response = await call(ctx, invoiceEndpoints.listInvoices, {
      headers: w.office.headers,
      namespace: 'patent',
      query: { view: 'issued', state: 'late' } as unknown as QueryOf<typeof invoiceEndpoints.listInvoices>,
    });
    expect(response.statusCode).toBe(400);
  });
});
