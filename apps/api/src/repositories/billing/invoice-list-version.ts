import { todayInJapan } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { invoiceListVersions } from '../../db/schema/index.js';
import type { KeptVersion } from '../../http/kept-answers.js';
import type { InvoiceListQuery } from './invoice-list.js';
import { countedScopeOf } from './invoice-list-scope.js';

/*
 * Which version of a list page the caller would read (docs/adr/0056): everyone of a counted scope
 * (an office, an organization's administrators, the owner of matters without an organization)
 * sees the same page for the same query on the same day, and the scope's version in
 * invoice_list_versions grows in the same transaction as anything that page shows. Another
 * process's writes bump the same row, so a page kept under the version is as fresh as the database.
 */

/**
 * The caller's list page as a key and version, read before the page itself so that a page kept
 * under a version is never older than it; undefined for a member who sees only some of the
 * organization's matters, whose page is read from the rows every time.
 */
export async function invoiceListVersion(
  db: Executor,
  principal: Principal,
  query: InvoiceListQuery,
): Promise<KeptVersion | undefined> {
  const scope = countedScopeOf(principal);
  if (scope === undefined) return undefined;
  const [row] = await db
    .select({ version: invoiceListVersions.version })
    .from(invoiceListVersions)
    .where(eq(invoiceListVersions.scope, scope));
  // 0 until the scope's first change after the table was made.
  return { key: JSON.stringify(['invoices', scope, todayInJapan(), query]), version: row?.version ?? 0 };
}
