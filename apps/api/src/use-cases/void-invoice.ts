import { isRefused, refuse, type Invoice, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { invoiceOf, lockOwnInvoice } from '../repositories/billing/invoices/access.js';
import { readInvoice } from '../repositories/billing/invoices/read.js';
import { countAllocations, markVoid } from '../repositories/billing/invoices/writes.js';
import type { ActorContext } from '../repositories/users.js';
import type { BillingDeps } from './billing-deps.js';

/**
 * The issuing office voids an issued invoice with a reason, in one transaction with its history;
 * one with any payment allocated to it is refused. The client side's open screens hear of it at
 * commit (no mail is sent). Its number stays used: a replacement or credit note names it.
 */
export async function voidInvoice(
  deps: Pick<BillingDeps, 'db' | 'bus'>,
  input: { principal: Principal; actor: ActorContext; invoiceId: string; reason: string },
): Promise<Invoice | Refused> {
  const { principal, actor, reason } = input;
  return deps.db.transaction(async (tx): Promise<Invoice | Refused> => {
    const invoice = await lockOwnInvoice(tx, principal, input.invoiceId);
    if (isRefused(invoice)) return invoice;
    if (invoice.status === 'draft' || invoice.status === 'void') return refuse('invoiceNotIssued');
    const allocated = await countAllocations(tx, invoice.id);
    if (allocated > 0 || invoice.status !== 'issued') return refuse('invoiceHasPayments');
    await markVoid(tx, invoice.id, reason, actor);
    await recordDocumentHistory(tx, invoiceOf(invoice), actor, 'invoice.void', {
      name: invoice.number,
      reason,
    });
    await publishBillingChange(tx, deps.bus, 'invoice', invoice.id);
    return readInvoice(tx, principal, invoice.id);
  });
}
