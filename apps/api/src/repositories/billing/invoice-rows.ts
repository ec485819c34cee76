import { defaultDueDate, type InvoiceSummary, type Totals } from '@ipportal/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { requestScope } from '../request-access.js';
import { totalsOf } from './common.js';
import { joinSubjectAndParties, namesOf, subjectColumns } from './document-core/subject.js';

/*
 * The invoice rows every read shares: one select with its names, the stored payment sums, the
 * list summary, and who may see which invoice.
 */

export const isOffice = (principal: Pick<Principal, 'userType'>) => principal.userType === 'PATENT';

export function selectInvoices(db: Executor) {
  return joinSubjectAndParties(
    db
      .select({ invoice: invoices, ...subjectColumns })
      .from(invoices)
      .$dynamic(),
    invoices,
  );
}

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['limit']>>[number];
export type StoredInvoice = typeof invoices.$inferSelect;

/** A draft's due date is "the default" until it is issued: shown as if issued today. */
export const dueDateOf = (invoice: StoredInvoice, today: string) => invoice.dueDate ?? defaultDueDate(today);

/** The payment sums stored with the invoice (kept by triggers on its allocations and payments). */
export function amountsOf(row: InvoiceRow, today: string) {
  const { invoice } = row;
  const balance = invoice.amountToTransfer - invoice.paidAmount - invoice.pendingAmount;
  const overdue = invoice.status === 'issued' && balance > 0 && dueDateOf(invoice, today) < today;
  return { paidAmount: invoice.paidAmount, pendingAmount: invoice.pendingAmount, balance, overdue };
}

export type InvoiceListItem = InvoiceSummary & {
  byTaxClass: Totals['byTaxClass'];
  subtotal: number;
  tax: number;
  transactionDate: string;
};

export function toSummary(row: InvoiceRow, today: string): InvoiceListItem {
  const { invoice } = row;
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    status: invoice.status,
    ...namesOf({ ...row, projectId: invoice.projectId, firmId: invoice.firmId }),
    issueDate: invoice.issueDate,
    dueDate: dueDateOf(invoice, today),
    total: invoice.total,
    withholding: invoice.withholding,
    amountToTransfer: invoice.amountToTransfer,
    ...amountsOf(row, today),
    withholdingBase: invoice.withholdingBase,
    createdAt: invoice.createdAt.toISOString(),
    byTaxClass: totalsOf(invoice).byTaxClass,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    transactionDate: invoice.transactionDate,
  };
}

export const summaryOf = (row: InvoiceRow, today: string): InvoiceSummary => {
  const { byTaxClass: _b, subtotal: _s, tax: _t, transactionDate: _d, ...summary } = toSummary(row, today);
  return summary;
};

/** The invoices the caller may see: the office's own, or (never drafts) those of visible requests. */
export function invoiceScope(principal: Principal): SQL {
  if (isOffice(principal)) return principal.firmId ? eq(invoices.firmId, principal.firmId) : sql`false`;
  return and(requestScope(principal), ne(invoices.status, 'draft')) ?? sql`false`;
}
