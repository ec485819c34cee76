import { OrganizationRole, type invoiceListQuerySchema } from '@ipportal/domain';
import { and, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { invoiceListCounts, invoices } from '../../db/schema/index.js';
import { invoiceScope, isOffice } from './invoice-rows.js';

/*
 * Who a list is read for, and its count and balance sum kept by the database (docs/adr/0049).
 * An office sees its own invoices; a client who sees every matter of its scope (the organization's
 * administrator, or the owner of matters without an organization) sees exactly the non-draft
 * invoices whose stored client scope is theirs. Anyone else (a member who sees only the matters
 * assigned to them) goes through the request scope, exact whatever the matters.
 */

type ListQuery = z.output<typeof invoiceListQuerySchema>;
type ScopePrincipal = Pick<
  Principal,
  'userId' | 'userType' | 'organizationId' | 'roleInOrganizationCode' | 'firmId'
>;

/** The scope a caller's lists are counted under (`invoice_list_counts.scope`), when they see all of it. */
export function countedScopeOf(principal: ScopePrincipal): string | undefined {
  if (isOffice(principal)) return principal.firmId ? `f:${principal.firmId}` : undefined;
  if (!principal.organizationId) return `u:${principal.userId}`;
  if (principal.roleInOrganizationCode === OrganizationRole.Administrator)
    return `o:${principal.organizationId}`;
  return undefined;
}

/**
 * The invoices a list may show, and whether that condition reads the request (joined by the caller).
 * The client scope column is indexed with the lists' default order, so a page stops after its rows.
 */
export function listScopeOf(principal: Principal): { where: SQL; readsRequest: boolean } {
  const scope = isOffice(principal) ? undefined : countedScopeOf(principal);
  if (scope === undefined) return { where: invoiceScope(principal), readsRequest: !isOffice(principal) };
  return {
    where: and(eq(invoices.clientScope, scope), ne(invoices.status, 'draft')) ?? sql`false`,
    readsRequest: false,
  };
}

/** The counted buckets (see the table) each view is made of; drafts are not counted. */
const bucketsOf: Partial<Record<ListQuery['view'], string[]>> = {
  unpaid: ['unpaid'],
  overdue: ['unpaid'],
  paid: ['paid'],
  void: ['void'],
  issued: ['unpaid', 'settled', 'paid', 'void'],
};

/**
 * The count and balance sum of a list from the kept counts, when the caller has a counted scope and
 * the list narrows by view and due date only; undefined when they must be counted from the rows.
 */
export function countedTotalsQuery(db: Executor, principal: Principal, query: ListQuery, today: string) {
  const scope = countedScopeOf(principal);
  const buckets = bucketsOf[query.view];
  const narrowed =
    query.state ??
    query.from ??
    query.to ??
    query.minAmount ??
    query.maxAmount ??
    query.counterpartyId ??
    query.q;
  if (scope === undefined || buckets === undefined || narrowed !== undefined) return undefined;
  const filters = [eq(invoiceListCounts.scope, scope), inArray(invoiceListCounts.bucket, buckets)];
  if (query.view === 'overdue') filters.push(lt(invoiceListCounts.dueDate, today));
  if (query.dueBy) filters.push(lte(invoiceListCounts.dueDate, query.dueBy));
  return db
    .select({
      n: sql<number>`coalesce(sum(${invoiceListCounts.n}), 0)::int`.mapWith(Number),
      balanceSum: sql<number>`coalesce(sum(${invoiceListCounts.balanceSum}), 0)::bigint`.mapWith(Number),
    })
    .from(invoiceListCounts)
    .where(and(...filters));
}
