import { isRefused, refuse, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { deals } from '../../../db/schema/index.js';
import { findVisibleRequest, type VisibleRequest } from '../../request-access.js';
import { isOffice, whileDraft } from '../document-core/drafts.js';
import { selectDeals, visibleOfRequest, type DealRow, type StoredDeal } from './rows.js';

/* Which estimate of a request the caller reaches, and whether it is theirs to change. */

export interface DealParams {
  projectId: string;
  requestId: number;
  dealId: string;
}

/** The request of the path if the caller sees it, and the estimate of it the caller sees. */
export async function findDealRow(
  db: Executor,
  principal: Principal,
  params: DealParams,
): Promise<{ request: VisibleRequest; row: DealRow } | Refused<'requestNotFound' | 'dealNotFound'>> {
  const request = await findVisibleRequest(db, principal, params.projectId, params.requestId);
  if (!request) return refuse('requestNotFound');
  const [row] = await selectDeals(db)
    .where(and(eq(deals.requestId, request.id), eq(deals.id, params.dealId), visibleOfRequest(principal)))
    .limit(1);
  return row ? { request, row } : refuse('dealNotFound');
}

export interface LockedDeal {
  request: VisibleRequest;
  deal: StoredDeal;
  /** The matter's reference, as the estimate's mails name it. */
  refrenceCode: string;
}

/**
 * Inside a transaction: the estimate locked, after the caller was found to see it. The locked row
 * is the one whose status decides (a second acceptance waits here, then finds it accepted).
 */
export async function lockDeal(
  tx: Executor,
  principal: Principal,
  params: DealParams,
): Promise<LockedDeal | Refused<'requestNotFound' | 'dealNotFound'>> {
  const found = await findDealRow(tx, principal, params);
  if (isRefused(found)) return found;
  const [deal] = await tx.select().from(deals).where(eq(deals.id, found.row.deal.id)).for('update');
  if (!deal) return refuse('dealNotFound');
  return { request: found.request, deal, refrenceCode: found.row.refrenceCode };
}

/**
 * The estimate locked for a change by its own office (the request's scope already says it is
 * addressed to it); another office's, or a client, finds none.
 */
export async function lockOwnDeal(
  tx: Executor,
  principal: Principal,
  params: DealParams,
): Promise<LockedDeal | Refused<'requestNotFound' | 'dealNotFound'>> {
  const found = await lockDeal(tx, principal, params);
  const own = isRefused(found) || (isOffice(principal) && principal.firmId === found.deal.firmId);
  return own ? found : refuse('dealNotFound');
}

/** The office's own estimate, locked, while it is a draft. */
export async function lockOwnDealDraft(tx: Executor, principal: Principal, params: DealParams) {
  const found = await lockOwnDeal(tx, principal, params);
  return whileDraft(isRefused(found) ? found : found.deal, 'dealNotDraft');
}

/**
 * Runs `change` in one transaction with the office's own estimate locked; a refusal to lock it is
 * the answer.
 */
export function changeOwnDeal<T>(
  db: Executor,
  who: { principal: Principal; params: DealParams },
  change: (tx: Executor, found: LockedDeal) => Promise<T | Refused>,
): Promise<T | Refused> {
  return db.transaction(async (tx): Promise<T | Refused> => {
    const found = await lockOwnDeal(tx, who.principal, who.params);
    return isRefused(found) ? found : change(tx, found);
  });
}

/** An estimate of a request, as its history entries name it. */
export const estimateOf = (dealId: string, request: VisibleRequest) => ({
  entityType: 'deal' as const,
  id: dealId,
  projectId: request.projectId,
  requestId: request.id,
});
