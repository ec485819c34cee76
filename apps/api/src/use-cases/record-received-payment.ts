import {
  isRefused,
  refuse,
  refusePaidInFuture,
  todayInJapan,
  type Payment,
  type Refused,
  type recordReceivedPaymentBodySchema,
} from '@ipportal/domain';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import {
  findBilledClient,
  insertAllocations,
  insertPayment,
  lockAllocatable,
  readPayment,
  recordAllocationHistory,
} from '../repositories/billing/payments/index.js';
import type { ActorContext } from '../repositories/users.js';
import type { PaymentDeps } from './payment-mails.js';

/**
 * The office records a transfer it received from one of its clients (a client it has issued an
 * invoice to), matched to invoices now or later (POST /patent/payments/received). In one transaction: the
 * client is found among the office's billed ones, the invoices of any allocations are locked and
 * checked, the payment and its allocations are written with `payment.record` on each request
 * paid into, and the open screens are told at commit. Nobody is mailed: the office itself knows.
 */
export async function recordReceivedPayment(
  deps: Omit<PaymentDeps, 'queue' | 'link'>,
  input: {
    principal: Principal;
    actor: ActorContext;
    body: z.output<typeof recordReceivedPaymentBodySchema>;
  },
): Promise<Payment | Refused> {
  const { principal, actor, body } = input;
  const firmId = principal.firmId;
  if (!firmId) return refuse('paymentClientNotFound');
  const inFuture = refusePaidInFuture(body.paidOn, todayInJapan());
  if (inFuture) return inFuture;
  return deps.db.transaction(async (tx) => {
    const billed = await findBilledClient(tx, firmId, body.clientId);
    if (isRefused(billed)) return billed;
    const locked = await lockAllocatable(tx, principal, body.allocations, body.amount, { firmId, billed });
    if (isRefused(locked)) return locked;
    const paymentId = await insertPayment(
      tx,
      { firmId, billed, recordedBySide: 'office', transfer: body },
      actor,
    );
    await insertAllocations(tx, paymentId, body.allocations);
    await recordAllocationHistory(tx, paymentId, locked, body.allocations, actor);
    await publishBillingChange(tx, deps.bus, 'payment', paymentId);
    return readPayment(tx, paymentId);
  });
}
