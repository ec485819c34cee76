import { refuse, type Refused } from '@ipportal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { invoices } from '../../../db/schema/index.js';
import type { Billed } from './locks.js';

/**
 * The client an office names for a transfer it received, as its invoices bill them: an
 * organization, or a user billed without one. Only a client the office has issued an invoice to
 * (drafts do not count).
 */
export async function findBilledClient(
  tx: Executor,
  firmId: string,
  clientId: string,
): Promise<Billed | Refused<'paymentClientNotFound'>> {
  const [client] = await tx
    .select({
      billedOrganizationId: invoices.billedOrganizationId,
      billedUserId: invoices.billedUserId,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.firmId, firmId),
        sql`${invoices.status} <> 'draft'`,
        sql`(${invoices.billedOrganizationId} = ${clientId} or (${invoices.billedOrganizationId} is null and ${invoices.billedUserId} = ${clientId}))`,
      ),
    )
    .limit(1);
  if (!client) return refuse('paymentClientNotFound');
  return client.billedOrganizationId
    ? { billedOrganizationId: client.billedOrganizationId, billedUserId: null }
    : { billedOrganizationId: null, billedUserId: client.billedUserId };
}
