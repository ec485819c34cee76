import {
  computeTotals,
  defaultDueDate,
  isRefused,
  refuse,
  type BillingIssuer,
  type BillingParty,
  type Concierge,
  type LineInput,
  type Refused,
} from '@ipportal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  billingCounters,
  firms,
  invoiceItems,
  invoices,
  organizations,
  projects,
  requests,
  users,
} from '../../db/schema/index.js';
import { todayInJapan } from '../../reminders/plan.js';
import { recordHistory } from '../history.js';
import { findVisibleRequest, writableRequest } from '../request-access.js';
import type { ActorContext } from '../users.js';

/*
 * The concierge (ADR 0019): the portal operator's office flagged `firms.concierge`. A client turns
 * it on for one request: the office becomes the request's coordinator (`requests.coordinator_firm_id`),
 * issues its fee invoice, and the request's concierge state follows that invoice (awaitingPayment,
 * then paid when a confirmed payment covers it: payments.ts).
 */

/** A request's concierge state and coordinating office, for anyone who may read the request. */
export async function getConcierge(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<Concierge | Refused<'requestNotFound'>> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  return conciergeOf(db, request);
}

async function conciergeOf(db: Executor, request: typeof requests.$inferSelect): Promise<Concierge> {
  const [firm] = request.coordinatorFirmId
    ? await db
        .select({ id: firms.id, name: firms.name })
        .from(firms)
        .where(eq(firms.id, request.coordinatorFirmId))
        .limit(1)
    : [];
  return {
    state: request.concierge,
    firm: firm ?? null,
    invoiceId: request.conciergeInvoiceId,
    startedAt: request.conciergeStartedAt?.toISOString() ?? null,
  };
}

/** The live concierge office, when the operator has set one up with a bank account to bill to. */
async function conciergeFirm(db: Executor) {
  const [firm] = await db
    .select()
    .from(firms)
    .where(and(eq(firms.concierge, true), isNull(firms.deletedAt)))
    .limit(1);
  return firm?.bankAccount ? firm : undefined;
}

export interface StartConciergeOptions {
  /** The fee in whole yen before consumption tax (config `CONCIERGE_FEE_YEN`). */
  feeYen: number;
  /** Today in Japan (the invoice's issue and transaction date); tests pin it. */
  today?: string;
}

/**
 * A client who may write to the request turns the concierge on: in one transaction (the request
 * row locked, so two clicks start it once) the concierge office joins the request as coordinator,
 * its fee invoice is issued to whoever the matter bills, and the state becomes awaitingPayment.
 * History: `invoice.issue` and `request.concierge.start`.
 */
export async function startConcierge(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  actor: ActorContext,
  options: StartConciergeOptions,
): Promise<Concierge | Refused> {
  return db.transaction(async (tx) => {
    const context = await writableRequest(tx, principal, projectId, requestId, { lock: true });
    if (isRefused(context)) return context;
    const [request] = await tx.select().from(requests).where(eq(requests.id, context.request.id)).limit(1);
    if (!request) return refuse('requestNotFound');
    if (request.concierge !== 'notUsed') return refuse('conciergeAlreadyUsed');
    const firm = await conciergeFirm(tx);
    if (!firm) return refuse('conciergeNotAvailable');
    const today = options.today ?? todayInJapan();
    const invoice = await issueConciergeInvoice(tx, {
      firm,
      request,
      feeYen: options.feeYen,
      today,
      actor,
    });
    const now = new Date();
    await tx
      .update(requests)
      .set({
        concierge: 'awaitingPayment',
        coordinatorFirmId: firm.id,
        conciergeInvoiceId: invoice.id,
        conciergeStartedAt: now,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(requests.id, request.id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.concierge.start',
      entityType: 'request',
      entityId: request.id,
      projectId: request.projectId,
      requestId: request.id,
      changes: {
        name: invoice.number,
        concierge: ['notUsed', 'awaitingPayment'],
        coordinatorFirmId: firm.id,
        invoiceId: invoice.id,
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const [updated] = await tx.select().from(requests).where(eq(requests.id, request.id)).limit(1);
    return conciergeOf(tx, updated!);
  });
}

/**
 * The concierge fee invoice, issued at once: one 10% taxable line, totals by the domain's
 * computeTotals (withholding when the operator is an individual attorney), numbered from the
 * office's invoice counter like every invoice (INV<year>-<seq>), parties frozen as snapshots.
 * Written as a draft with its line and then issued, as the issued-invoice freeze expects.
 * TODO(merge h17-api-docs): issue through the invoice issue use case, which also stores the PDF
 * and mails the client.
 */
async function issueConciergeInvoice(
  tx: Executor,
  input: {
    firm: typeof firms.$inferSelect;
    request: typeof requests.$inferSelect;
    feeYen: number;
    today: string;
    actor: ActorContext;
  },
): Promise<{ id: string; number: string }> {
  const { firm, request, today, actor } = input;
  const [project] = await tx
    .select({ organizationId: projects.organizationId, ownerUserId: projects.ownerUserId })
    .from(projects)
    .where(eq(projects.id, request.projectId))
    .limit(1);
  if (!project) throw new Error('matter of the request not found');
  const billed = project.organizationId
    ? { billedOrganizationId: project.organizationId, billedUserId: null }
    : { billedOrganizationId: null, billedUserId: project.ownerUserId };
  const lines: LineInput[] = [
    {
      description: 'コンシェルジュサービス料 / Concierge service fee',
      quantity: '1',
      unitPrice: String(input.feeYen),
      taxClass: 'taxable10',
      currency: 'JPY',
      exchangeRate: null,
    },
  ];
  const totals = computeTotals(lines, { withholding: firm.individual });
  const year = Number(today.slice(0, 4));
  const [counter] = await tx
    .insert(billingCounters)
    .values({ firmId: firm.id, kind: 'invoice', year, last: 1 })
    .onConflictDoUpdate({
      target: [billingCounters.firmId, billingCounters.kind, billingCounters.year],
      set: { last: sql`${billingCounters.last} + 1` },
    })
    .returning({ last: billingCounters.last });
  const number = `INV${year}-${String(counter!.last).padStart(4, '0')}`;
  const issuer: BillingIssuer = {
    id: firm.id,
    name: firm.name,
    nameEn: firm.nameEn,
    postalCode: firm.postalCode,
    address: firm.address,
    qualifiedInvoiceNumber: firm.qualifiedInvoiceNumber,
    individual: firm.individual,
    bankAccount: firm.bankAccount,
    phoneNumber: firm.phoneNumber,
    email: firm.email,
  };
  const recipient = await recipientOf(tx, billed);
  const [draft] = await tx
    .insert(invoices)
    .values({
      projectId: request.projectId,
      requestId: request.id,
      firmId: firm.id,
      ...billed,
      transactionDate: today,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      withholdingBase: totals.withholdingBase,
      withholding: totals.withholding,
      amountToTransfer: totals.amountToTransfer,
      byTaxClass: totals.byTaxClass,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: invoices.id });
  if (!draft) throw new Error('invoice insert returned no row');
  await tx.insert(invoiceItems).values(
    totals.lines.map((line, position) => ({
      invoiceId: draft.id,
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
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      status: 'issued',
      number,
      issueDate: today,
      dueDate: defaultDueDate(today),
      issuerSnapshot: issuer,
      recipientSnapshot: recipient,
      issuedAt: now,
      issuedBy: actor.userId,
      updatedAt: now,
    })
    .where(eq(invoices.id, draft.id));
  await recordHistory(tx, {
    actorUserId: actor.userId,
    action: 'invoice.issue',
    entityType: 'invoice',
    entityId: draft.id,
    projectId: request.projectId,
    requestId: request.id,
    changes: {
      name: number,
      total: totals.total,
      amountToTransfer: totals.amountToTransfer,
      concierge: true,
    },
    traceId: actor.traceId,
    ip: actor.ip,
  });
  return { id: draft.id, number };
}

async function recipientOf(
  tx: Executor,
  billed: { billedOrganizationId: string | null; billedUserId: string | null },
): Promise<BillingParty> {
  if (billed.billedOrganizationId) {
    const [org] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, billed.billedOrganizationId))
      .limit(1);
    return {
      id: billed.billedOrganizationId,
      name: org?.name ?? '',
      nameEn: null,
      postalCode: null,
      address: null,
    };
  }
  const [user] = await tx
    .select({ name: users.name, email: users.email, address: users.address })
    .from(users)
    .where(eq(users.id, billed.billedUserId ?? ''))
    .limit(1);
  return {
    id: billed.billedUserId ?? '',
    name: user?.name || user?.email || '',
    nameEn: null,
    postalCode: null,
    address: user?.address || null,
  };
}
