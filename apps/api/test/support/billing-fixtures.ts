import { computeTotals, defaultDueDate, type LineInput } from '@ipportal/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/index.js';
import {
  billingCounters,
  firms,
  history,
  invoiceItems,
  invoices,
  paymentAllocations,
  payments,
  projects,
  requests,
} from '../../src/db/schema/index.js';
import type { TestContext } from './app.js';
import { signInOffice, type TestUser } from '../projects/support.js';

/*
 * Billing rows written directly, for tests of what comes after an invoice is issued (payments,
 * the overdue notice, the concierge) without the estimate and invoice screens' API.
 */

export interface IssuedInvoice {
  id: string;
  number: string;
  amountToTransfer: number;
}

let sequence = 0;

/**
 * An issued invoice of `firmId` for request `requestId` (its uuid), billed as the matter bills
 * (its organization, else its owner): a 10% fee line of `feeYen` and, when given, a non-taxable
 * official fee; totals by the domain's computeTotals. Written as a draft with its lines, then
 * issued, as the issued-invoice freeze expects.
 */
export async function insertIssuedInvoice(
  ctx: Pick<TestContext, 'app'>,
  input: {
    requestId: string;
    firmId: string;
    feeYen: number;
    officialFeeYen?: number;
    issueDate?: string;
    dueDate?: string;
    withholding?: boolean;
  },
): Promise<IssuedInvoice> {
  const db = ctx.app.db;
  const [request] = await db
    .select({
      projectId: requests.projectId,
      organizationId: projects.organizationId,
      ownerUserId: projects.ownerUserId,
    })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .where(eq(requests.id, input.requestId));
  if (!request) throw new Error('request not found');
  const lines: LineInput[] = [
    {
      description: '弁理士手数料',
      quantity: '1',
      unitPrice: String(input.feeYen),
      taxClass: 'taxable10',
      currency: 'JPY',
      exchangeRate: null,
    },
  ];
  if (input.officialFeeYen) {
    lines.push({
      description: '特許庁費用',
      quantity: '1',
      unitPrice: String(input.officialFeeYen),
      taxClass: 'nonTaxable',
      currency: 'JPY',
      exchangeRate: null,
    });
  }
  const totals = computeTotals(lines, { withholding: input.withholding ?? false });
  const issueDate = input.issueDate ?? '2026-11-02';
  sequence += 1;
  const number = `T${issueDate.slice(0, 4)}-${String(sequence).padStart(4, '0')}`;
  const [draft] = await db
    .insert(invoices)
    .values({
      projectId: request.projectId,
      requestId: input.requestId,
      firmId: input.firmId,
      billedOrganizationId: request.organizationId,
      billedUserId: request.organizationId ? null : request.ownerUserId,
      transactionDate: issueDate,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      withholdingBase: totals.withholdingBase,
      withholding: totals.withholding,
      amountToTransfer: totals.amountToTransfer,
      byTaxClass: totals.byTaxClass,
    })
    .returning({ id: invoices.id });
  await db.insert(invoiceItems).values(
    totals.lines.map((line, position) => ({
      invoiceId: draft!.id,
      position,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxClass: line.taxClass,
      currency: line.currency,
      exchangeRate: line.exchangeRate,
      foreignAmount: line.foreignAmount,
      amountYen: line.amountYen,
    })),
  );
  await db
    .update(invoices)
    .set({
      status: 'issued',
      number,
      issueDate,
      dueDate: input.dueDate ?? defaultDueDate(issueDate),
      issuedAt: new Date(`${issueDate}T01:00:00Z`),
    })
    .where(eq(invoices.id, draft!.id));
  return { id: draft!.id, number, amountToTransfer: totals.amountToTransfer };
}

/** The operator's concierge office (with a bank account to bill to) and one of its users. */
export async function insertConcierge(
  ctx: TestContext,
  email = 'concierge@operator.example',
): Promise<{ firmId: string; user: TestUser }> {
  const [firm] = await ctx.app.db
    .insert(firms)
    .values({
      name: 'IPポータル コンシェルジュ',
      nameEn: 'IP Portal Concierge',
      officeType: 'patentAttorney',
      regionCode: 1,
      address: 'Tokyo',
      email: 'concierge@operator.example',
      phoneNumber: '+81300000001',
      languages: ['ja', 'en'],
      caseTypes: [0, 1, 2, 3],
      concierge: true,
      bankAccount: '三井住友銀行 本店営業部 普通 1234567 アイピーポータル（カ',
      qualifiedInvoiceNumber: 'T1234567890123',
    })
    .returning({ id: firms.id });
  const user = await signInOffice(ctx, email, firm!.id);
  return { firmId: firm!.id, user };
}

/** Payments, allocations, invoices, requests and the history length, digested: a refused call changes none. */
export async function snapshotBilling(db: Database): Promise<string> {
  const [p, a, i, r, c, h] = await Promise.all([
    db.select().from(payments).orderBy(asc(payments.id)),
    db
      .select()
      .from(paymentAllocations)
      .orderBy(asc(paymentAllocations.paymentId), asc(paymentAllocations.invoiceId)),
    db.select().from(invoices).orderBy(asc(invoices.id)),
    db.select().from(requests).orderBy(asc(requests.id)),
    db.select().from(billingCounters).orderBy(asc(billingCounters.firmId)),
    db.select({ n: count() }).from(history),
  ]);
  const digest = createHash('sha256').update(JSON.stringify({ p, a, i, r, c })).digest('hex').slice(0, 16);
  return `payments=${p.length} allocations=${a.length} history=${h[0]?.n} content=${digest}`;
}

/** The sum of allocations of an invoice, over every payment. */
export async function allocatedTo(db: Database, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)` })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoiceId, invoiceId));
  return Number(row?.sum ?? 0);
}
