import {
  invoiceEndpoints,
  invoiceListResponseSchema,
  paymentEndpoints,
  paymentResponseSchema,
  todayInJapan,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoiceListCounts, invoices, projects, requests } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertIssuedInvoice } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter, type TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, type DetailWorld } from '../requests/detail-support.js';

/**
 * The invoice lists' kept counts and client scope (docs/adr/0049): after every change that moves
 * an invoice between lists or scopes — issue, a transfer recorded and confirmed, void, a request
 * deleted and restored, a matter brought into an organization — the counts equal a recomputation
 * from the invoices, their requests and matters, and every party's list (its count, balance sum and
 * rows) holds exactly the invoices that party may see: the administrator and an owner without an
 * organization (read through the stored scope), a member assigned to one matter, an unassigned
 * member and the office (read as before).
 */
describe.skipIf(skipDriver)('invoice list counts', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let organizationId: string;
  /** A matter of the administrator's, the member ("owner") is not assigned to. */
  let adminRequestId: string;
  /** A matter of a user without an organization (the world's stranger). */
  let strangerProjectId: string;
  let strangerRequestId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'counts');
    const [project] = await ctx.app.db.select().from(projects).where(eq(projects.id, w.projectId));
    organizationId = project!.organizationId!;
    const adminMatter = await createMatter(ctx, w.admin, { title: '管理者の案件' });
    adminRequestId = (await insertRequest(ctx, adminMatter.id, w.firmId, w.admin.id)).id;
    const strangerMatter = await createMatter(ctx, w.stranger, { title: '個人の案件' });
    strangerProjectId = strangerMatter.id;
    strangerRequestId = (await insertRequest(ctx, strangerMatter.id, w.firmId, w.stranger.id)).id;
  });
  afterAll(async () => ctx?.close());

  const bucketOf = (status: string, balance: number) =>
    status === 'issued' ? (balance > 0 ? 'unpaid' : 'settled') : status === 'draft' ? undefined : status;

  /** Every invoice with what decides who sees it, read from the rows (not from the kept columns). */
  async function facts() {
    const rows = await ctx.app.db
      .select({
        id: invoices.id,
        status: invoices.status,
        balance: invoices.balance,
        dueDate: invoices.dueDate,
        firmId: invoices.firmId,
        clientScope: invoices.clientScope,
        requestId: invoices.requestId,
        requestDeleted: requests.deletedAt,
        organizationId: projects.organizationId,
        ownerUserId: projects.ownerUserId,
      })
      .from(invoices)
      .innerJoin(requests, eq(requests.id, invoices.requestId))
      .innerJoin(projects, eq(projects.id, requests.projectId));
    return rows.map((row) => ({
      ...row,
      scope:
        row.requestDeleted !== null
          ? null
          : row.organizationId
            ? `o:${row.organizationId}`
            : `u:${row.ownerUserId}`,
    }));
  }

  /** The kept counts equal the counts recomputed from the rows; the stored scopes equal theirs. */
  async function expectCountsKept() {
    const rows = await facts();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.clientScope]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.id, r.scope])),
    );
    const recomputed: Record<string, [number, number]> = {};
    for (const row of rows) {
      const bucket = bucketOf(row.status, row.balance);
      if (!bucket) continue;
      for (const scope of [`f:${row.firmId}`, row.scope]) {
        if (!scope) continue;
        const key = `${scope} ${bucket} ${row.dueDate}`;
        const [n, sum] = recomputed[key] ?? [0, 0];
        recomputed[key] = [n + 1, sum + row.balance];
      }
    }
    const kept = await ctx.app.db.select().from(invoiceListCounts);
    expect(
      Object.fromEntries(
        kept
          .filter((c) => c.n !== 0 || c.balanceSum !== 0)
          .map((c) => [`${c.scope} ${c.bucket} ${c.dueDate}`, [c.n, c.balanceSum]]),
      ),
    ).toEqual(recomputed);
  }

  const views = ['unpaid', 'overdue', 'paid', 'void', 'issued', 'draft'] as const;

  function inView(view: (typeof views)[number], status: string, balance: number, dueDate: string | null) {
    const unpaid = status === 'issued' && balance > 0;
    if (view === 'unpaid') return unpaid;
    if (view === 'overdue') return unpaid && dueDate !== null && dueDate < todayInJapan();
    if (view === 'issued') return status !== 'draft';
    return status === view;
  }

  /** Each party's lists hold exactly what it may see, with the count and balance sum of those. */
  async function expectListsExact() {
    const rows = await facts();
    const assigned = new Set([w.requestId]);
    const sees: [TestUser, 'user' | 'patent', (r: (typeof rows)[number]) => boolean][] = [
      [w.admin, 'user', (r) => r.scope === `o:${organizationId}` && r.status !== 'draft'],
      [w.owner, 'user', (r) => r.scope !== null && assigned.has(r.requestId) && r.status !== 'draft'],
      [w.unassigned, 'user', () => false],
      [w.stranger, 'user', (r) => r.scope === `u:${w.stranger.id}` && r.status !== 'draft'],
      [w.office, 'patent', (r) => r.firmId === w.firmId],
      [w.otherOffice, 'patent', () => false],
    ];
    for (const [user, namespace, visible] of sees) {
      for (const view of views) {
        const expected = rows.filter((r) => visible(r) && inView(view, r.status, r.balance, r.dueDate));
        const response = await call(ctx, invoiceEndpoints.listInvoices, {
          namespace,
          headers: user.headers,
          query: { view },
        });
        expect(response.statusCode, response.body).toBe(200);
        const page = invoiceListResponseSchema.parse(response.json());
        const label = `${user.email} ${view}`;
        expect(page.items.map((i) => i.id).sort(), label).toEqual(expected.map((r) => r.id).sort());
        expect(page.total, label).toBe(expected.length);
        expect(page.balanceSum, label).toBe(expected.reduce((sum, r) => sum + r.balance, 0));
      }
    }
  }

  async function expectConsistent() {
    await expectCountsKept();
    await expectListsExact();
  }

  test('issue, pay, void, a request deleted and restored, a matter moved: counts and lists stay exact', async () => {
    await expectConsistent();

    // Issued on each matter, one long overdue, and a draft no client sees or counts.
    const first = await insertIssuedInvoice(ctx, {
      requestId: w.requestId,
      firmId: w.firmId,
      feeYen: 100_000,
    });
    const overdue = await insertIssuedInvoice(ctx, {
      requestId: w.requestId,
      firmId: w.firmId,
      feeYen: 40_000,
      issueDate: '2025-01-10',
      dueDate: '2025-02-28',
    });
    const adminOwn = await insertIssuedInvoice(ctx, {
      requestId: adminRequestId,
      firmId: w.firmId,
      feeYen: 70_000,
    });
    const strangers = await insertIssuedInvoice(ctx, {
      requestId: strangerRequestId,
      firmId: w.firmId,
      feeYen: 20_000,
    });
    const toVoid = await insertIssuedInvoice(ctx, {
      requestId: adminRequestId,
      firmId: w.firmId,
      feeYen: 10_000,
    });
    await insertDraftLike(adminOwn.id);
    await expectConsistent();

    // A transfer recorded by the client (pending: the balance falls), then confirmed; one paid in full.
    const recorded = await call(ctx, paymentEndpoints.recordPayment, {
      headers: w.owner.headers,
      body: {
        paidOn: '2026-11-20',
        amount: 30_000 + overdue.amountToTransfer,
        remitterName: 'ｶ)ﾃｽﾄ',
        allocations: [
          { invoiceId: first.id, amount: 30_000 },
          { invoiceId: overdue.id, amount: overdue.amountToTransfer },
        ],
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    await expectConsistent();
    const confirmed = await call(ctx, paymentEndpoints.confirmPayment, {
      headers: w.office.headers,
      params: { paymentId: paymentResponseSchema.parse(recorded.json()).item.id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await expectConsistent();

    // Voided by the office.
    const voided = await call(ctx, invoiceEndpoints.voidInvoice, {
      headers: w.office.headers,
      params: { invoiceId: toVoid.id },
      body: { reason: '金額の誤り' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await expectConsistent();

    // The request of the member's matter deleted, then restored.
    await ctx.app.db.update(requests).set({ deletedAt: new Date() }).where(eq(requests.id, w.requestId));
    await expectConsistent();
    await ctx.app.db.update(requests).set({ deletedAt: null }).where(eq(requests.id, w.requestId));
    await expectConsistent();

    // The user without an organization joins one: their matter (and its invoice) moves into it.
    await ctx.app.db.update(projects).set({ organizationId }).where(eq(projects.id, strangerProjectId));
    await expectConsistent();
    expect((await facts()).find((r) => r.id === strangers.id)?.clientScope).toBe(`o:${organizationId}`);

    // A statement that writes another scope is overruled by the one the request and matter give.
    await ctx.app.db.update(invoices).set({ clientScope: 'o:someone-else' }).where(eq(invoices.id, first.id));
    await expectConsistent();
  });

  /** A draft like `invoiceId` (same request and amounts): the office's draft list only. */
  async function insertDraftLike(invoiceId: string) {
    const [source] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const { id: _id, balance: _balance, clientScope: _scope, ...copy } = source!;
    await ctx.app.db.insert(invoices).values({
      ...copy,
      status: 'draft',
      number: null,
      issueDate: null,
      dueDate: null,
      issuedAt: null,
      paidAmount: 0,
      pendingAmount: 0,
    });
  }
});
