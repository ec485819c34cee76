import { todayInJapan, type dealListQuerySchema, type DealSummary } from '@ipportal/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { deals, projects, requests } from '../../../db/schema/index.js';
import { counterpartyNameOf, documentSearchFilters } from '../document-core/list-filters.js';
import { joinSubjectAndParties, tokyoDay } from '../document-core/subject.js';
import { dealScope, selectDeals, toDealSummary } from './rows.js';

/* The searched estimates of GET /deals and of the CSV export. */

export type DealListQuery = z.output<typeof dealListQuerySchema>;

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
  filters.push(
    ...documentSearchFilters(principal, query, deals, {
      day: tokyoDay(dealDate),
      texts: [deals.number, deals.title, projects.refrenceCode, requests.name],
    }),
  );
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
          ? counterpartyNameOf(principal)
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
    joinSubjectAndParties(db.select({ n: count() }).from(deals).$dynamic(), deals).where(where),
  ]);
  return { items: rows.map((row) => toDealSummary(row, today)), total: total?.n ?? 0 };
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
  return rows.map((row) => ({
    ...toDealSummary(row, today),
    tax: row.deal.tax,
    subtotal: row.deal.subtotal,
  }));
}
