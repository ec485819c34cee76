import { isRefused, refuse, todayInJapan, webPathOf, type Deal, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import { officeRecipients } from '../repositories/billing/billing-notices.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import { isOffice } from '../repositories/billing/document-core/drafts.js';
import { estimateOf, lockDeal, type DealParams } from '../repositories/billing/estimates/access.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { deciderName } from '../repositories/billing/estimates/decider.js';
import { readDeal } from '../repositories/billing/estimates/read.js';
import { dealStatusOf } from '../repositories/billing/estimates/rows.js';
import { markDecided, startOrderedWork, type Decision } from '../repositories/billing/estimates/writes.js';
import type { ActorContext } from '../repositories/users.js';
import type { BillingDeps } from './billing-deps.js';

interface DecideInput {
  principal: Principal;
  actor: ActorContext;
  params: DealParams;
}

/** The client side accepts a sent estimate that has not expired: an order. */
export function acceptEstimate(deps: BillingDeps, input: DecideInput): Promise<Deal | Refused> {
  return decideEstimate(deps, input, { accept: true });
}

/** The client side declines a sent estimate, with a reason the office is mailed. */
export function declineEstimate(
  deps: BillingDeps,
  input: DecideInput & { reason: string },
): Promise<Deal | Refused> {
  return decideEstimate(deps, input, { accept: false, reason: input.reason });
}

/**
 * One transaction: the estimate row locked (of two acceptances racing, the second finds it
 * accepted: 409), the decision stored, a request still "not supported" moved to "external
 * handling in progress" on acceptance, the history written, the estimate's own office mailed in
 * each user's language, and open screens told at commit.
 */
async function decideEstimate(
  deps: BillingDeps,
  input: DecideInput,
  decision: Decision,
): Promise<Deal | Refused> {
  const { principal, actor } = input;
  return deps.db.transaction(async (tx): Promise<Deal | Refused> => {
    if (isOffice(principal)) return refuse('dealNotFound');
    const found = await lockDeal(tx, principal, input.params);
    if (isRefused(found)) return found;
    const { deal, request } = found;
    if (deal.status !== 'sent') return refuse('dealNotSent');
    if (decision.accept && dealStatusOf(deal, todayInJapan()) === 'expired') return refuse('dealExpired');
    const now = new Date();
    await markDecided(tx, deal.id, decision, actor, now);
    const requestStatus = decision.accept ? await startOrderedWork(tx, request.id, actor, now) : undefined;
    await recordDocumentHistory(
      tx,
      estimateOf(deal.id, request),
      actor,
      decision.accept ? 'estimate.accept' : 'estimate.decline',
      {
        name: deal.number,
        version: deal.version,
        ...(decision.accept ? {} : { reason: decision.reason }),
        ...(requestStatus ? { requestStatus } : {}),
      },
    );
    const params = {
      clientName: await deciderName(tx, actor.userId),
      number: deal.number,
      version: deal.version,
      title: deal.title,
      requestName: request.name,
      url: deps.link(
        webPathOf('estimate', { projectId: request.projectId, requestId: request.number, dealId: deal.id }),
      ),
    };
    // The estimate's own office, not the whole office side: a coordinating concierge never
    // learns of the office's money (ADR 0019).
    for (const recipient of await officeRecipients(tx, deal.firmId)) {
      const mail = { to: recipient.email, locale: recipient.locale, reference: `deal:${deal.id}` };
      if (decision.accept) {
        await deps.queue(tx, {
          ...mail,
          template: 'estimateAccepted',
          params,
          dedupeKey: `estimateAccepted:${deal.id}:${recipient.userId}`,
        });
      } else {
        await deps.queue(tx, {
          ...mail,
          template: 'estimateDeclined',
          params: { ...params, reason: decision.reason },
          dedupeKey: `estimateDeclined:${deal.id}:${recipient.userId}`,
        });
      }
    }
    await publishBillingChange(tx, deps.bus, 'deal', deal.id);
    return readDeal(tx, principal, deal.id);
  });
}
