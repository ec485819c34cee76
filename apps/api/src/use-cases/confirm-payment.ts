import { isRefused, refuse, type Payment, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { clientRecipients } from '../repositories/billing/billing-notices.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import {
  allocatedSums,
  allocationsOf,
  lockInvoices,
  lockOwnUnconfirmed,
  markInvoicePaid,
  markPaymentConfirmed,
  numbersOf,
  readPayment,
  recordConfirmHistory,
  type LockedInvoice,
} from '../repositories/billing/payments/index.js';
import type { ActorContext } from '../repositories/users.js';
import { paymentConfirmedMail, type PaymentDeps } from './payment-mails.js';

/**
 * The issuing office confirms receipt of a transfer (POST /patent/payments/:paymentId/confirmation). In one
 * transaction: the payment (the office's, not confirmed) and the invoices it pays are locked, the
 * payment becomes confirmed, each request paid into gets `payment.confirm`, and every invoice
 * whose confirmed allocations now cover its amount to transfer becomes paid (`invoice.paid`; a
 * concierge fee invoice moves its request's concierge state to paid). Each client-side reader is
 * mailed about the invoices of the requests it sees, and the open screens are told at commit.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  input: { principal: Principal; actor: ActorContext; paymentId: string },
): Promise<Payment | Refused> {
  const { principal, actor } = input;
  return deps.db.transaction(async (tx) => {
    const payment = await lockOwnUnconfirmed(tx, principal, input.paymentId);
    if (isRefused(payment)) return payment;
    const allocations = await allocationsOf(tx, payment.id);
    const locked = await lockInvoices(
      tx,
      principal,
      allocations.map((allocation) => allocation.invoiceId),
    );
    if (locked.some((invoice) => invoice.status === 'paid')) return refuse('invoiceAlreadyPaid');
    const now = new Date();
    await markPaymentConfirmed(tx, payment.id, now, actor);
    const confirmed = await allocatedSums(
      tx,
      locked.map((invoice) => invoice.id),
      { confirmedOnly: true },
    );
    const paid: LockedInvoice[] = [];
    for (const invoice of locked) {
      const amount = allocations.find((allocation) => allocation.invoiceId === invoice.id)?.amount ?? 0;
      await recordConfirmHistory(tx, payment.id, invoice, amount, actor);
      if (invoice.status !== 'issued' || (confirmed.get(invoice.id) ?? 0) < invoice.amountToTransfer)
        continue;
      await markInvoicePaid(tx, invoice, now, actor);
      paid.push(invoice);
    }
    const result = await readPayment(tx, payment.id);
    const recipients = await clientRecipients(
      tx,
      locked.map((invoice) => invoice.requestId),
      payment,
    );
    for (const recipient of recipients) {
      // Each reader is told only of the invoices of requests it sees.
      const sees = (invoice: LockedInvoice) =>
        !recipient.requestIds || recipient.requestIds.has(invoice.requestId);
      const numbers = {
        invoiceNumbers: numbersOf(locked.filter(sees), allocations),
        paidInvoiceNumbers: numbersOf(paid.filter(sees), allocations),
      };
      await deps.queue(tx, paymentConfirmedMail(recipient, result, numbers, deps.link));
    }
    await publishBillingChange(tx, deps.bus, 'payment', payment.id);
    return result;
  });
}
