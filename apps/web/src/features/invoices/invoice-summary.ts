import type { Invoice, InvoiceSummary } from '@ipportal/domain';

/** An invoice as the lists show it, for paying one invoice from its own page. */
export function summaryOf(invoice: Invoice): InvoiceSummary {
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    status: invoice.status,
    subject: invoice.subject,
    firm: { id: invoice.issuer.id, name: invoice.issuer.name },
    client: { id: invoice.recipient.id, name: invoice.recipient.name },
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    total: invoice.totals.total,
    withholding: invoice.totals.withholding,
    amountToTransfer: invoice.totals.amountToTransfer,
    paidAmount: invoice.paidAmount,
    pendingAmount: invoice.pendingAmount,
    balance: invoice.balance,
    overdue: invoice.overdue,
    withholdingBase: invoice.totals.withholdingBase,
    createdAt: invoice.createdAt,
  };
}
