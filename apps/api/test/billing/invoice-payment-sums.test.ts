import { counterpartiesResponseSchema, paymentEndpoints, paymentResponseSchema } from '@ipportal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoices, paymentAllocations, payments } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice, type IssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { buildWorld, type DetailWorld } from '../requests/detail-support.js';

/**
 * Each invoice stores its paid (confirmed) and pending (recorded) allocation sums and its balance,
 * kept by the database's triggers. Every way an allocation changes — a client's transfer, an
 * office's received transfer, matching, confirming, and the statements no route makes (an
 * allocation changed, moved or removed, a payment deleted) — leaves the stored sums equal to the
 * sums recomputed from the allocations; a statement that writes a wrong sum is refused.
 */
describe.skipIf(skipDriver)('invoice payment sums', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let first: IssuedInvoice;
  let second: IssuedInvoice;
  let third: IssuedInvoice;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'sums');
    first = await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen: 100_000 });
    second = await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen: 50_000 });
    third = await insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen: 30_000 });
  });
  afterAll(async () => ctx?.close());

  /** Stored and recomputed sums of every invoice, and the balance as the lists read it. */
  async function sums() {
    const allocated = (status?: 'confirmed' | 'recorded') =>
      sql<string>`coalesce(sum(${paymentAllocations.amount})${status ? sql` filter (where ${payments.status} = ${status})` : sql``}, 0)`;
    const rows = await ctx.app.db
      .select({
        id: invoices.id,
        paid: invoices.paidAmount,
        pending: invoices.pendingAmount,
        balance: invoices.balance,
        amountToTransfer: invoices.amountToTransfer,
        paidNow: allocated('confirmed'),
        pendingNow: allocated('recorded'),
        allocatedNow: allocated(),
      })
      .from(invoices)
      .leftJoin(paymentAllocations, eq(paymentAllocations.invoiceId, invoices.id))
      .leftJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .groupBy(invoices.id);
    const stored = Object.fromEntries(rows.map((r) => [r.id, [r.paid, r.pending, r.balance]]));
    const recomputed = Object.fromEntries(
      rows.map((r) => [
        r.id,
        [Number(r.paidNow), Number(r.pendingNow), r.amountToTransfer - Number(r.allocatedNow)],
      ]),
    );
    return { stored, recomputed };
  }

  async function expectConsistent(expected: Record<string, [paid: number, pending: number]>) {
    const { stored, recomputed } = await sums();
    expect(stored).toEqual(recomputed);
    for (const [id, [paid, pending]] of Object.entries(expected)) {
      const amount = [first, second, third].find((invoice) => invoice.id === id)!.amountToTransfer;
      expect(stored[id], id).toEqual([paid, pending, amount - paid - pending]);
    }
  }

  const paymentIdOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    return paymentResponseSchema.parse(response.json()).item.id;
  };

  test('every way an allocation changes keeps the stored sums equal to the allocations', async () => {
    await expectConsistent({ [first.id]: [0, 0], [second.id]: [0, 0] });

    // The client records a transfer: pending until the office confirms it.
    const clientPayment = paymentIdOf(
      await call(ctx, paymentEndpoints.recordPayment, {
        headers: w.owner.headers,
        body: {
          paidOn: '2026-11-20',
          amount: 30_000,
          remitterName: 'ｶ)ﾃｽﾄ',
          allocations: [
            { invoiceId: first.id, amount: 20_000 },
            { invoiceId: second.id, amount: 10_000 },
          ],
        },
      }),
    );
    await expectConsistent({ [first.id]: [0, 20_000], [second.id]: [0, 10_000] });

    // The office confirms it: pending becomes paid.
    const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
      headers: w.office.headers,
      params: { paymentId: clientPayment },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await expectConsistent({ [first.id]: [20_000, 0], [second.id]: [10_000, 0] });

    // The office records a transfer it received without allocations, then matches it.
    const clientId = counterpartiesResponseSchema.parse(
      (
        await call(ctx, paymentEndpoints.listCounterparties, {
          namespace: 'patent',
          headers: w.office.headers,
        })
      ).json(),
    ).items[0]!.id;
    const received = paymentIdOf(
      await call(ctx, paymentEndpoints.recordReceivedPayment, {
        headers: w.office.headers,
        body: { clientId, paidOn: '2026-11-21', amount: 15_000, remitterName: 'ｶ)ﾃｽﾄ' },
      }),
    );
    await expectConsistent({ [first.id]: [20_000, 0], [second.id]: [10_000, 0] });
    const match = (allocations: { invoiceId: string; amount: number }[]) =>
      call(ctx, paymentEndpoints.matchPayment, {
        headers: w.office.headers,
        params: { paymentId: received },
        body: { allocations },
      });
    expect((await match([{ invoiceId: first.id, amount: 15_000 }])).statusCode).toBe(200);
    const [receivedRow] = await ctx.app.db.select().from(payments).where(eq(payments.id, received));
    const receivedShare = (amount: number): [number, number] =>
      receivedRow!.status === 'confirmed' ? [amount, 0] : [0, amount];
    const afterFirstMatch = receivedShare(15_000);
    await expectConsistent({
      [first.id]: [20_000 + afterFirstMatch[0], afterFirstMatch[1]],
      [second.id]: [10_000, 0],
    });

    // Matched again, to the other invoice: the first gives the allocation back.
    expect((await match([{ invoiceId: second.id, amount: 15_000 }])).statusCode).toBe(200);
    const afterRematch = receivedShare(15_000);
    await expectConsistent({
      [first.id]: [20_000, 0],
      [second.id]: [10_000 + afterRematch[0], afterRematch[1]],
    });

    // Statements no route makes: an allocation changed, moved, a payment's status reverted, a
    // payment deleted (its allocations go with it).
    await ctx.app.db
      .update(paymentAllocations)
      .set({ amount: 5_000 })
      .where(eq(paymentAllocations.paymentId, clientPayment));
    await expectConsistent({ [first.id]: [5_000, 0], [third.id]: [0, 0] });
    await ctx.app.db
      .update(paymentAllocations)
      .set({ invoiceId: third.id })
      .where(
        sql`${paymentAllocations.paymentId} = ${clientPayment} and ${paymentAllocations.invoiceId} = ${first.id}`,
      );
    await expectConsistent({ [first.id]: [0, 0], [third.id]: [5_000, 0] });
    await ctx.app.db.update(payments).set({ status: 'recorded' }).where(eq(payments.id, clientPayment));
    await expectConsistent({ [first.id]: [0, 0], [third.id]: [0, 5_000] });
    await ctx.app.db.delete(payments).where(eq(payments.id, clientPayment));
    await ctx.app.db.delete(payments).where(eq(payments.id, received));
    await expectConsistent({ [first.id]: [0, 0], [second.id]: [0, 0], [third.id]: [0, 0] });
  });

  test('a statement that writes a sum the allocations do not give is refused', async () => {
    await expect(
      ctx.app.db.update(invoices).set({ paidAmount: 1 }).where(eq(invoices.id, first.id)),
    ).rejects.toThrow();
    await expect(
      ctx.app.db.update(invoices).set({ pendingAmount: 7 }).where(eq(invoices.id, second.id)),
    ).rejects.toThrow();
    const [row] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect(row).toMatchObject({ paidAmount: 0, pendingAmount: 0, balance: first.amountToTransfer });
  });
});
