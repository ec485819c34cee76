import { refuse, type BillingProfile, type billingProfileBodySchema, type Refused } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { firms } from '../../db/schema/index.js';
import { diff, recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';

/*
 * The office's billing details (registration number, individual or corporation, bank account,
 * invoice notes): columns of `firms` kept out of the directory profile every client reads.
 * Invoices already issued keep what was printed (their snapshots); only later ones use a change.
 */

export type BillingProfileInput = z.output<typeof billingProfileBodySchema>;

const columns = {
  qualifiedInvoiceNumber: firms.qualifiedInvoiceNumber,
  individual: firms.individual,
  bankAccount: firms.bankAccount,
  invoiceNotes: firms.invoiceNotes,
};

export async function getBillingProfile(
  db: Executor,
  principal: Pick<Principal, 'firmId'>,
): Promise<BillingProfile | Refused> {
  if (!principal.firmId) return refuse('noFirm');
  const [row] = await db.select(columns).from(firms).where(eq(firms.id, principal.firmId)).limit(1);
  return row ?? refuse('noFirm');
}

/** Saves the billing details; history `firm.update` with the fields that changed. */
export async function updateBillingProfile(
  db: Executor,
  principal: Pick<Principal, 'firmId'>,
  body: BillingProfileInput,
  actor: ActorContext,
): Promise<BillingProfile | Refused> {
  const firmId = principal.firmId;
  if (!firmId) return refuse('noFirm');
  return db.transaction(async (tx): Promise<BillingProfile | Refused> => {
    const [before] = await tx.select(columns).from(firms).where(eq(firms.id, firmId)).for('update');
    if (!before) return refuse('noFirm');
    const values: BillingProfile = {
      qualifiedInvoiceNumber: body.qualifiedInvoiceNumber ?? null,
      individual: body.individual,
      bankAccount: body.bankAccount ?? null,
      invoiceNotes: body.invoiceNotes ?? null,
    };
    const changes = diff(before, values);
    const [after] = await tx
      .update(firms)
      .set({ ...values, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(firms.id, firmId))
      .returning(columns);
    if (!after) throw new Error('firm update returned no row');
    if (Object.keys(changes).length > 0) {
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'firm.update',
        entityType: 'firm',
        entityId: firmId,
        changes: { billing: changes },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    return after;
  });
}
