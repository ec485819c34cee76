import {
  counterpartiesResponseSchema,
  paymentEndpoints,
  paymentListResponseSchema,
  paymentResponseSchema,
  todayInJapan,
  type RecordPaymentBody,
} from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, invoices, mailOutbox } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import {
  allocatedTo,
  insertConcierge,
  insertIssuedInvoice,
  snapshotBilling,
  type IssuedInvoice,
} from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { buildWorld, insertRequest, setLocale, type DetailWorld } from '../requests/detail-support.js';
import type { TestUser } from '../projects/support.js';

/**
 * Payments: the authorization matrix over every payment endpoint, allocations within balances
 * (nothing changes on a refusal), partial then full payment, two transfers racing for one invoice,
 * and the mails each side gets.
 */
describe.skipIf(skipDriver)('payments', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let concierge: TestUser;
  let signedOut: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com' });
    w = await buildWorld(ctx, 'pay');
    concierge = (await insertConcierge(ctx)).user;
    signedOut = { headers: { authorization: '' }, id: '', email: '' };
  });
  afterAll(async () => ctx?.close());

  const invoice = (feeYen = 100_000, extra: Partial<Parameters<typeof insertIssuedInvoice>[1]> = {}) =>
    insertIssuedInvoice(ctx, { requestId: w.requestId, firmId: w.firmId, feeYen, ...extra });

  const pay = (user: TestUser, allocations: { invoiceId: string; amount: number }[], amount?: number) =>
    call(ctx, paymentEndpoints.recordPayment, {
      headers: user.headers,
      body: {
        paidOn: '2026-11-20',
        amount: amount ?? allocations.reduce((sum, a) => sum + a.amount, 0),
        remitterName: 'ｶ)ﾃｽﾄ',
        allocations,
      } satisfies RecordPaymentBody,
    });
  const confirm = (user: TestUser, paymentId: string) =>
    call(ctx, paymentEndpoints.confirmPayment, { headers: user.headers, params: { paymentId } });
  const idOf = (response: { json: () => unknown }) => paymentResponseSchema.parse(response.json()).item.id;
  const statusOf = async (id: string) =>
    (
      await ctx.app.db
        .select({ status: invoices.status, paidAt: invoices.paidAt })
        .from(invoices)
        .where(eq(invoices.id, id))
    )[0]!;

  describe('authorization matrix', () => {
    let inv: IssuedInvoice;
    let paymentId: string;
    const clients = () => ({
      owner: w.owner,
      admin: w.admin,
      unassigned: w.unassigned,
      stranger: w.stranger,
    });
    const offices = () => ({ office: w.office, otherOffice: w.otherOffice, concierge });

    beforeAll(async () => {
      inv = await invoice();
      const first = await pay(w.owner, [{ invoiceId: inv.id, amount: 1000 }]);
      expect(first.statusCode, first.body).toBe(201);
      paymentId = idOf(first);
    });

    test('recordPayment: the billed client side that sees the invoice records (201); others 404, nothing changes', async () => {
      const expected = { owner: 201, admin: 201, unassigned: 404, stranger: 404 };
      for (const [who, user] of Object.entries(clients())) {
        const before = await snapshotBilling(ctx.app.db);
        const response = await pay(user, [{ invoiceId: inv.id, amount: 1 }]);
        expect(response.statusCode, `${who} ${response.body}`).toBe(expected[who as keyof typeof expected]);
        if (response.statusCode === 404) {
          expect(response.json()).toMatchObject({ hasError: true });
          expect(await snapshotBilling(ctx.app.db)).toBe(before);
        }
      }
      // Offices have no such route in their namespace; signed out is 401. The paths here and for the
      // clients below are written out on purpose: they pin what each namespace does not publish.
      const before = await snapshotBilling(ctx.app.db);
      for (const user of Object.values(offices())) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/patent/payments',
          headers: user.headers,
          payload: {
            paidOn: '2026-11-20',
            amount: 1,
            remitterName: 'x',
            allocations: [{ invoiceId: inv.id, amount: 1 }],
          },
        });
        expect(response.statusCode).toBe(404);
      }
      expect((await pay(signedOut, [{ invoiceId: inv.id, amount: 1 }])).statusCode).toBe(401);
      expect(await snapshotBilling(ctx.app.db)).toBe(before);
    });

    test('getPayment and listPayments: the client side that sees it, the issuing office; others 404 / empty', async () => {
      const expected: Record<string, boolean> = {
        owner: true,
        admin: true,
        unassigned: false,
        stranger: false,
        office: true,
        otherOffice: false,
        concierge: false,
      };
      for (const [who, user] of Object.entries({ ...clients(), ...offices() })) {
        const namespace = who in clients() ? 'user' : 'patent';
        const one = await call(ctx, paymentEndpoints.getPayment, {
          namespace,
          headers: user.headers,
          params: { paymentId },
        });
        expect(one.statusCode, who).toBe(expected[who] ? 200 : 404);
        const list = await call(ctx, paymentEndpoints.listPayments, { namespace, headers: user.headers });
        expect(list.statusCode, who).toBe(200);
        const ids = paymentListResponseSchema.parse(list.json()).items.map((p) => p.id);
        expect(ids.includes(paymentId), who).toBe(expected[who]);
      }
      for (const namespace of ['user', 'patent'] as const) {
        const response = await call(ctx, paymentEndpoints.getPayment, {
          namespace,
          headers: signedOut.headers,
          params: { paymentId },
        });
        expect(response.statusCode).toBe(401);
      }
    });

    test('listCounterparties: the client sees the office that billed it; the office its client; others nothing', async () => {
      const names = async (user: TestUser, namespace: 'user' | 'patent') => {
        const response = await call(ctx, paymentEndpoints.listCounterparties, {
          namespace,
          headers: user.headers,
        });
        expect(response.statusCode).toBe(200);
        return counterpartiesResponseSchema.parse(response.json()).items;
      };
      expect(await names(w.owner, 'user')).toEqual([
        { id: w.firmId, name: 'Firm pay', kind: 'firm', individual: false },
      ]);
      expect(await names(w.admin, 'user')).toHaveLength(1);
      expect(await names(w.unassigned, 'user')).toEqual([]);
      expect(await names(w.stranger, 'user')).toEqual([]);
      expect((await names(w.office, 'patent')).map((c) => c.kind)).toEqual(['organization']);
      expect(await names(w.otherOffice, 'patent')).toEqual([]);
      expect(await names(concierge, 'patent')).toEqual([]);
    });

    test('recordReceivedPayment, matchPayment, confirmPayment: only the issuing office; others 404, nothing changes', async () => {
      const clientId = counterpartiesResponseSchema.parse(
        (
          await call(ctx, paymentEndpoints.listCounterparties, {
            namespace: 'patent',
            headers: w.office.headers,
          })
        ).json(),
      ).items[0]!.id;
      const received = (user: TestUser) =>
        call(ctx, paymentEndpoints.recordReceivedPayment, {
          headers: user.headers,
          body: { clientId, paidOn: '2026-11-21', amount: 500, remitterName: 'ｶ)ﾃｽﾄ' },
        });
      const before = await snapshotBilling(ctx.app.db);
      for (const user of [w.otherOffice, concierge]) {
        expect((await received(user)).statusCode).toBe(404);
        expect(
          (
            await call(ctx, paymentEndpoints.matchPayment, {
              headers: user.headers,
              params: { paymentId },
              body: { allocations: [] },
            })
          ).statusCode,
        ).toBe(404);
        expect((await confirm(user, paymentId)).statusCode).toBe(404);
      }
      for (const user of Object.values(clients())) {
        for (const [method, url] of [
          ['POST', '/user/payments/received'],
          ['PUT', `/user/payments/${paymentId}/allocations`],
          ['POST', `/user/payments/${paymentId}/confirmation`],
        ] as const) {
          expect((await ctx.app.inject({ method, url, headers: user.headers, payload: {} })).statusCode).toBe(
            404,
          );
        }
      }
      expect((await received(signedOut)).statusCode).toBe(401);
      expect(await snapshotBilling(ctx.app.db)).toBe(before);

      // The issuing office records an unmatched transfer, matches it, then confirms it.
      const created = await received(w.office);
      expect(created.statusCode, created.body).toBe(201);
      const unmatched = paymentResponseSchema.parse(created.json()).item;
      expect(unmatched).toMatchObject({
        recordedBy: 'office',
        status: 'recorded',
        unallocated: 500,
        allocations: [],
      });
      const unmatchedList = await call(ctx, paymentEndpoints.listPayments, {
        namespace: 'patent',
        headers: w.office.headers,
        query: { matched: 'unmatched' },
      });
      expect(paymentListResponseSchema.parse(unmatchedList.json()).items.map((p) => p.id)).toEqual([
        unmatched.id,
      ]);
      const matched = await call(ctx, paymentEndpoints.matchPayment, {
        headers: w.office.headers,
        params: { paymentId: unmatched.id },
        body: { allocations: [{ invoiceId: inv.id, amount: 500 }] },
      });
      expect(matched.statusCode, matched.body).toBe(200);
      expect(paymentResponseSchema.parse(matched.json()).item).toMatchObject({
        unallocated: 0,
        allocations: [{ invoiceId: inv.id, invoiceNumber: inv.number, amount: 500 }],
      });
      const confirmed = await confirm(w.office, unmatched.id);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(paymentResponseSchema.parse(confirmed.json()).item).toMatchObject({
        status: 'confirmed',
        confirmedBy: { id: w.office.id },
      });
      // Confirmed: no second confirmation, no new matching.
      expect((await confirm(w.office, unmatched.id)).statusCode).toBe(409);
      const rematch = await call(ctx, paymentEndpoints.matchPayment, {
        headers: w.office.headers,
        params: { paymentId: unmatched.id },
        body: { allocations: [] },
      });
      expect(rematch.statusCode).toBe(409);
      expect(rematch.json()).toMatchObject({ message: 'この振込はすでに入金確認済みです' });
      // A client the office never billed.
      const stranger = await call(ctx, paymentEndpoints.recordReceivedPayment, {
        headers: w.office.headers,
        body: { clientId: w.stranger.id, paidOn: '2026-11-21', amount: 500, remitterName: 'x' },
      });
      expect(stranger.statusCode).toBe(404);
    });
  });

  test('over-allocation: more than the balance 409, more than the transfer 400, other office 400, nothing changes', async () => {
    const inv = await invoice(10_000);
    const before = await snapshotBilling(ctx.app.db);
    const over = await pay(w.owner, [{ invoiceId: inv.id, amount: inv.amountToTransfer + 1 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ hasError: true, errors: [{ path: 'allocations' }] });
    const sum = await pay(w.owner, [{ invoiceId: inv.id, amount: 5000 }], 4999);
    expect(sum.statusCode).toBe(400);
    const otherFirmInvoice = await insertIssuedInvoice(ctx, {
      requestId: (await insertRequest(ctx, w.projectId, w.otherFirmId, w.owner.id)).id,
      firmId: w.otherFirmId,
      feeYen: 1000,
    });
    const afterInsert = await snapshotBilling(ctx.app.db);
    const mixed = await pay(w.owner, [
      { invoiceId: inv.id, amount: 100 },
      { invoiceId: otherFirmInvoice.id, amount: 100 },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      errors: [{ path: 'allocations', message: '一括で支払えるのは同じ事務所の請求書だけです' }],
    });
    expect(await snapshotBilling(ctx.app.db)).toBe(afterInsert);
    expect(before).not.toBe(afterInsert);
    expect(await allocatedTo(ctx.app.db, inv.id)).toBe(0);
  });

  test('a transfer dated after today in Japan is refused (400 on paidOn, ja and en), by the client or the office, and nothing is stored; today is accepted', async () => {
    const inv = await invoice(10_000);
    const today = todayInJapan();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    const payOn = (paidOn: string, language: 'ja' | 'en' = 'ja') =>
      call(ctx, paymentEndpoints.recordPayment, {
        headers: { ...w.owner.headers, 'accept-language': language },
        body: {
          paidOn,
          amount: 1000,
          remitterName: 'ｶ)ﾃｽﾄ',
          allocations: [{ invoiceId: inv.id, amount: 1000 }],
        } satisfies RecordPaymentBody,
      });
    const before = await snapshotBilling(ctx.app.db);
    for (const paidOn of ['2030-01-01', tomorrow]) {
      const future = await payOn(paidOn);
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({
        hasError: true,
        errors: [
          { path: 'paidOn', message: '未来の日付は入力できません（今日までの日付を入力してください）' },
        ],
      });
    }
    // The office recording a transfer it received: the same rule.
    const clientId = counterpartiesResponseSchema.parse(
      (
        await call(ctx, paymentEndpoints.listCounterparties, {
          namespace: 'patent',
          headers: w.office.headers,
        })
      ).json(),
    ).items[0]!.id;
    const received = await call(ctx, paymentEndpoints.recordReceivedPayment, {
      headers: w.office.headers,
      body: { clientId, paidOn: tomorrow, amount: 500, remitterName: 'ｶ)ﾃｽﾄ' },
    });
    expect(received.statusCode).toBe(400);
    expect(received.json()).toMatchObject({ errors: [{ path: 'paidOn' }] });
    // Messages follow the caller's language.
    const english = await payOn(tomorrow, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      errors: [
        { path: 'paidOn', message: 'The date cannot be in the future: enter today or an earlier date' },
      ],
    });
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    expect(await allocatedTo(ctx.app.db, inv.id)).toBe(0);
    const onToday = await payOn(today);
    expect(onToday.statusCode).toBe(201);
    expect(paymentResponseSchema.parse(onToday.json()).item.paidOn).toBe(today);
  });

  test('a partial payment leaves a balance; the second one pays it in full: paid, history, then 409 on a paid invoice', async () => {
    const a = await invoice(30_000, { officialFeeYen: 15_000 });
    const b = await invoice(20_000);
    expect(a.amountToTransfer).toBe(48_000);
    // One transfer for two invoices: all of b, part of a.
    const first = await pay(w.owner, [
      { invoiceId: a.id, amount: 18_000 },
      { invoiceId: b.id, amount: b.amountToTransfer },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect((await confirm(w.office, idOf(first))).statusCode).toBe(200);
    expect((await statusOf(a.id)).status).toBe('issued');
    expect(await statusOf(b.id)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) as Date });
    const second = await pay(w.admin, [{ invoiceId: a.id, amount: 30_000 }]);
    expect(second.statusCode, second.body).toBe(201);
    // Recorded is not paid: only the office's confirmation pays it.
    expect((await statusOf(a.id)).status).toBe('issued');
    expect((await confirm(w.office, idOf(second))).statusCode).toBe(200);
    expect((await statusOf(a.id)).status).toBe('paid');
    const paidHistory = await ctx.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.action, 'invoice.paid'), eq(history.entityId, a.id)));
    expect(paidHistory).toEqual([{ changes: { name: a.number, status: ['issued', 'paid'] } }]);
    const before = await snapshotBilling(ctx.app.db);
    const onPaid = await pay(w.owner, [{ invoiceId: a.id, amount: 1 }]);
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json()).toMatchObject({ message: 'この請求書はすでに入金済みです' });
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  test('two transfers racing for one invoice: one wins, the other answers 409 and writes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const inv = await invoice(50_000 + round);
      const other = await invoice(1000);
      const [x, y] = await Promise.all([
        pay(w.owner, [
          { invoiceId: other.id, amount: 100 },
          { invoiceId: inv.id, amount: inv.amountToTransfer },
        ]),
        pay(w.admin, [
          { invoiceId: inv.id, amount: inv.amountToTransfer },
          { invoiceId: other.id, amount: 200 },
        ]),
      ]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const loser = x.statusCode === 409 ? x : y;
      expect(loser.json()).toMatchObject({ errors: [{ path: 'allocations' }] });
      expect(await allocatedTo(ctx.app.db, inv.id)).toBe(inv.amountToTransfer);
      expect(await allocatedTo(ctx.app.db, other.id)).toBe(x.statusCode === 201 ? 100 : 200);
    }
  });

  test('mails: recorded to the office in its language, confirmed to the client side in theirs', async () => {
    await setLocale(ctx, w.office, 'en');
    const inv = await invoice(7000);
    const recorded = await pay(w.owner, [{ invoiceId: inv.id, amount: inv.amountToTransfer }]);
    const paymentId = idOf(recorded);
    const toOffice = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.reference, `payment:${paymentId}`), eq(mailOutbox.template, 'paymentRecorded')),
      );
    expect(toOffice.map((m) => [m.toAddress, m.locale])).toEqual([[w.office.email, 'en']]);
    expect(toOffice[0]!.params).toMatchObject({
      amount: 'JP¥7,700',
      paidOn: '20 Nov 2026',
      invoiceNumbers: [inv.number],
      url: 'https://portal.example.com/invoice/manage',
    });
    await setLocale(ctx, w.admin, 'en');
    expect((await confirm(w.office, paymentId)).statusCode).toBe(200);
    const toClient = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.reference, `payment:${paymentId}`), eq(mailOutbox.template, 'paymentConfirmed')),
      );
    expect(toClient.map((m) => [m.toAddress, m.locale]).sort()).toEqual(
      [
        [w.admin.email, 'en'],
        [w.owner.email, 'ja'],
      ].sort(),
    );
    const ja = toClient.find((m) => m.locale === 'ja')!;
    expect(ja.params).toMatchObject({
      amount: '￥7,700',
      paidOn: '2026年11月20日',
      paidInvoiceNumbers: [inv.number],
    });
  });
});
