import { todayInJapan } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { invoiceListVersions } from '../../db/schema/index.js';
import { listInvoices, type InvoiceListPage, type InvoiceListQuery } from './invoice-list.js';
import { countedScopeOf } from './invoice-list-scope.js';

/*
 * Invoice list pages kept in this process (docs/adr/0056): everyone of a counted scope (an office,
 * an organization's administrators, the owner of matters without an organization) sees the same
 * page for the same query on the same day, and the scope's version in invoice_list_versions grows
 * in the same transaction as anything that page shows. A page is answered again while the version
 * stays: one indexed read of one row instead of the page's joins. Another process's writes bump
 * the same row, so each process's pages are as fresh as the database.
 */

interface KeptPage {
  version: number;
  page: InvoiceListPage;
}

/** Pages by scope, day and query; the least recently used go first past the limit. */
const keptPages = new Map<string, KeptPage>();
const keptPagesLimit = 500;

function keep(key: string, kept: KeptPage): void {
  keptPages.delete(key);
  keptPages.set(key, kept);
  if (keptPages.size > keptPagesLimit) {
    const oldest = keptPages.keys().next().value;
    if (oldest !== undefined) keptPages.delete(oldest);
  }
}

/** The scope's version: 0 until the first change after the table was made. */
async function versionOf(db: Executor, scope: string): Promise<number> {
  const [row] = await db
    .select({ version: invoiceListVersions.version })
    .from(invoiceListVersions)
    .where(eq(invoiceListVersions.scope, scope));
  return row?.version ?? 0;
}

/**
 * GET /invoices: the page `listInvoices` gives, kept while the caller's scope has not changed.
 * A member who sees only some of the organization's matters has no counted scope and is always
 * answered from the rows.
 */
export async function invoiceListPage(
  db: Executor,
  principal: Principal,
  query: InvoiceListQuery,
): Promise<InvoiceListPage> {
  const scope = countedScopeOf(principal);
  if (scope === undefined) return listInvoices(db, principal, query);
  // Read before the page, so a page kept under a version is never older than that version.
  const version = await versionOf(db, scope);
  const key = JSON.stringify([scope, todayInJapan(), query]);
  const kept = keptPages.get(key);
  if (kept?.version === version) {
    keep(key, kept);
    return kept.page;
  }
  const page = await listInvoices(db, principal, query);
  keep(key, { version, page });
  return page;
}
