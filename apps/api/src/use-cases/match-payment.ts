import { isRefused, type Payment, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import {
  lockAllocatable,
  lockOwnUnconfirmed,
  readPayment,
  recordAllocationHistory,
  replaceAllocations,
  touchPayment,
  type Allocation,
} from '../repositories/billing/payments/index.js';
import type { ActorContext } from '../repositories/users.js';
import type { PaymentDeps } from './payment-mails.js';

/**
 * The office replaces the allocations of an unconfirmed transfer of its own: matching an incoming
 * transfer, or correcting a client's (PUT /patent/payments/:paymentId/allocations). In one transaction:
 * the payment is locked (the office's, not confirmed), the new invoices are locked and checked as
 * for a new transfer (leaving this payment's own allocations out of their balances), the
 * allocations are replaced with `payment.record` (matched) on each request now paid into, and the
 * open screens are told at commit.
 */
export async function matchPayment(
  deps: Omit<PaymentDeps, 'queue' | 'link'>,
  input: { principal: Principal; actor: ActorContext; paymentId: string; allocations: Allocation[] },
): Promise<Payment | Refused> {
  const { principal, actor, allocations } = input;
  return deps.db.transaction(async (tx) => {
    const payment = await lockOwnUnconfirmed(tx, principal, input.paymentId);
    if (isRefused(payment)) return payment;
    const locked = await lockAllocatable(tx, principal, allocations, payment.amount, {
      firmId: payment.firmId,
      billed: payment,
      exceptPaymentId: payment.id,
    });
    if (isRefused(locked)) return locked;
    await replaceAllocations(tx, payment.id, allocations);
    await touchPayment(tx, payment.id, actor);
    await recordAllocationHistory(tx, payment.id, locked, allocations, actor, { matched: true });
    await publishBillingChange(tx, deps.bus, 'payment', payment.id);
    return readPayment(tx, payment.id);
  });
}
