import { paymentEndpoints, paymentListResponseSchema, paymentResponseSchema } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice, type IssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter } from '../projects/support.js';
import { sendRequest } from '../requests/requests-fixtures.js';
import { createBillingWorld, type BillingWorld } from './support.js';

/**
 * One transfer paying invoices of two matters: a member who sees the payment (it pays an invoice
 * of a matter they see) but not the other matter reads only the allocations to invoices they may
 * see, in the list, the detail and the confirmation mail; the administrator reads all of them.
 */
describe.skipIf(skipDriver)('payment allocations follow the invoices the reader may see', () => {
  let ctx: TestContext;
  let w: BillingWorld;
  let hidden: IssuedInvoice;
  let visible: IssuedInvoice;
  let paymentId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createBillingWorld(ctx);
    // The owner's matter (the member is not assigned to it) and the member's own matter.
    hidden = await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen: 100_000 });
    const own = await createMatter(ctx, w.u.member, { refrenceCode: 'P-BILL-2' });
    const request = await sendRequest(ctx, w.u.member, own.id, w.firmId);
    visible = await insertIssuedInvoice(ctx, { requestId: request.id, firmId: w.firmId, feeYen: 50_000 });
    const amount = hidden.amountToTransfer + visible.amountToTransfer;
    const recorded = await call(ctx, paymentEndpoints.recordPayment, {
      headers: w.u.admin.headers,
      body: {
        paidOn: '2026-11-25',
        amount,
        remitterName: 'ｶ)ｸﾗｲｱﾝﾄ',
        allocations: [
          { invoiceId: hidden.id, amount: hidden.amountToTransfer },
          { invoiceId: visible.id, amount: visible.amountToTransfer },
        ],
      },
    });
    if (recorded.statusCode !== 201) throw new Error(`payment: ${recorded.body}`);
    paymentId = paymentResponseSchema.parse(recorded.json()).item.id;
    const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
      headers: w.u.firm.headers,
      params: { paymentId },
    });
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  });
  afterAll(async () => ctx?.close());

  const allocationsIn = async (headers: Record<string, string>) => {
    const detail = await call(ctx, paymentEndpoints.getPayment, {
      namespace: 'user',
      headers,
      params: { paymentId },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const list = await call(ctx, paymentEndpoints.listPayments, { namespace: 'user', headers });
    expect(list.statusCode, list.body).toBe(200);
    const listed = paymentListResponseSchema.parse(list.json()).items.find((p) => p.id === paymentId);
    return {
      detail: paymentResponseSchema
        .parse(detail.json())
        .item.allocations.map((a) => a.invoiceNumber)
        .sort(),
      list: listed?.allocations.map((a) => a.invoiceNumber).sort(),
    };
  };

  test('the member reads only the allocation to the invoice of the matter they see', async () => {
    expect(await allocationsIn(w.u.member.headers)).toEqual({
      detail: [visible.number],
      list: [visible.number],
    });
  });

  test('the administrator reads every allocation', async () => {
    const all = [hidden.number, visible.number].sort();
    expect(await allocationsIn(w.u.admin.headers)).toEqual({ detail: all, list: all });
  });

  test('the confirmation mail names to each reader only the invoices they may see', async () => {
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress, params: mailOutbox.params })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'paymentConfirmed'), eq(mailOutbox.reference, `payment:${paymentId}`)),
      );
    const numbersTo = (email: string) =>
      (mails.find((m) => m.to === email)?.params.invoiceNumbers as string[] | undefined)?.slice().sort();
    expect(numbersTo(w.u.member.email)).toEqual([visible.number]);
    expect(numbersTo(w.u.admin.email)).toEqual([hidden.number, visible.number].sort());
    const paidTo = mails.find((m) => m.to === w.u.member.email)?.params.paidInvoiceNumbers;
    expect(paidTo).toEqual([visible.number]);
  });
});
