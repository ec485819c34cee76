import { isRefused, todayInJapan, type Deal, type DealSummary } from '@ipportal/domain';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { deals, invoices } from '../../../db/schema/index.js';
import { ofVisibleRequest, type RequestPath } from '../document-core/request-of-path.js';
import { isOffice } from '../document-core/drafts.js';
import { documentBody, readable } from '../document-core/freeze.js';
import { findDealRow, type DealParams } from './access.js';
import { dealStatusOf, selectDeals, toDealSummary, visibleOfRequest, type DealRow } from './rows.js';

/* An estimate as answered, and a request's estimates. */

async function toDeal(db: Executor, row: DealRow, principal: Principal): Promise<Deal> {
  const { deal } = row;
  const today = todayInJapan();
  const office = isOffice(principal);
  const [body, invoiceRows, successors] = await Promise.all([
    documentBody(db, 'deal', deal, row),
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
    ...body,
    invoiceIds: invoiceRows.map((r) => r.id),
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
    sentAt: deal.sentAt?.toISOString() ?? null,
    decidedAt: deal.decidedAt?.toISOString() ?? null,
    decidedBy: deal.decidedBy ? { id: deal.decidedBy, name: row.deciderName ?? '' } : null,
  };
}

/** The estimate of the path, if the caller sees its request and it. */
export async function getDeal(db: Executor, principal: Principal, params: DealParams) {
  const found = await findDealRow(db, principal, params);
  return isRefused(found) ? found : toDeal(db, found.row, principal);
}

/** A request's estimates the caller sees, newest first. */
export function listRequestDeals(db: Executor, principal: Principal, path: RequestPath) {
  return ofVisibleRequest(db, principal, path, async (request): Promise<DealSummary[]> => {
    const rows = await selectDeals(db)
      .where(and(eq(deals.requestId, request.id), visibleOfRequest(principal)))
      .orderBy(desc(deals.createdAt), desc(deals.version), desc(deals.id));
    const today = todayInJapan();
    return rows.map((row) => toDealSummary(row, today));
  });
}

/** An estimate the caller was already found to see (after a write, inside its transaction). */
export async function readDeal(db: Executor, principal: Principal, dealId: string): Promise<Deal> {
  const [row] = await selectDeals(db).where(eq(deals.id, dealId)).limit(1);
  return toDeal(db, readable(row, `deal ${dealId}`), principal);
}
