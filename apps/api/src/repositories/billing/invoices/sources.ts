import { refuse, type LineInput, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { deals, invoices } from '../../../db/schema/index.js';
import type { VisibleRequest } from '../../request-access.js';
import { storedLineInputs } from '../document-core/lines.js';
import { negatedLine } from '../document-core/totals.js';

/*
 * Where a new invoice's lines come from when the office gives none: the accepted estimate it
 * bills, or the issued invoice it corrects (negated for a credit note). Either must be of the
 * same request and office.
 */

export async function acceptedEstimateLines(
  tx: Executor,
  request: VisibleRequest,
  dealId: string,
): Promise<{ lines: () => Promise<LineInput[]> } | Refused<'dealNotFound' | 'dealNotAccepted'>> {
  const [deal] = await tx
    .select({ id: deals.id, status: deals.status })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.requestId, request.id), eq(deals.firmId, request.firmId)));
  if (!deal) return refuse('dealNotFound');
  if (deal.status !== 'accepted') return refuse('dealNotAccepted');
  return { lines: () => storedLineInputs(tx, 'deal', deal.id) };
}

export async function correctedInvoiceLines(
  tx: Executor,
  request: VisibleRequest,
  correctsInvoiceId: string,
  kind: 'invoice' | 'creditNote',
): Promise<{ lines: () => Promise<LineInput[]> } | Refused<'invoiceNotFound' | 'invoiceNotIssued'>> {
  const [corrected] = await tx
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(
      and(
        eq(invoices.id, correctsInvoiceId),
        eq(invoices.requestId, request.id),
        eq(invoices.firmId, request.firmId),
      ),
    );
  if (!corrected) return refuse('invoiceNotFound');
  if (corrected.status === 'draft') return refuse('invoiceNotIssued');
  return {
    lines: async () => {
      const lines = await storedLineInputs(tx, 'invoice', corrected.id);
      return kind === 'creditNote' ? lines.map(negatedLine) : lines;
    },
  };
}
