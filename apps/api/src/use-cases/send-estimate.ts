import { refuse, webPathOf, type Deal, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import { freezeDocument } from '../repositories/billing/document-core/freeze.js';
import { changeOwnDeal, estimateOf, type DealParams } from '../repositories/billing/estimates/access.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { readDeal } from '../repositories/billing/estimates/read.js';
import type { StoredDeal } from '../repositories/billing/estimates/rows.js';
import { lockRevisedDeal, markSent, markSuperseded } from '../repositories/billing/estimates/writes.js';
import { recipientsOf } from '../repositories/request-viewers.js';
import type { ActorContext } from '../repositories/users.js';
import type { BillingDeps } from './billing-deps.js';

/**
 * The office sends a draft estimate, in one transaction: its totals computed again and both
 * parties frozen into the snapshots, the version it revises superseded (unless the client
 * accepted it or the office withdrew it meanwhile), the history written, every client-side reader
 * of the request but the sender mailed in their language, and open screens told at commit.
 */
export async function sendEstimate(
  deps: BillingDeps,
  input: { principal: Principal; actor: ActorContext; params: DealParams },
): Promise<Deal | Refused> {
  const { principal, actor } = input;
  return changeOwnDeal(deps.db, input, async (tx, found): Promise<Deal | Refused> => {
    const { deal, request } = found;
    if (deal.status !== 'draft') return refuse('dealNotDraft');
    const frozen = await freezeDocument(tx, 'deal', deal);
    if (frozen.lineCount === 0) return refuse('invoiceNeedsLines');
    let revised: StoredDeal | undefined;
    if (deal.supersedesDealId) {
      revised = await lockRevisedDeal(tx, deal.supersedesDealId);
      if (!revised || !['sent', 'declined'].includes(revised.status)) return refuse('dealNotRevisable');
    }
    const now = new Date();
    await markSent(tx, deal.id, frozen, actor, now);
    if (revised) await markSuperseded(tx, revised.id, actor, now);
    await recordDocumentHistory(tx, estimateOf(deal.id, request), actor, 'estimate.send', {
      name: deal.number,
      version: deal.version,
      total: frozen.totals.total,
      validUntil: deal.validUntil,
      ...(revised ? { supersedes: revised.version } : {}),
    });
    const url = deps.link(
      webPathOf('estimate', { projectId: request.projectId, requestId: request.number, dealId: deal.id }),
    );
    for (const recipient of await recipientsOf(tx, request, 'client', actor.userId)) {
      await deps.queue(tx, {
        to: recipient.email,
        locale: recipient.locale,
        template: 'estimateSent',
        params: {
          firmName: frozen.issuer.name,
          number: deal.number,
          version: deal.version,
          title: deal.title,
          reference: found.refrenceCode,
          requestName: request.name,
          url,
        },
        dedupeKey: `estimateSent:${deal.id}:${recipient.userId}`,
        reference: `deal:${deal.id}`,
      });
    }
    await publishBillingChange(tx, deps.bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}
