import type { DealStatus, DealSummary } from '@ipportal/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { deals, users } from '../../../db/schema/index.js';
import { requestScope } from '../../request-access.js';
import { isOffice } from '../document-core/drafts.js';
import { joinSubjectAndParties, namesOf, subjectColumns } from '../document-core/subject.js';

/*
 * The estimate rows every read shares: one select with its names, the status as answered, the
 * list summary, and who may see which estimate. `expired` is never stored: a sent estimate whose
 * validity date (a Japanese calendar day, inclusive) has passed is answered as expired.
 */

const decider = alias(users, 'decider');

export function selectDeals(db: Executor) {
  return joinSubjectAndParties(
    db
      .select({ deal: deals, ...subjectColumns, deciderName: decider.name })
      .from(deals)
      .leftJoin(decider, eq(decider.id, deals.decidedBy))
      .$dynamic(),
    deals,
  );
}

export type DealRow = Awaited<ReturnType<ReturnType<typeof selectDeals>['limit']>>[number];
export type StoredDeal = typeof deals.$inferSelect;

/** The status as answered: a sent estimate past its validity date is expired. */
export function dealStatusOf(deal: Pick<StoredDeal, 'status' | 'validUntil'>, today: string): DealStatus {
  return deal.status === 'sent' && deal.validUntil !== null && deal.validUntil < today
    ? 'expired'
    : deal.status;
}

export function toDealSummary(row: DealRow, today: string): DealSummary {
  const { deal } = row;
  const { id, number, version, title, total, validUntil } = deal;
  return {
    id,
    number,
    version,
    status: dealStatusOf(deal, today),
    title,
    ...namesOf({ ...row, projectId: deal.projectId, firmId: deal.firmId }),
    total,
    validUntil,
    createdAt: deal.createdAt.toISOString(),
    sentAt: deal.sentAt?.toISOString() ?? null,
    decidedAt: deal.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Of a request's estimates: an office sees its own only (another office's, such as the
 * concierge's, is never its business, ADR 0019); clients never see drafts.
 */
export const visibleOfRequest = (principal: Principal): SQL | undefined =>
  isOffice(principal)
    ? principal.firmId
      ? eq(deals.firmId, principal.firmId)
      : sql`false`
    : ne(deals.status, 'draft');

/** The estimates the caller may see: the office's own, or (no drafts) those of visible requests. */
export function dealScope(principal: Principal): SQL {
  if (isOffice(principal)) return principal.firmId ? eq(deals.firmId, principal.firmId) : sql`false`;
  return and(requestScope(principal), ne(deals.status, 'draft')) ?? sql`false`;
}
