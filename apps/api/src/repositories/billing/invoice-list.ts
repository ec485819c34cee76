import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  todayInJapan,
  type invoiceListQuerySchema,
  type InvoicePaymentState,
  type InvoiceSummary,
} from '@ipportal/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { firms, invoices, organizations, projects, requests } from '../../db/schema/index.js';
import { billedUser, clientNameSql, containsPattern, tokyoDay } from './common.js';

import { countedTotalsQuery, listScopeOf } from './invoice-list-scope.js';
import {
  isOffice,
  selectListedInvoices,
  summaryOf,
  toSummary,
  type InvoiceListItem,
} from './invoice-rows.js';

/*
 * The invoice lists: filters, order and the page (GET /invoices), and the unpaged search of the CSV export.
 */

export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** A page of a list with the count and balance sum of the whole list. */
export interface InvoiceListPage {
  items: InvoiceSummary[];
  total: number;
  balanceSum: number;
}

/** The date searches and the issue-date sort use: the issue date, or a draft's creation day. */
const invoiceDate = sql`coalesce(${invoices.issueDate}, ${tokyoDay(invoices.createdAt)})`;

/** One payment state: what the office has confirmed decides unpaid or partly paid. */
function paymentStateFilter(state: InvoicePaymentState): SQL {
  switch (state) {
    case 'unpaid':
      return sql`${invoices.status} = 'issued' and ${invoices.paidAmount} = 0`;
    case 'partlyPaid':
      return sql`${invoices.status} = 'issued' and ${invoices.paidAmount} > 0`;
    case 'paid':
      return eq(invoices.status, 'paid');
    case 'void':
      return eq(invoices.status, 'void');
  }
}

function invoiceFilters(principal: Principal, query: InvoiceListQuery, today: string): SQL[] {
  const filters: SQL[] = [listScopeOf(principal).where];
  // The partial indexes of the unpaid views match this condition as written.
  const unpaid = sql`${invoices.status} = 'issued' and ${invoices.balance} > 0`;
  switch (query.view) {
    case 'unpaid':
      filters.push(unpaid);
      break;
    case 'overdue':
      filters.push(unpaid, lt(invoices.dueDate, today));
      break;
    case 'paid':
      filters.push(eq(invoices.status, 'paid'));
      break;
    case 'void':
      filters.push(eq(invoices.status, 'void'));
      break;
    case 'draft':
      filters.push(isOffice(principal) ? eq(invoices.status, 'draft') : sql`false`);
      break;
    case 'issued':
      filters.push(inArray(invoices.status, ['issued', 'paid', 'void']));
      break;
  }
  if (query.state) filters.push(paymentStateFilter(query.state));
  if (query.dueBy) filters.push(lte(invoices.dueDate, query.dueBy));
  if (query.from) filters.push(gte(invoiceDate, query.from));
  if (query.to) filters.push(lte(invoiceDate, query.to));
  if (query.minAmount !== undefined) filters.push(gte(invoices.total, query.minAmount));
  if (query.maxAmount !== undefined) filters.push(lte(invoices.total, query.maxAmount));
  if (query.counterpartyId) {
    filters.push(
      isOffice(principal)
        ? (or(
            eq(invoices.billedOrganizationId, query.counterpartyId),
            eq(invoices.billedUserId, query.counterpartyId),
          ) ?? sql`false`)
        : eq(invoices.firmId, query.counterpartyId),
    );
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    const text = or(
      ilike(invoices.number, pattern),
      ilike(invoices.notes, pattern),
      ilike(projects.refrenceCode, pattern),
      ilike(projects.title, pattern),
      ilike(requests.name, pattern),
      sql`${isOffice(principal) ? clientNameSql : firms.name} ilike ${pattern}`,
    );
    if (text) filters.push(text);
  }
  return filters;
}

function invoiceOrder(principal: Principal, query: InvoiceListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key =
    query.sort === 'issueDate'
      ? invoiceDate
      : query.sort === 'total'
        ? invoices.total
        : query.sort === 'number'
          ? invoices.number
          : query.sort === 'counterparty'
            ? isOffice(principal)
              ? clientNameSql
              : firms.name
            : invoices.dueDate;
  return [direction(key), direction(invoices.createdAt), direction(invoices.id)];
}

/**
 * The invoices of a list, joined only to what its filters and order read: the request when the
 * scope or a text search reads it; the matter, the office and the billed party for a text search or
 * the counterparty sort. The count and the page's keys need no more, so they stay off the other tables.
 */
function withJoins<T extends PgSelect>(select: T, joins: { request: boolean; names: boolean }): T {
  // The selection is partial (chosen before the joins), so the joins leave the result's type as it is.
  const joined = joins.request
    ? (select.innerJoin(requests, eq(requests.id, invoices.requestId)) as unknown as T)
    : select;
  if (!joins.names) return joined;
  return joined
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(firms, eq(firms.id, invoices.firmId))
    .leftJoin(organizations, eq(organizations.id, invoices.billedOrganizationId))
    .leftJoin(billedUser, eq(billedUser.id, invoices.billedUserId)) as unknown as T;
}

/**
 * The statements of a list: the page's keys (read in index order for the default sort), and the
 * count and balance sum, from the kept counts when the list allows it (docs/adr/0049), else from
 * the rows. Apart so that the benchmark can show their plans.
 */
export function invoiceListStatements(
  db: Executor,
  principal: Principal,
  query: InvoiceListQuery,
  today: string,
) {
  const where = and(...invoiceFilters(principal, query, today));
  const order = invoiceOrder(principal, query);
  const readsRequest = listScopeOf(principal).readsRequest || Boolean(query.q);
  const pageIds = withJoins(db.select({ id: invoices.id }).from(invoices).$dynamic(), {
    request: readsRequest,
    names: Boolean(query.q) || query.sort === 'counterparty',
  })
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const totals =
    countedTotalsQuery(db, principal, query, today) ??
    withJoins(
      db
        .select({
          n: count(),
          balanceSum: sql<number>`coalesce(sum(${invoices.balance}), 0)::bigint`.mapWith(Number),
        })
        .from(invoices)
        .$dynamic(),
      { request: readsRequest, names: Boolean(query.q) },
    ).where(where);
  return { pageIds, order, totals };
}

/**
 * A page of the invoices of a view, searched and sorted, with the count and balance of all, read
 * from the rows (GET /invoices keeps the pages it sends: invoice-list-version.ts).
 */
export async function listInvoices(
  db: Executor,
  principal: Principal,
  query: InvoiceListQuery,
): Promise<InvoiceListPage> {
  const today = todayInJapan();
  const { pageIds, order, totals } = invoiceListStatements(db, principal, query, today);
  // The page's keys first, then its rows with their names: the joins run for the page only.
  const [rows, [sums]] = await Promise.all([
    selectListedInvoices(db, false)
      .where(inArray(invoices.id, pageIds))
      .orderBy(...order),
    totals,
  ]);
  return {
    items: rows.map((row) => summaryOf(row, today)),
    total: sums?.n ?? 0,
    balanceSum: sums?.balanceSum ?? 0,
  };
}

/** Every searched invoice (no paging, at most `cap`), with its per-class amounts, for the CSV export. */
export async function searchAllInvoices(
  db: Executor,
  principal: Principal,
  query: InvoiceListQuery,
  cap: number,
): Promise<InvoiceListItem[]> {
  const today = todayInJapan();
  const rows = await selectListedInvoices(db, true)
    .where(and(...invoiceFilters(principal, query, today)))
    .orderBy(...invoiceOrder(principal, query))
    .limit(cap);
  return rows.map((row) => toSummary(row, today));
}
