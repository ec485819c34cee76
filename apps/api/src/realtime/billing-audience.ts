import type { BillingEvent } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { deals, invoices, payments, projects, requests } from '../db/schema/index.js';
import type { BillingDocument } from '../repositories/billing/billing-signal.js';
import { dealScope } from '../repositories/billing/deals.js';
import { invoiceScope } from '../repositories/billing/invoice-rows.js';
import { paymentScope } from '../repositories/billing/payment-access.js';

/*
 * The `onBillingChanged` topic's audience: an estimate, invoice or payment is passed on only to
 * the users who may read it over REST, decided by the same scopes (ADR 0019: an office's money
 * stays its own; a concierge sees its fee invoices and nothing of the addressed office's).
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A changed document: its event, its issuing office and whom it bills. */
export interface BillingChange {
  document: BillingDocument;
  event: BillingEvent;
  /** The issuing office (the only office that sees the document). */
  firmId: string;
  /** Whom it bills (a payment's readers on the client side belong to this organization or are this user). */
  billedOrganizationId: string | null;
  billedUserId: string | null;
}

const kindOf = { deal: 'estimate', invoice: 'invoice', payment: 'payment' } as const;

/** The document a `billing.changed` signal (`deal:<id>`, `invoice:<id>`, `payment:<id>`) names, or undefined when gone. */
export async function loadBillingChange(db: Executor, signalId: string): Promise<BillingChange | undefined> {
  const [document, id] = signalId.split(':');
  if (!id || !uuid.test(id)) return undefined;
  if (document === 'payment') {
    const [row] = await db
      .select({
        firmId: payments.firmId,
        billedOrganizationId: payments.billedOrganizationId,
        billedUserId: payments.billedUserId,
      })
      .from(payments)
      .where(eq(payments.id, id))
      .limit(1);
    if (!row) return undefined;
    return {
      document,
      event: { kind: 'payment', entityId: id, projectId: null, requestId: null },
      ...row,
    };
  }
  if (document !== 'deal' && document !== 'invoice') return undefined;
  const table = document === 'deal' ? deals : invoices;
  const [row] = await db
    .select({
      firmId: table.firmId,
      billedOrganizationId: table.billedOrganizationId,
      billedUserId: table.billedUserId,
      projectId: requests.projectId,
      number: requests.number,
    })
    .from(table)
    .innerJoin(requests, eq(requests.id, table.requestId))
    .where(eq(table.id, id))
    .limit(1);
  if (!row) return undefined;
  const { projectId, number, ...parties } = row;
  return {
    document,
    event: { kind: kindOf[document], entityId: id, projectId, requestId: number },
    ...parties,
  };
}

/**
 * Whether `principal` may read the changed document: the office that issued it, or a client-side
 * user whom the document's REST scope lets read it (drafts stay the office's).
 */
export async function seesBillingChange(
  db: Executor,
  principal: Principal,
  change: BillingChange,
): Promise<boolean> {
  if (principal.userType === 'PATENT') return principal.firmId === change.firmId;
  const id = change.event.entityId;
  if (change.document === 'payment') {
    // Only the billed side's users can pass the payment's scope: the others need no query.
    const billedSide = change.billedOrganizationId
      ? principal.organizationId === change.billedOrganizationId
      : principal.userId === change.billedUserId;
    return (
      billedSide &&
      found(
        db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.id, id), paymentScope(principal))),
      )
    );
  }
  const [table, scope] =
    change.document === 'deal' ? [deals, dealScope(principal)] : [invoices, invoiceScope(principal)];
  return found(
    db
      .select({ id: table.id })
      .from(table)
      .innerJoin(requests, eq(requests.id, table.requestId))
      .innerJoin(projects, eq(projects.id, table.projectId))
      .where(and(eq(table.id, id), scope)),
  );
}

/** Whether a query finds at least one row (it is asked for one). */
async function found(query: { limit(count: number): PromiseLike<unknown[]> }): Promise<boolean> {
  return (await query.limit(1)).length > 0;
}
