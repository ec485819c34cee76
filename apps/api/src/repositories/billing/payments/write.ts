import type { recordPaymentBodySchema } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import type { ActorContext } from '../../users.js';
import type { Billed } from './locks.js';

/** The transfer as either side reports it; its allocations are written apart (allocations.ts). */
export type TransferFields = Pick<
  z.output<typeof recordPaymentBodySchema>,
  'paidOn' | 'amount' | 'remitterName' | 'bankFeeBorneBy' | 'note'
>;

/** A new, unconfirmed payment to `firmId` from the billed client; returns its id. */
export async function insertPayment(
  tx: Executor,
  payment: { firmId: string; billed: Billed; recordedBySide: 'client' | 'office'; transfer: TransferFields },
  actor: ActorContext,
): Promise<string> {
  const { transfer } = payment;
  const [created] = await tx
    .insert(payments)
    .values({
      firmId: payment.firmId,
      ...payment.billed,
      recordedBySide: payment.recordedBySide,
      paidOn: transfer.paidOn,
      amount: transfer.amount,
      remitterName: transfer.remitterName,
      bankFeeBorneBy: transfer.bankFeeBorneBy,
      note: transfer.note ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: payments.id });
  if (!created) throw new Error('payment insert returned no row');
  return created.id;
}

/** Who changed a payment last, and when. */
export async function touchPayment(tx: Executor, paymentId: string, actor: ActorContext): Promise<void> {
  await tx
    .update(payments)
    .set({ updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(payments.id, paymentId));
}

/** The office has seen the transfer arrive. */
export async function markPaymentConfirmed(
  tx: Executor,
  paymentId: string,
  now: Date,
  actor: ActorContext,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmedBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(eq(payments.id, paymentId));
}
