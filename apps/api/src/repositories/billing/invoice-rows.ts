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

/**
 * The invoice columns a list row and the CSV export show. A list reads only these: the whole row
 * (the frozen parties as JSON, notes, the void and issue records) costs a page of 100 rows several
 * times the time to read, send and parse, and the list shows none of it.
 */
const listedColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  status: invoices.status,
  projectId: invoices.projectId,
  firmId: invoices.firmId,
  issueDate: invoices.issueDate,
  transactionDate: invoices.transactionDate,
  dueDate: invoices.dueDate,
  subtotal: invoices.subtotal,
  tax: invoices.tax,
  total: invoices.total,
  withholdingBase: invoices.withholdingBase,
  withholding: invoices.withholding,
  amountToTransfer: invoices.amountToTransfer,
  paidAmount: invoices.paidAmount,
  pendingAmount: invoices.pendingAmount,
  createdAt: invoices.createdAt,
};

/** The invoices of a list or an export: the listed columns with their names (never the whole row). */
export function selectListedInvoices(db: Executor, withTaxClasses: boolean) {
  const byTaxClass = withTaxClasses ? invoices.byTaxClass : sql<unknown>`null`;
  return joinSubjectAndParties(
    db
      .select({ invoice: { ...listedColumns, byTaxClass }, ...subjectColumns })
      .from(invoices)
      .$dynamic(),
    invoices,
  );
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof selectListedInvoices>['limit']>>[number];
type PayableInvoice = Pick<
  StoredInvoice,
  'status' | 'dueDate' | 'amountToTransfer' | 'paidAmount' | 'pendingAmount'
>;

/** A draft's due date is "the default" until it is issued: shown as if issued today. */
export const dueDateOf = (invoice: Pick<StoredInvoice, 'dueDate'>, today: string) =>
  invoice.dueDate ?? defaultDueDate(today);

/** The payment sums stored with the invoice (kept by triggers on its allocations and payments). */
export function amountsOf(row: { invoice: PayableInvoice }, today: string) {
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

export function toSummary(row: ListedRow, today: string): InvoiceListItem {
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

export const summaryOf = (row: ListedRow, today: string): InvoiceSummary => {
  const { byTaxClass: _b, subtotal: _s, tax: _t, transactionDate: _d, ...summary } = toSummary(row, today);
  return summary;
};

/** The invoices the caller may see: the office's own, or (never drafts) those of visible requests. */
export function invoiceScope(principal: Principal): SQL {
  if (isOffice(principal)) return principal.firmId ? eq(invoices.firmId, principal.firmId) : sql`false`;
  return and(requestScope(principal), ne(invoices.status, 'draft')) ?? sql`false`;
}
