import { formatYen, webPathOf, type Payment } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import type { Publisher } from '../events/index.js';
import type { MailQueue, QueuedMail } from '../mail/index.js';
import { mailDay, type PortalLink } from '../repositories/billing/billing-notices.js';
import type { MailRecipient } from '../repositories/request-viewers.js';

/** What the payment use cases write with and tell through. */
export interface PaymentDeps {
  db: Executor;
  /** The outbox the mails are queued in, with the change that causes them. */
  queue: MailQueue;
  /** An absolute portal link for the mails. */
  link: PortalLink;
  /** Tells the open screens of the office and the client side who see the payment, at commit. */
  bus: Publisher;
}

/*
 * The mails of a payment, in each recipient's language: amounts and days are written here, the
 * wording is the template's (mail/templates). One mail per payment and recipient, ever.
 */

/** To an office user: a client reports a transfer; the office is to confirm its receipt. */
export function paymentRecordedMail(
  recipient: MailRecipient,
  payment: Payment,
  invoiceNumbers: string[],
  link: PortalLink,
): QueuedMail<'paymentRecorded'> {
  return {
    to: recipient.email,
    locale: recipient.locale,
    template: 'paymentRecorded',
    params: {
      clientName: payment.client.name,
      amount: formatYen(payment.amount, recipient.locale),
      paidOn: mailDay(recipient.locale, payment.paidOn),
      remitterName: payment.remitterName,
      invoiceNumbers,
      url: link(webPathOf('invoiceManage')),
    },
    dedupeKey: `payment-recorded:${payment.id}:${recipient.userId}`,
    reference: `payment:${payment.id}`,
  };
}

/** To a client-side reader: the office confirmed the transfer; `paidInvoiceNumbers` are settled. */
export function paymentConfirmedMail(
  recipient: MailRecipient,
  payment: Payment,
  numbers: { invoiceNumbers: string[]; paidInvoiceNumbers: string[] },
  link: PortalLink,
): QueuedMail<'paymentConfirmed'> {
  return {
    to: recipient.email,
    locale: recipient.locale,
    template: 'paymentConfirmed',
    params: {
      firmName: payment.firm.name,
      amount: formatYen(payment.amount, recipient.locale),
      paidOn: mailDay(recipient.locale, payment.paidOn),
      ...numbers,
      url: link(webPathOf('paidInvoices')),
    },
    dedupeKey: `payment-confirmed:${payment.id}:${recipient.userId}`,
    reference: `payment:${payment.id}`,
  };
}
