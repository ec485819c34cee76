import {
  billingProfileEndpoints,
  dealEndpoints,
  dealResponseSchema,
  invoiceEndpoints,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  requestInvoicesResponseSchema,
  type EndpointSpec,
  type Invoice,
} from '@ipportal/domain';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  files,
  history,
  invoices,
  mailOutbox,
  paymentAllocations,
  payments,
} from '../../src/db/schema/index.js';
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
 * Invoices: drafts from an accepted estimate or directly, issue (number, totals, frozen parties,
 * write-once PDF), void, credit notes, the authorization matrix over every endpoint, the freeze in
 * the database itself, list views with balances, and the CSV for accounting software.
 */
describe.skipIf(skipDriver)('invoices', () => {
  let ctx: TestContext;
  let w: BillingWorld;
  let issued: Invoice;
  let draft: Invoice;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createBillingWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const requestParams = () => ({ projectId: w.projectId, requestId: w.requestNo });
  const office = () => ({ headers: w.u.firm.headers });

  async function create(body: Record<string, unknown>, status = 201) {
    const response = await call(ctx, invoiceEndpoints.createInvoice, {
      params: requestParams(),
      ...office(),
      body: body as never,
    });
    expect(response.statusCode, response.body).toBe(status);
    return response;
  }

  async function issue(id: string, status = 200) {
    const response = await call(ctx, invoiceEndpoints.issueInvoice, {
      params: { invoiceId: id },
      ...office(),
    });
    expect(response.statusCode, response.body).toBe(status);
    return response;
  }

  test('from an estimate: only an accepted one (409 otherwise); its lines are copied when none are given', async () => {
    const created = await call(ctx, dealEndpoints.createDeal, {
      params: requestParams(),
      ...office(),
      body: { title: '出願費用', validUntil: null, lines: sampleLines },
    });
    const deal = dealResponseSchema.parse(created.json()).item;
    const dealParams = { ...requestParams(), dealId: deal.id };
    await call(ctx, dealEndpoints.sendDeal, { params: dealParams, ...office() });
    const before = await snapshotBilling(ctx.app.db);
    const refused = await create({ dealId: deal.id, transactionDate: '2026-11-20' }, 409);
    expect(refused.json<{ message: string }>().message).not.toBe('');
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    await call(ctx, dealEndpoints.acceptDeal, { params: dealParams, headers: w.u.owner.headers });
    const response = await create({ dealId: deal.id, transactionDate: '2026-11-20' });
    draft = invoiceResponseSchema.parse(response.json()).item;
    expect(draft).toMatchObject({ status: 'draft', number: null, dealId: deal.id, hasPdf: false });
    expect(draft.lines).toEqual(deal.lines);
    expect(draft.totals.total).toBe(329_575);
  });

  test('issue: billingProfileIncomplete without a bank account (nothing changes)', async () => {
    await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      ...office(),
      body: {
        qualifiedInvoiceNumber: 'T1234567890123',
        individual: true,
        bankAccount: null,
        invoiceNotes: null,
      },
    });
    const before = await snapshotBilling(ctx.app.db);
    const refused = await issue(draft.id, 409);
    expect(refused.json<{ message: string }>().message).not.toBe('');
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
    await call(ctx, billingProfileEndpoints.updateBillingProfile, {
      ...office(),
      body: {
        qualifiedInvoiceNumber: 't１２３４５６７８９０１２３',
        individual: true,
        bankAccount,
        invoiceNotes: null,
      },
    });
    const profile = await call(ctx, billingProfileEndpoints.getBillingProfile, office());
    expect(profile.json<{ item: object }>().item).toEqual({
      qualifiedInvoiceNumber: 'T1234567890123',
      individual: true,
      bankAccount,
      invoiceNotes: null,
    });
  });

  test('issue: numbered, totals with withholding (individual office), default due date, frozen, PDF stored write-once, client mailed a link', async () => {
    const response = await issue(draft.id);
    issued = invoiceResponseSchema.parse(response.json()).item;
    const year = Number(issued.issueDate!.slice(0, 4));
    expect(issued.number).toBe(`INV${year}-0001`);
    expect(issued).toMatchObject({ status: 'issued', hasPdf: true, paidAmount: 0, pendingAmount: 0 });
    // 10.21% of the 150,000 fee, official fees and foreign costs excluded.
    expect(issued.totals).toMatchObject({ total: 329_575, withholdingBase: 150_000, withholding: 15_315 });
    expect(issued.totals.amountToTransfer).toBe(329_575 - 15_315);
    expect(issued.balance).toBe(issued.totals.amountToTransfer);
    const [month, next] = [
      Number(issued.issueDate!.slice(5, 7)),
      new Date(Date.UTC(year, Number(issued.issueDate!.slice(5, 7)) + 1, 0)),
    ];
    expect(month).toBeGreaterThan(0);
    expect(issued.dueDate).toBe(next.toISOString().slice(0, 10));
    expect(issued.issuer).toMatchObject({
      individual: true,
      bankAccount,
      qualifiedInvoiceNumber: 'T1234567890123',
    });
    const [row] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(row?.issuerSnapshot).toMatchObject({ bankAccount });
    const mails = await ctx.app.db
      .select({ to: mailOutbox.toAddress, params: mailOutbox.params })
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invoice:${issued.id}`));
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@corp.example', 'owner@corp.example']);
    expect((mails[0]!.params as { url: string }).url).toMatch(new RegExp(`/invoices/${issued.id}$`));
    const [entry] = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.entityId, issued.id), eq(history.action, 'invoice.issue')));
    expect(entry?.changes).toMatchObject({ name: issued.number });
  });

  test('the stored PDF: the same bytes on two downloads, equal to the sha256 of its files row', async () => {
    const [row] = await ctx.app.db
      .select({
        sha256: files.sha256,
        purpose: files.purpose,
        writeOnce: files.writeOnce,
        size: files.sizeBytes,
      })
      .from(invoices)
      .innerJoin(files, eq(files.id, invoices.pdfFileId))
      .where(eq(invoices.id, issued.id));
    expect(row).toMatchObject({ purpose: 'invoice', writeOnce: true });
    const first = await call(ctx, invoiceEndpoints.invoicePdf, {
      params: { invoiceId: issued.id },
      headers: w.u.owner.headers,
      namespace: 'user',
    });
    const second = await call(ctx, invoiceEndpoints.invoicePdf, {
      params: { invoiceId: issued.id },
      headers: w.u.firm.headers,
      namespace: 'patent',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(row?.sha256);
    expect(first.rawPayload.length).toBe(row?.size);
  });

  test('an issued invoice does not change: update, delete, issue again answer 409 and nothing changes', async () => {
    const before = await snapshotBilling(ctx.app.db);
    const params = { invoiceId: issued.id };
    const answers = [
      await call(ctx, invoiceEndpoints.updateInvoice, {
        params,
        ...office(),
        body: { transactionDate: '2026-11-20', dueDate: null, lines: sampleLines },
      }),
      await call(ctx, invoiceEndpoints.deleteInvoice, { params, ...office() }),
      await call(ctx, invoiceEndpoints.issueInvoice, { params, ...office() }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 409]);
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  test('the database refuses changing an issued invoice or its lines by plain SQL; status, payment and void columns may change', async () => {
    await expect(
      ctx.app.db.execute(sql`update invoices set total = total + 1 where id = ${issued.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.app.db.execute(sql`update invoice_items set amount_yen = 1 where invoice_id = ${issued.id}`),
    ).rejects.toThrow();
    await expect(ctx.app.db.execute(sql`delete from invoices where id = ${issued.id}`)).rejects.toThrow();
    await expect(
      ctx.app.db.execute(sql`update invoices set status = 'draft' where id = ${issued.id}`),
    ).rejects.toThrow();
    await ctx.app.db.execute(
      sql`update invoices set updated_at = now(), overdue_notified_at = null where id = ${issued.id}`,
    );
    const [row] = await ctx.app.db
      .select({ total: invoices.total })
      .from(invoices)
      .where(eq(invoices.id, issued.id));
    expect(row?.total).toBe(329_575);
    // A sent estimate's content is frozen the same way.
    await expect(
      ctx.app.db.execute(sql`update deals set total = 1 where status <> 'draft'`),
    ).rejects.toThrow();
  });

  describe('authorization matrix', () => {
    test.each(who)('%s: reads what the matrix allows; clients never see drafts', async (user) => {
      const other = await create({ transactionDate: '2026-11-21', lines: sampleLines.slice(0, 1) });
      const hidden = invoiceResponseSchema.parse(other.json()).item;
      const headers = w.u[user].headers;
      const namespace = nsOf(user);
      const isOffice = namespace === 'patent';
      const list = await call(ctx, invoiceEndpoints.listRequestInvoices, {
        params: requestParams(),
        headers,
        namespace,
      });
      expect(list.statusCode).toBe(sees[user] ? 200 : 404);
      if (sees[user]) {
        const ids = requestInvoicesResponseSchema.parse(list.json()).items.map((i) => i.id);
        expect(ids).toContain(issued.id);
        expect(ids.includes(hidden.id)).toBe(isOffice);
      }
      for (const [invoice, visible] of [
        [issued, sees[user]],
        [hidden, sees[user] && isOffice],
      ] as const) {
        const one = await call(ctx, invoiceEndpoints.getInvoice, {
          params: { invoiceId: invoice.id },
          headers,
          namespace,
        });
        expect(one.statusCode, user).toBe(visible ? 200 : 404);
      }
      const pdf = await call(ctx, invoiceEndpoints.invoicePdf, {
        params: { invoiceId: issued.id },
        headers,
        namespace,
      });
      expect(pdf.statusCode).toBe(sees[user] ? 200 : 404);
      for (const view of ['issued', 'draft'] as const) {
        const page = await call(ctx, invoiceEndpoints.listInvoices, { query: { view }, headers, namespace });
        const ids = invoiceListResponseSchema.parse(page.json()).items.map((i) => i.id);
        expect(ids.includes(issued.id), view).toBe(sees[user] && view === 'issued');
        expect(ids.includes(hidden.id), view).toBe(sees[user] && isOffice && view === 'draft');
      }
      const csv = await call(ctx, invoiceEndpoints.exportInvoices, {
        query: { view: 'issued' },
        headers,
        namespace,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.includes(issued.number!)).toBe(sees[user]);
      await call(ctx, invoiceEndpoints.deleteInvoice, { params: { invoiceId: hidden.id }, ...office() });
    });

    test('signed out: 401 on every invoice endpoint', async () => {
      for (const definition of Object.values(invoiceEndpoints) as EndpointSpec[]) {
        const namespace = (definition.namespaces as readonly string[]).includes('user') ? 'user' : 'patent';
        const response = await call(ctx, definition as typeof invoiceEndpoints.getInvoice, {
          params: { ...requestParams(), invoiceId: issued.id },
          namespace,
        });
        expect(response.statusCode, definition.path).toBe(401);
      }
      for (const definition of Object.values(billingProfileEndpoints)) {
        const response = await call(ctx, definition as typeof billingProfileEndpoints.getBillingProfile);
        expect(response.statusCode).toBe(401);
      }
    });

    test('another office: 404 on every write and nothing changes; clients have no write routes', async () => {
      const other = await create({ transactionDate: '2026-11-21', lines: sampleLines.slice(0, 1) });
      const hidden = invoiceResponseSchema.parse(other.json()).item;
      const before = await snapshotBilling(ctx.app.db);
      const headers = w.u.otherFirm.headers;
      const answers = [
        await call(ctx, invoiceEndpoints.createInvoice, {
          params: requestParams(),
          headers,
          body: { transactionDate: '2026-11-21', lines: sampleLines },
        }),
        await call(ctx, invoiceEndpoints.updateInvoice, {
          params: { invoiceId: hidden.id },
          headers,
          body: { transactionDate: '2026-11-21', lines: sampleLines },
        }),
        await call(ctx, invoiceEndpoints.deleteInvoice, { params: { invoiceId: hidden.id }, headers }),
        await call(ctx, invoiceEndpoints.issueInvoice, { params: { invoiceId: hidden.id }, headers }),
        await call(ctx, invoiceEndpoints.voidInvoice, {
          params: { invoiceId: issued.id },
          headers,
          body: { reason: 'x' },
        }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
      // Written out on purpose: the path pins that /user publishes no way to issue an invoice.
      for (const user of ['owner', 'admin'] as const) {
        const attempt = await ctx.app.inject({
          method: 'POST',
          url: `/user/invoices/${hidden.id}/issue`,
          headers: w.u[user].headers,
        });
        expect(attempt.statusCode).toBe(404);
      }
      expect(await snapshotBilling(ctx.app.db)).toBe(before);
      await call(ctx, invoiceEndpoints.deleteInvoice, { params: { invoiceId: hidden.id }, ...office() });
    });
  });

  test('list views: unpaid with balances and balanceSum, paid/void empty; recorded and confirmed payments are read from allocations', async () => {
    const unpaid = invoiceListResponseSchema.parse(
      (
        await call(ctx, invoiceEndpoints.listInvoices, {
          query: {},
          headers: w.u.owner.headers,
          namespace: 'user',
        })
      ).json(),
    );
    expect(unpaid.items.map((i) => i.id)).toEqual([issued.id]);
    expect(unpaid.balanceSum).toBe(issued.totals.amountToTransfer);
    // api-pay writes payments; here one recorded transfer of 100,000 is allocated to it.
    const [payment] = await ctx.app.db
      .insert(payments)
      .values({
        firmId: w.firmId,
        billedOrganizationId: w.organizationId,
        recordedBySide: 'client',
        paidOn: '2026-11-25',
        amount: 100_000,
        remitterName: 'カ）テスト',
      })
      .returning({ id: payments.id });
    await ctx.app.db
      .insert(paymentAllocations)
      .values({ paymentId: payment!.id, invoiceId: issued.id, amount: 100_000 });
    const one = invoiceResponseSchema.parse(
      (
        await call(ctx, invoiceEndpoints.getInvoice, {
          params: { invoiceId: issued.id },
          headers: w.u.admin.headers,
          namespace: 'user',
        })
      ).json(),
    ).item;
    expect(one).toMatchObject({
      paidAmount: 0,
      pendingAmount: 100_000,
      balance: issued.totals.amountToTransfer - 100_000,
    });
    expect(one.payments).toEqual([
      { paymentId: payment!.id, paidOn: '2026-11-25', amount: 100_000, status: 'recorded' },
    ]);
    const again = invoiceListResponseSchema.parse(
      (
        await call(ctx, invoiceEndpoints.listInvoices, {
          query: { view: 'unpaid' },
          headers: w.u.firm.headers,
          namespace: 'patent',
        })
      ).json(),
    );
    expect(again.balanceSum).toBe(issued.totals.amountToTransfer - 100_000);
    for (const view of ['paid', 'void', 'overdue'] as const) {
      const page = invoiceListResponseSchema.parse(
        (
          await call(ctx, invoiceEndpoints.listInvoices, {
            query: { view },
            headers: w.u.firm.headers,
            namespace: 'patent',
          })
        ).json(),
      );
      expect(page.total, view).toBe(0);
    }
    // Voiding an invoice with a payment is refused; nothing changes.
    const before = await snapshotBilling(ctx.app.db);
    const refused = await call(ctx, invoiceEndpoints.voidInvoice, {
      params: { invoiceId: issued.id },
      ...office(),
      body: { reason: '誤り' },
    });
    expect(refused.statusCode).toBe(409);
    expect(await snapshotBilling(ctx.app.db)).toBe(before);
  });

  test('void with a reason, then a credit note and a replacement of the same request; CSV with BOM, header and a row per invoice', async () => {
    const draftResponse = await create({ transactionDate: '2026-11-22', lines: sampleLines.slice(0, 2) });
    const second = invoiceResponseSchema.parse(
      (await issue(invoiceResponseSchema.parse(draftResponse.json()).item.id)).json(),
    ).item;
    expect(second.number).toMatch(/^INV\d{4}-0002$/);
    const voided = await call(ctx, invoiceEndpoints.voidInvoice, {
      params: { invoiceId: second.id },
      ...office(),
      body: { reason: '金額誤り' },
    });
    expect(invoiceResponseSchema.parse(voided.json()).item).toMatchObject({
      status: 'void',
      voidReason: '金額誤り',
    });
    const credit = await create({
      kind: 'creditNote',
      correctsInvoiceId: issued.id,
      transactionDate: '2026-11-23',
    });
    const creditDraft = invoiceResponseSchema.parse(credit.json()).item;
    expect(creditDraft.totals.total).toBe(-329_575);
    const creditNote = invoiceResponseSchema.parse((await issue(creditDraft.id)).json()).item;
    expect(creditNote).toMatchObject({
      kind: 'creditNote',
      correctsInvoice: { id: issued.id, number: issued.number },
    });
    expect(creditNote.number).toMatch(/^CN\d{4}-0001$/);
    expect(creditNote.totals.withholding).toBe(-15_315);
    const original = invoiceResponseSchema.parse(
      (
        await call(ctx, invoiceEndpoints.getInvoice, {
          params: { invoiceId: issued.id },
          headers: w.u.owner.headers,
          namespace: 'user',
        })
      ).json(),
    ).item;
    expect(original.correctedBy).toEqual([
      { id: creditNote.id, number: creditNote.number, kind: 'creditNote' },
    ]);
    // An invoice that is not this office's and request's is not found.
    await create(
      { kind: 'creditNote', correctsInvoiceId: crypto.randomUUID(), transactionDate: '2026-11-23' },
      404,
    );

    const csv = await call(ctx, invoiceEndpoints.exportInvoices, {
      query: { view: 'issued', sort: 'number', order: 'asc' },
      headers: w.u.firm.headers,
      namespace: 'patent',
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"収支区分","請求書番号","種別","発行日","取引日","決済期日","取引先","件名","整理番号","課税10%対象額","消費税額(10%)","非課税額","不課税額","税込合計","源泉徴収税額","差引請求額","入金済額","未入金残高","状態"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"${creditNote.number}","返還請求書"`);
    expect(lines[2]).toContain(`"収入","${issued.number}","請求書"`);
    expect(lines[2]).toContain(
      '"150000","15000","14000","150575","329575","15315","314260","0","214260","発行済み"',
    );
    expect(lines[3]).toContain('"無効"');
    const clientCsv = await call(ctx, invoiceEndpoints.exportInvoices, {
      query: { view: 'issued' },
      headers: w.u.owner.headers,
      namespace: 'user',
    });
    expect(clientCsv.body).toContain('"支出"');
  });
});
