import {
  computeTotals,
  isRefused,
  refuse,
  todayInJapan,
  type Concierge,
  type LineInput,
  type Refused,
} from '@ipportal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { firms, invoiceItems, invoices, requests } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import { announceArrival } from '../request-arrival.js';
import { findVisibleRequest, writableRequest } from '../request-access.js';
import type { ActorContext } from '../users.js';
import { billedOfProject, computeDocumentTotals, itemValuesOf, totalColumnsOf } from './common.js';
import { issueDraft, type IssueDraftDeps } from './invoices.js';

/*
 * The concierge (ADR 0019): the portal operator's office flagged `firms.concierge`. A client turns
 * it on for one request: the office becomes the request's coordinator (`requests.coordinator_firm_id`),
 * its fee invoice is issued like every invoice (`issueDraft`, on the office's behalf), and the
 * request's concierge state follows that invoice (awaitingPayment, then paid when a confirmed
 * payment covers it: payments.ts).
 */

/** A request's concierge state and coordinating office, for anyone who may read the request. */
export async function getConcierge(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  feeYen: number,
): Promise<Concierge | Refused<'requestNotFound'>> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  return conciergeOf(db, request, feeYen);
}

/** The fee's one line, as the fee invoice bills it (10% taxable). */
function feeLine(feeYen: number): LineInput {
  return {
    description: 'コンシェルジュサービス料 / Concierge service fee',
    quantity: '1',
    unitPrice: String(feeYen),
    taxClass: 'taxable10',
    currency: 'JPY',
    exchangeRate: null,
  };
}

/** The price a client reads before turning the service on: the same computation as the fee invoice's. */
function feeOf(feeYen: number): Concierge['fee'] {
  const totals = computeTotals([feeLine(feeYen)], { withholding: false });
  return { amountYen: totals.subtotal, taxYen: totals.tax, totalYen: totals.total };
}

async function conciergeOf(
  db: Executor,
  request: typeof requests.$inferSelect,
  feeYen: number,
): Promise<Concierge> {
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
    fee: feeOf(feeYen),
  };
}

/** The live concierge office, when the operator has set one up with a bank account to bill to (as issuing asks). */
async function conciergeFirm(db: Executor) {
  const [firm] = await db
    .select()
    .from(firms)
    .where(and(eq(firms.concierge, true), isNull(firms.deletedAt)))
    .limit(1);
  return firm?.bankAccount?.trim() ? firm : undefined;
}

/** Whether the caller may turn the concierge on for the request now, and which office it would be. */
async function startable(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  options: { lock: boolean },
): Promise<{ request: typeof requests.$inferSelect; firm: typeof firms.$inferSelect } | Refused> {
  const context = await writableRequest(db, principal, projectId, requestId, options);
  if (isRefused(context)) return context;
  const [request] = await db.select().from(requests).where(eq(requests.id, context.request.id)).limit(1);
  if (!request) return refuse('requestNotFound');
  if (request.concierge !== 'notUsed') return refuse('conciergeAlreadyUsed');
  const firm = await conciergeFirm(db);
  if (!firm) return refuse('conciergeNotAvailable');
  return { request, firm };
}

/**
 * Checked before anything is stored (the start use case then commits the upload check of the fee
 * invoice's PDF): the same refusals as the start itself, which checks again under the lock.
 */
export async function checkConciergeStartable(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<{ requestId: string } | Refused> {
  const ready = await startable(db, principal, projectId, requestId, { lock: false });
  return isRefused(ready) ? ready : { requestId: ready.request.id };
}

export interface StartConciergeOptions {
  /** The fee in whole yen before consumption tax (config `CONCIERGE_FEE_YEN`). */
  feeYen: number;
  /** The fee invoice's id, chosen before the transaction: its PDF's key names it. */
  invoiceId: string;
  /** How the fee invoice's PDF is rendered and stored and its mails queued (use-cases/issue-invoice.ts). */
  issue: IssueDraftDeps;
}

/**
 * A client who may write to the request turns the concierge on, all in one transaction (the
 * request row locked, so two clicks start it once): the concierge office's fee invoice is written
 * as a draft billed to whoever the matter bills and issued by the one issuing path (`issueDraft`,
 * as the concierge office: number, snapshots, the PDF stored write-once, history `invoice.issue`,
 * the client side mailed), then the office joins the request as coordinator and the state becomes
 * awaitingPayment (`request.concierge.start`), and the concierge office's users are mailed and
 * told live (`announceArrival`). Should rendering or storing the PDF fail, the
 * error rolls it all back: the request stays notUsed, no invoice, no number used up.
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
    const ready = await startable(tx, principal, projectId, requestId, { lock: true });
    if (isRefused(ready)) return ready;
    const { request, firm } = ready;
    await writeFeeDraft(tx, {
      id: options.invoiceId,
      firm,
      request,
      feeYen: options.feeYen,
      transactionDate: options.issue.today ?? todayInJapan(),
      actor,
    });
    const invoice = await issueDraft(
      tx,
      { firmId: firm.id, concierge: true },
      options.invoiceId,
      actor,
      options.issue,
    );
    // The draft was just written for an office with a bank account: a refusal would be a bug, and
    // throwing rolls the draft back with everything else.
    if (isRefused(invoice)) throw new Error(`concierge fee invoice not issuable: ${invoice.refused}`);
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
    const entryId = await recordHistory(tx, {
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
    // The request is new work for the concierge office: mailed and told live, as a sent request is.
    await announceArrival(tx, options.issue.notice, { firmId: firm.id, entryId, request });
    const [updated] = await tx.select().from(requests).where(eq(requests.id, request.id)).limit(1);
    return conciergeOf(tx, updated!, options.feeYen);
  });
}

/** The fee invoice's draft: one 10% taxable line of the fee, totals as every draft's. */
async function writeFeeDraft(
  tx: Executor,
  input: {
    id: string;
    firm: typeof firms.$inferSelect;
    request: typeof requests.$inferSelect;
    feeYen: number;
    transactionDate: string;
    actor: ActorContext;
  },
): Promise<void> {
  const lines: LineInput[] = [feeLine(input.feeYen)];
  const totals = computeDocumentTotals(lines, input.firm.individual);
  await tx.insert(invoices).values({
    id: input.id,
    projectId: input.request.projectId,
    requestId: input.request.id,
    firmId: input.firm.id,
    ...(await billedOfProject(tx, input.request.projectId)),
    transactionDate: input.transactionDate,
    ...totalColumnsOf(totals),
    createdBy: input.actor.userId,
    updatedBy: input.actor.userId,
  });
  await tx
    .insert(invoiceItems)
    .values(itemValuesOf(totals).map((item) => ({ ...item, invoiceId: input.id })));
}
