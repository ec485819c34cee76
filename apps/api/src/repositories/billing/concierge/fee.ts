import { computeTotals, type Concierge, type LineInput } from '@ipportal/domain';
import type { Executor } from '../../../db/client.js';
import { type firms, invoiceItems, invoices, type requests } from '../../../db/schema/index.js';
import type { ActorContext } from '../../users.js';
import { billedOfProject, computeDocumentTotals, itemValuesOf, totalColumnsOf } from '../common.js';

/** The fee's one line, as the fee invoice bills it (10% taxable). */
function feeLine(feeYen: number): LineInput {
  return {
    description: 'コンシェルジュサービス料 / Concierge service fee',
    quantity: '1',
    unitPrice: String(feeYen),
    taxClass: 'taxable10',
    currency: 'JPY',
    exchangeRate: null,
  };
}

/** The price a client reads before turning the service on: the same computation as the fee invoice's. */
export function feeOf(feeYen: number): Concierge['fee'] {
  const totals = computeTotals([feeLine(feeYen)], { withholding: false });
  return { amountYen: totals.subtotal, taxYen: totals.tax, totalYen: totals.total };
}

/**
 * The fee invoice's draft, billed to whoever the matter bills: one 10% taxable line of the fee,
 * totals as every draft's. It is issued at once by the one issuing path (`issueDraft`).
 */
export async function writeFeeDraft(
  tx: Executor,
  input: {
    id: string;
    firm: typeof firms.$inferSelect;
    request: typeof requests.$inferSelect;
    feeYen: number;
    transactionDate: string;
    actor: ActorContext;
  },
): Promise<void> {
  const lines: LineInput[] = [feeLine(input.feeYen)];
  const totals = computeDocumentTotals(lines, input.firm.individual);
  await tx.insert(invoices).values({
    id: input.id,
    projectId: input.request.projectId,
    requestId: input.request.id,
    firmId: input.firm.id,
    ...(await billedOfProject(tx, input.request.projectId)),
    transactionDate: input.transactionDate,
    ...totalColumnsOf(totals),
    createdBy: input.actor.userId,
    updatedBy: input.actor.userId,
  });
  await tx
    .insert(invoiceItems)
    .values(itemValuesOf(totals).map((item) => ({ ...item, invoiceId: input.id })));
}
