import {
  isRefused,
  refuse,
  todayInJapan,
  type BillingIssuer,
  type BillingParty,
  type Deal,
  type dealDraftBodySchema,
  type dealListQuerySchema,
  type DealStatus,
  type DealSummary,
  type Refused,
  webPathOf,
} from '@ipportal/domain';
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  dealItems,
  deals,
  firms,
  invoices,
  organizations,
  projects,
  requests,
  users,
} from '../../db/schema/index.js';
import type { MailQueue } from '../../mail/index.js';
import type { Publisher } from '../../events/index.js';
import { recordHistory } from '../history.js';
import { findVisibleRequest, requestScope, type VisibleRequest } from '../request-access.js';
import { publishBillingChange } from './billing-signal.js';
import { recipientsOf } from '../request-viewers.js';
import { officeRecipients } from './billing-notices.js';
import type { ActorContext } from '../users.js';
import {
  billedOfProject,
  billedUser,
  clientIdSql,
  clientNameSql,
  computeDocumentTotals,
  containsPattern,
  issuerOf,
  itemValuesOf,
  lineInputs,
  nextDocumentNumber,
  recipientOf,
  toLine,
  toLineInput,
  toSubject,
  tokyoDay,
  totalColumnsOf,
  totalsOf,
} from './common.js';

/*
 * Estimates (見積書; "deals" in the spec's routes). The office drafts, sends, revises and
 * withdraws; the client side accepts or declines. A draft gets its number when it is created (a
 * discarded draft leaves a gap: estimates are not tax documents); every revision keeps the
 * number with the next version. Sending freezes the parties into the snapshot columns and, for
 * a revision, marks the version it revises `superseded`. `expired` is never stored: a sent
 * estimate whose validity date (a Japanese calendar day, inclusive) has passed is answered as
 * expired. Rows that are no longer drafts are frozen by a trigger (migration 0013).
 */

export type DealDraft = z.output<typeof dealDraftBodySchema>;
export type DealListQuery = z.output<typeof dealListQuerySchema>;

export interface DealNotice {
  queue: MailQueue;
  /** An absolute link to a portal path, for mails. */
  link: (path: string) => string;
  /** Tells the other side's open screens (the realtime socket) at commit. */
  bus: Publisher;
}

const decider = alias(users, 'decider');

function selectDeals(db: Executor) {
  return db
    .select({
      deal: deals,
      refrenceCode: projects.refrenceCode,
      projectTitle: projects.title,
      requestNumber: requests.number,
      requestName: requests.name,
      firmName: firms.name,
      clientId: clientIdSql,
      clientName: clientNameSql,
      deciderName: decider.name,
    })
    .from(deals)
    .innerJoin(requests, eq(requests.id, deals.requestId))
    .innerJoin(projects, eq(projects.id, deals.projectId))
    .innerJoin(firms, eq(firms.id, deals.firmId))
    .leftJoin(organizations, eq(organizations.id, deals.billedOrganizationId))
    .leftJoin(billedUser, eq(billedUser.id, deals.billedUserId))
    .leftJoin(decider, eq(decider.id, deals.decidedBy));
}

type DealRow = Awaited<ReturnType<ReturnType<typeof selectDeals>['limit']>>[number];
type StoredDeal = typeof deals.$inferSelect;

const isOffice = (principal: Pick<Principal, 'userType'>) => principal.userType === 'PATENT';

/** The status as answered: a sent estimate past its validity date is expired. */
export function dealStatusOf(deal: Pick<StoredDeal, 'status' | 'validUntil'>, today: string): DealStatus {
  return deal.status === 'sent' && deal.validUntil !== null && deal.validUntil < today
    ? 'expired'
    : deal.status;
}

function toSummary(row: DealRow, today: string): DealSummary {
  const { deal } = row;
  return {
    id: deal.id,
    number: deal.number,
    version: deal.version,
    status: dealStatusOf(deal, today),
    title: deal.title,
    subject: toSubject({ ...row, projectId: deal.projectId }),
    firm: { id: deal.firmId, name: row.firmName },
    client: { id: row.clientId, name: row.clientName },
    total: deal.total,
    validUntil: deal.validUntil,
    createdAt: deal.createdAt.toISOString(),
    sentAt: deal.sentAt?.toISOString() ?? null,
    decidedAt: deal.decidedAt?.toISOString() ?? null,
  };
}

async function toDeal(db: Executor, row: DealRow, principal: Principal, today: string): Promise<Deal> {
  const { deal } = row;
  const office = isOffice(principal);
  const [items, invoiceRows, successors] = await Promise.all([
    db.select().from(dealItems).where(eq(dealItems.dealId, deal.id)).orderBy(asc(dealItems.position)),
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.dealId, deal.id), office ? undefined : ne(invoices.status, 'draft')))
      .orderBy(asc(invoices.createdAt)),
    db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.supersedesDealId, deal.id), office ? undefined : ne(deals.status, 'draft')))
      .limit(1),
  ]);
  const issuer = (deal.issuerSnapshot as BillingIssuer | null) ?? (await issuerOf(db, deal.firmId));
  const recipient = (deal.recipientSnapshot as BillingParty | null) ?? (await recipientOf(db, deal));
  const lines = items.map(toLine);
  return {
    id: deal.id,
    number: deal.number,
    version: deal.version,
    supersedesDealId: deal.supersedesDealId,
    supersededByDealId: successors[0]?.id ?? null,
    status: dealStatusOf(deal, today),
    title: deal.title,
    validUntil: deal.validUntil,
    notes: deal.notes,
    declineReason: deal.declineReason,
    withdrawReason: deal.withdrawReason,
    issuer,
    recipient,
    subject: toSubject({ ...row, projectId: deal.projectId }),
    lines,
    totals: totalsOf(deal),
    fxNote: lines.some((line) => line.currency !== 'JPY'),
    invoiceIds: invoiceRows.map((r) => r.id),
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
    sentAt: deal.sentAt?.toISOString() ?? null,
    decidedAt: deal.decidedAt?.toISOString() ?? null,
    decidedBy: deal.decidedBy ? { id: deal.decidedBy, name: row.deciderName ?? '' } : null,
  };
}

async function readDeal(db: Executor, principal: Principal, dealId: string): Promise<Deal> {
  const [row] = await selectDeals(db).where(eq(deals.id, dealId)).limit(1);
  if (!row) throw new Error(`deal ${dealId} not readable`);
  return toDeal(db, row, principal, todayInJapan());
}

/**
 * Of a request's estimates: an office sees its own only (another office's, such as the
 * concierge's, is never its business, ADR 0019); clients never see drafts.
 */
const visibleToCaller = (principal: Principal): SQL | undefined =>
  isOffice(principal)
    ? principal.firmId
      ? eq(deals.firmId, principal.firmId)
      : sql`false`
    : ne(deals.status, 'draft');

interface DealParams {
  projectId: string;
  requestId: number;
  dealId: string;
}

/** The request of the path if the caller sees it, and the estimate of it the caller sees. */
async function findDealRow(
  db: Executor,
  principal: Principal,
  params: DealParams,
): Promise<{ request: VisibleRequest; row: DealRow } | Refused<'requestNotFound' | 'dealNotFound'>> {
  const request = await findVisibleRequest(db, principal, params.projectId, params.requestId);
  if (!request) return refuse('requestNotFound');
  const [row] = await selectDeals(db)
    .where(and(eq(deals.requestId, request.id), eq(deals.id, params.dealId), visibleToCaller(principal)))
    .limit(1);
  return row ? { request, row } : refuse('dealNotFound');
}

/**
 * Inside a transaction: the estimate locked, after the caller was found to see it. The locked row
 * is the one whose status decides (a second acceptance waits here, then finds it accepted).
 */
async function lockDeal(
  tx: Executor,
  principal: Principal,
  params: DealParams,
): Promise<{ request: VisibleRequest; deal: StoredDeal } | Refused<'requestNotFound' | 'dealNotFound'>> {
  const found = await findDealRow(tx, principal, params);
  if (isRefused(found)) return found;
  const [deal] = await tx.select().from(deals).where(eq(deals.id, found.row.deal.id)).for('update');
  if (!deal) return refuse('dealNotFound');
  return { request: found.request, deal };
}

/** An office edits only its own estimates (the request's scope already says it is addressed to it). */
function officeOwns(principal: Principal, deal: StoredDeal): boolean {
  return isOffice(principal) && principal.firmId === deal.firmId;
}

export async function listRequestDeals(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<DealSummary[] | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId);
  if (!request) return refuse('requestNotFound');
  const rows = await selectDeals(db)
    .where(and(eq(deals.requestId, request.id), visibleToCaller(principal)))
    .orderBy(desc(deals.createdAt), desc(deals.version), desc(deals.id));
  const today = todayInJapan();
  return rows.map((row) => toSummary(row, today));
}

export async function getDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
): Promise<Deal | Refused> {
  const found = await findDealRow(db, principal, params);
  if (isRefused(found)) return found;
  return toDeal(db, found.row, principal, todayInJapan());
}

async function writeItems(tx: Executor, dealId: string, values: ReturnType<typeof itemValuesOf>) {
  await tx.delete(dealItems).where(eq(dealItems.dealId, dealId));
  if (values.length > 0) await tx.insert(dealItems).values(values.map((v) => ({ ...v, dealId })));
}

/** A new draft estimate for a request addressed to the caller's office, numbered now. */
export async function createDeal(
  db: Executor,
  principal: Principal,
  params: { projectId: string; requestId: number },
  body: DealDraft,
  actor: ActorContext,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    const request = await findVisibleRequest(tx, principal, params.projectId, params.requestId);
    if (!request || !isOffice(principal) || principal.firmId !== request.firmId) {
      return refuse('requestNotFound');
    }
    const issuer = await issuerOf(tx, request.firmId);
    const totals = computeDocumentTotals(lineInputs(body.lines), issuer.individual);
    const number = await nextDocumentNumber(tx, request.firmId, 'deal', todayInJapan());
    const [created] = await tx
      .insert(deals)
      .values({
        projectId: request.projectId,
        requestId: request.id,
        firmId: request.firmId,
        ...(await billedOfProject(tx, request.projectId)),
        number,
        title: body.title,
        validUntil: body.validUntil,
        notes: body.notes ?? null,
        ...totalColumnsOf(totals),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: deals.id });
    if (!created) throw new Error('insert returned no row');
    await writeItems(tx, created.id, itemValuesOf(totals));
    return readDeal(tx, principal, created.id);
  });
}

/** Replaces a draft's title, validity, notes and lines; totals are recomputed. */
export async function updateDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
  body: DealDraft,
  actor: ActorContext,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    const { deal } = found;
    if (!officeOwns(principal, deal)) return refuse('dealNotFound');
    if (deal.status !== 'draft') return refuse('dealNotDraft');
    const issuer = await issuerOf(tx, deal.firmId);
    const totals = computeDocumentTotals(lineInputs(body.lines), issuer.individual);
    await tx
      .update(deals)
      .set({
        title: body.title,
        validUntil: body.validUntil,
        notes: body.notes ?? null,
        ...totalColumnsOf(totals),
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(deals.id, deal.id));
    await writeItems(tx, deal.id, itemValuesOf(totals));
    return readDeal(tx, principal, deal.id);
  });
}

export async function deleteDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
): Promise<{ deleted: true } | Refused> {
  return db.transaction(async (tx): Promise<{ deleted: true } | Refused> => {
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    if (!officeOwns(principal, found.deal)) return refuse('dealNotFound');
    if (found.deal.status !== 'draft') return refuse('dealNotDraft');
    await tx.delete(deals).where(eq(deals.id, found.deal.id));
    return { deleted: true };
  });
}

function historyOf(request: VisibleRequest, deal: StoredDeal, actor: ActorContext | null) {
  return {
    actorUserId: actor?.userId ?? null,
    entityType: 'deal',
    entityId: deal.id,
    projectId: request.projectId,
    requestId: request.id,
    traceId: actor?.traceId ?? null,
    ip: actor?.ip ?? null,
  };
}

/**
 * Sends a draft: totals recomputed, both parties frozen into the snapshots, the version it
 * revises superseded, the history written and the client side mailed in each one's language.
 */
export async function sendDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
  actor: ActorContext,
  notice: DealNotice,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    const { deal, request } = found;
    if (!officeOwns(principal, deal)) return refuse('dealNotFound');
    if (deal.status !== 'draft') return refuse('dealNotDraft');
    const items = await tx
      .select()
      .from(dealItems)
      .where(eq(dealItems.dealId, deal.id))
      .orderBy(asc(dealItems.position));
    if (items.length === 0) return refuse('invoiceNeedsLines');
    let revised: StoredDeal | undefined;
    if (deal.supersedesDealId) {
      [revised] = await tx.select().from(deals).where(eq(deals.id, deal.supersedesDealId)).for('update');
      // The client accepted (or the office withdrew) the version meanwhile: it is not revised.
      if (!revised || !['sent', 'declined'].includes(revised.status)) return refuse('dealNotRevisable');
    }
    const issuer = await issuerOf(tx, deal.firmId);
    const recipient = await recipientOf(tx, deal);
    const totals = computeDocumentTotals(items.map(toLineInput), issuer.individual);
    const now = new Date();
    await tx
      .update(deals)
      .set({
        status: 'sent',
        sentAt: now,
        issuerSnapshot: issuer,
        recipientSnapshot: recipient,
        ...totalColumnsOf(totals),
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(deals.id, deal.id));
    if (revised) {
      await tx
        .update(deals)
        .set({ status: 'superseded', updatedAt: now, updatedBy: actor.userId })
        .where(eq(deals.id, revised.id));
    }
    await recordHistory(tx, {
      ...historyOf(request, deal, actor),
      action: 'estimate.send',
      changes: {
        name: deal.number,
        version: deal.version,
        total: totals.total,
        validUntil: deal.validUntil,
        ...(revised ? { supersedes: revised.version } : {}),
      },
    });
    const path = webPathOf('estimate', {
      projectId: request.projectId,
      requestId: request.number,
      dealId: deal.id,
    });
    const [project] = await tx
      .select({ refrenceCode: projects.refrenceCode })
      .from(projects)
      .where(eq(projects.id, request.projectId));
    for (const recipientUser of await recipientsOf(tx, request, 'client', actor.userId)) {
      await notice.queue(tx, {
        to: recipientUser.email,
        locale: recipientUser.locale,
        template: 'estimateSent',
        params: {
          firmName: issuer.name,
          number: deal.number,
          version: deal.version,
          title: deal.title,
          reference: project?.refrenceCode ?? '',
          requestName: request.name,
          url: notice.link(path),
        },
        dedupeKey: `estimateSent:${deal.id}:${recipientUser.userId}`,
        reference: `deal:${deal.id}`,
      });
    }
    await publishBillingChange(tx, notice.bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}

/**
 * Starts a revision of the latest version when it is sent (expired included) or declined: a new
 * draft with the same number, the next version and the same lines. One open revision at a time.
 */
export async function reviseDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
  actor: ActorContext,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    const { deal, request } = found;
    if (!officeOwns(principal, deal)) return refuse('dealNotFound');
    if (deal.status !== 'sent' && deal.status !== 'declined') return refuse('dealNotRevisable');
    const [successor] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.supersedesDealId, deal.id))
      .limit(1);
    if (successor) return refuse('dealNotRevisable');
    const items = await tx
      .select()
      .from(dealItems)
      .where(eq(dealItems.dealId, deal.id))
      .orderBy(asc(dealItems.position));
    const issuer = await issuerOf(tx, deal.firmId);
    const totals = computeDocumentTotals(items.map(toLineInput), issuer.individual);
    const [created] = await tx
      .insert(deals)
      .values({
        projectId: deal.projectId,
        requestId: deal.requestId,
        firmId: deal.firmId,
        ...(await billedOfProject(tx, deal.projectId)),
        number: deal.number,
        version: deal.version + 1,
        supersedesDealId: deal.id,
        title: deal.title,
        validUntil: deal.validUntil,
        notes: deal.notes,
        ...totalColumnsOf(totals),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: deals.id });
    if (!created) throw new Error('insert returned no row');
    await writeItems(tx, created.id, itemValuesOf(totals));
    await recordHistory(tx, {
      ...historyOf(request, deal, actor),
      entityId: created.id,
      action: 'estimate.revise',
      changes: { name: deal.number, version: deal.version + 1, revises: deal.version },
    });
    return readDeal(tx, principal, created.id);
  });
}

/** The office withdraws a sent estimate; the client side's open screens hear of it. */
export async function withdrawDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
  reason: string | undefined,
  actor: ActorContext,
  bus: Publisher,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    const { deal, request } = found;
    if (!officeOwns(principal, deal)) return refuse('dealNotFound');
    if (deal.status !== 'sent') return refuse('dealNotSent');
    const now = new Date();
    await tx
      .update(deals)
      .set({ status: 'withdrawn', withdrawReason: reason ?? null, updatedAt: now, updatedBy: actor.userId })
      .where(eq(deals.id, deal.id));
    await recordHistory(tx, {
      ...historyOf(request, deal, actor),
      action: 'estimate.withdraw',
      changes: { name: deal.number, version: deal.version, reason: reason ?? null },
    });
    await publishBillingChange(tx, bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}

/**
 * The client side accepts a sent estimate (an order) or declines it. The estimate row is locked:
 * of two acceptances racing, the second finds it accepted (409). Accepting moves a request still
 * "not supported" (1) to "external handling in progress" (2) in the same transaction.
 */
export async function decideDeal(
  db: Executor,
  principal: Principal,
  params: DealParams,
  decision: { accept: true } | { accept: false; reason: string },
  actor: ActorContext,
  notice: DealNotice,
): Promise<Deal | Refused> {
  return db.transaction(async (tx): Promise<Deal | Refused> => {
    if (isOffice(principal)) return refuse('dealNotFound');
    const found = await lockDeal(tx, principal, params);
    if (isRefused(found)) return found;
    const { deal, request } = found;
    if (deal.status !== 'sent') return refuse('dealNotSent');
    const today = todayInJapan();
    if (decision.accept && dealStatusOf(deal, today) === 'expired') return refuse('dealExpired');
    const now = new Date();
    await tx
      .update(deals)
      .set({
        status: decision.accept ? 'accepted' : 'declined',
        declineReason: decision.accept ? null : decision.reason,
        decidedAt: now,
        decidedBy: actor.userId,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(eq(deals.id, deal.id));
    let requestStatus: [number, number] | undefined;
    if (decision.accept) {
      const [moved] = await tx
        .update(requests)
        .set({ status: 2, updatedAt: now, updatedBy: actor.userId })
        .where(and(eq(requests.id, request.id), eq(requests.status, 1)))
        .returning({ id: requests.id });
      if (moved) requestStatus = [1, 2];
    }
    await recordHistory(tx, {
      ...historyOf(request, deal, actor),
      action: decision.accept ? 'estimate.accept' : 'estimate.decline',
      changes: {
        name: deal.number,
        version: deal.version,
        ...(decision.accept ? {} : { reason: decision.reason }),
        ...(requestStatus ? { requestStatus } : {}),
      },
    });
    const [decidedBy] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    const path = webPathOf('estimate', {
      projectId: request.projectId,
      requestId: request.number,
      dealId: deal.id,
    });
    // The estimate's own office, not the whole office side: a coordinating concierge never
    // learns of the office's money (ADR 0019).
    for (const recipientUser of await officeRecipients(tx, deal.firmId)) {
      const base = {
        to: recipientUser.email,
        locale: recipientUser.locale,
        reference: `deal:${deal.id}`,
      };
      const params = {
        clientName: decidedBy?.name || decidedBy?.email || '',
        number: deal.number,
        version: deal.version,
        title: deal.title,
        requestName: request.name,
        url: notice.link(path),
      };
      if (decision.accept) {
        await notice.queue(tx, {
          ...base,
          template: 'estimateAccepted',
          params,
          dedupeKey: `estimateAccepted:${deal.id}:${recipientUser.userId}`,
        });
      } else {
        await notice.queue(tx, {
          ...base,
          template: 'estimateDeclined',
          params: { ...params, reason: decision.reason },
          dedupeKey: `estimateDeclined:${deal.id}:${recipientUser.userId}`,
        });
      }
    }
    await publishBillingChange(tx, notice.bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}

/** The estimates the caller may see: the office's own, or (no drafts) those of visible requests. */
export function dealScope(principal: Principal): SQL {
  if (isOffice(principal)) return principal.firmId ? eq(deals.firmId, principal.firmId) : sql`false`;
  return and(requestScope(principal), ne(deals.status, 'draft')) ?? sql`false`;
}

/** The date a search and the list sort by: sending, or creation for a draft (Japan). */
const dealDate = sql`coalesce(${deals.sentAt}, ${deals.createdAt})`;

function dealFilters(principal: Principal, query: DealListQuery, today: string): SQL[] {
  const filters: SQL[] = [dealScope(principal)];
  if (query.status === 'expired') {
    filters.push(sql`${deals.status} = 'sent' and ${deals.validUntil} < ${today}`);
  } else if (query.status === 'sent') {
    filters.push(
      sql`${deals.status} = 'sent' and (${deals.validUntil} is null or ${deals.validUntil} >= ${today})`,
    );
  } else if (query.status !== 'all') {
    filters.push(eq(deals.status, query.status));
  }
  if (query.from) filters.push(gte(tokyoDay(dealDate), query.from));
  if (query.to) filters.push(lte(tokyoDay(dealDate), query.to));
  if (query.minAmount !== undefined) filters.push(gte(deals.total, query.minAmount));
  if (query.maxAmount !== undefined) filters.push(lte(deals.total, query.maxAmount));
  if (query.counterpartyId) {
    filters.push(
      isOffice(principal)
        ? (or(
            eq(deals.billedOrganizationId, query.counterpartyId),
            eq(deals.billedUserId, query.counterpartyId),
          ) ?? sql`false`)
        : eq(deals.firmId, query.counterpartyId),
    );
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    const text = or(
      ilike(deals.number, pattern),
      ilike(deals.title, pattern),
      ilike(projects.refrenceCode, pattern),
      ilike(requests.name, pattern),
      sql`${isOffice(principal) ? clientNameSql : firms.name} ilike ${pattern}`,
    );
    if (text) filters.push(text);
  }
  return filters;
}

function dealOrder(principal: Principal, query: DealListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key =
    query.sort === 'total'
      ? deals.total
      : query.sort === 'number'
        ? deals.number
        : query.sort === 'counterparty'
          ? isOffice(principal)
            ? clientNameSql
            : firms.name
          : dealDate;
  return [direction(key), direction(deals.version), direction(deals.id)];
}

/** GET /deals: one page of the searched estimates, with the count of all that match. */
export async function listDeals(
  db: Executor,
  principal: Principal,
  query: DealListQuery,
): Promise<{ items: DealSummary[]; total: number }> {
  const today = todayInJapan();
  const where = and(...dealFilters(principal, query, today));
  const [rows, [total]] = await Promise.all([
    selectDeals(db)
      .where(where)
      .orderBy(...dealOrder(principal, query))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(deals)
      .innerJoin(requests, eq(requests.id, deals.requestId))
      .innerJoin(projects, eq(projects.id, deals.projectId))
      .innerJoin(firms, eq(firms.id, deals.firmId))
      .leftJoin(organizations, eq(organizations.id, deals.billedOrganizationId))
      .leftJoin(billedUser, eq(billedUser.id, deals.billedUserId))
      .where(where),
  ]);
  return { items: rows.map((row) => toSummary(row, today)), total: total?.n ?? 0 };
}

/** Every searched estimate (no paging, at most `cap`), for the CSV export. */
export async function searchAllDeals(
  db: Executor,
  principal: Principal,
  query: DealListQuery,
  cap: number,
): Promise<(DealSummary & { tax: number; subtotal: number })[]> {
  const today = todayInJapan();
  const rows = await selectDeals(db)
    .where(and(...dealFilters(principal, query, today)))
    .orderBy(...dealOrder(principal, query))
    .limit(cap);
  return rows.map((row) => ({ ...toSummary(row, today), tax: row.deal.tax, subtotal: row.deal.subtotal }));
}

/**
 * The daily job's part: a history entry `estimate.expire` (once) for every sent estimate whose
 * validity date passed before `today`. The status itself stays `sent` and is answered as expired.
 */
export async function recordExpiredDeals(db: Executor, today: string): Promise<number> {
  const expired = await db
    .select({ deal: deals, requestProjectId: requests.projectId })
    .from(deals)
    .innerJoin(requests, eq(requests.id, deals.requestId))
    .where(
      and(
        eq(deals.status, 'sent'),
        sql`${deals.validUntil} < ${today}`,
        sql`not exists (select 1 from history h where h.entity_type = 'deal' and h.entity_id = ${deals.id} and h.action = 'estimate.expire')`,
      ),
    )
    .limit(1000);
  if (expired.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { deal } of expired) {
      await recordHistory(tx, {
        actorUserId: null,
        actorKind: 'system',
        action: 'estimate.expire',
        entityType: 'deal',
        entityId: deal.id,
        projectId: deal.projectId,
        requestId: deal.requestId,
        changes: { name: deal.number, version: deal.version, validUntil: deal.validUntil },
      });
    }
  });
  return expired.length;
}
