import { eq, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import { firms, type deals, type invoices } from '../../../db/schema/index.js';
import { isOffice } from './drafts.js';
import { clientNameSql } from './parties.js';
import { containsPattern } from './subject.js';

/*
 * The searches every document list offers (a list joined with `joinSubjectAndParties`): a day
 * range, an amount range, the counterparty (the client for an office, the office for a client) and
 * a text found in some columns or the counterparty's name.
 */

export interface DocumentSearch {
  from?: string | undefined;
  to?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  counterpartyId?: string | undefined;
  q?: string | undefined;
}

export function documentSearchFilters(
  principal: Principal,
  query: DocumentSearch,
  table: typeof deals | typeof invoices,
  searched: { day: SQL; texts: readonly (AnyColumn | SQL)[] },
): SQL[] {
  const filters: SQL[] = [];
  if (query.from) filters.push(gte(searched.day, query.from));
  if (query.to) filters.push(lte(searched.day, query.to));
  if (query.minAmount !== undefined) filters.push(gte(table.total, query.minAmount));
  if (query.maxAmount !== undefined) filters.push(lte(table.total, query.maxAmount));
  const counterparty = query.counterpartyId;
  if (counterparty) {
    const clients = or(eq(table.billedOrganizationId, counterparty), eq(table.billedUserId, counterparty));
    filters.push(isOffice(principal) ? (clients ?? sql`false`) : eq(table.firmId, counterparty));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    const name = sql`${counterpartyNameOf(principal)} ilike ${pattern}`;
    const text = or(...searched.texts.map((column) => ilike(column, pattern)), name);
    if (text) filters.push(text);
  }
  return filters;
}

/** The other side's name as the caller's lists show and sort it. */
export const counterpartyNameOf = (principal: Principal): SQL | AnyColumn =>
  isOffice(principal) ? clientNameSql : firms.name;
