import { refuse, type Deal, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import { changeOwnDeal, estimateOf, type DealParams } from '../repositories/billing/estimates/access.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { readDeal } from '../repositories/billing/estimates/read.js';
import { markWithdrawn } from '../repositories/billing/estimates/writes.js';
import type { ActorContext } from '../repositories/users.js';
import type { BillingDeps } from './billing-deps.js';

/**
 * The office withdraws a sent estimate, with an optional reason, in one transaction with its
 * history; the client side's open screens hear of it at commit (no mail is sent).
 */
export async function withdrawEstimate(
  deps: Pick<BillingDeps, 'db' | 'bus'>,
  input: { principal: Principal; actor: ActorContext; params: DealParams; reason: string | undefined },
): Promise<Deal | Refused> {
  const { principal, actor } = input;
  const reason = input.reason ?? null;
  return changeOwnDeal(deps.db, input, async (tx, found): Promise<Deal | Refused> => {
    const { deal, request } = found;
    if (deal.status !== 'sent') return refuse('dealNotSent');
    await markWithdrawn(tx, deal.id, reason, actor);
    await recordDocumentHistory(tx, estimateOf(deal.id, request), actor, 'estimate.withdraw', {
      name: deal.number,
      version: deal.version,
      reason,
    });
    await publishBillingChange(tx, deps.bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}
