import {
  isRefused,
  refusePaidInFuture,
  todayInJapan,
  type Payment,
  type Refused,
  type recordPaymentBodySchema,
} from '@ipportal/domain';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import { officeRecipients } from '../repositories/billing/billing-notices.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import {
  insertAllocations,
  insertPayment,
  lockAllocatable,
  numbersOf,
  readPayment,
  recordAllocationHistory,
} from '../repositories/billing/payments/index.js';
import type { ActorContext } from '../repositories/users.js';
import { paymentRecordedMail, type PaymentDeps } from './payment-mails.js';

/**
 * The client reports one transfer paying issued, unpaid invoices of one office that it may see
 * (POST /user/payments). In one transaction: the invoices are locked and checked (visible to the
 * caller, one office, one client, each allocation within its balance), the payment and its
 * allocations are written with `payment.record` on each request paid into, the office's users
 * are mailed to confirm receipt, and the open screens are told at commit.
 */
export async function recordClientPayment(
  deps: PaymentDeps,
  input: { principal: Principal; actor: ActorContext; body: z.output<typeof recordPaymentBodySchema> },
): Promise<Payment | Refused> {
  const { principal, actor, body } = input;
  const inFuture = refusePaidInFuture(body.paidOn, todayInJapan());
  if (inFuture) return inFuture;
  return deps.db.transaction(async (tx) => {
    const locked = await lockAllocatable(tx, principal, body.allocations, body.amount, {});
    if (isRefused(locked)) return locked;
    // Checked above: every invoice is of one office and billed to one client.
    const first = locked[0]!;
    const paymentId = await insertPayment(
      tx,
      {
        firmId: first.firmId,
        billed: { billedOrganizationId: first.billedOrganizationId, billedUserId: first.billedUserId },
        recordedBySide: 'client',
        transfer: body,
      },
      actor,
    );
    await insertAllocations(tx, paymentId, body.allocations);
    await recordAllocationHistory(tx, paymentId, locked, body.allocations, actor);
    const payment = await readPayment(tx, paymentId);
    const invoiceNumbers = numbersOf(locked, body.allocations);
    for (const recipient of await officeRecipients(tx, first.firmId)) {
      await deps.queue(tx, paymentRecordedMail(recipient, payment, invoiceNumbers, deps.link));
    }
    await publishBillingChange(tx, deps.bus, 'payment', paymentId);
    return payment;
  });
}
