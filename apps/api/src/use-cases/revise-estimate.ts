import { refuse, type Deal, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { draftTotals, newDraftColumns } from '../repositories/billing/document-core/drafts.js';
import { storedLineInputs, writeLines } from '../repositories/billing/document-core/lines.js';
import { changeOwnDeal, estimateOf, type DealParams } from '../repositories/billing/estimates/access.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { readDeal } from '../repositories/billing/estimates/read.js';
import { hasRevision, insertDeal } from '../repositories/billing/estimates/writes.js';
import type { ActorContext } from '../repositories/users.js';

/**
 * The office starts a revision of the latest version when it is sent (expired included) or
 * declined: a new draft with the same number, the next version and the same lines, in one
 * transaction with its history. One open revision at a time. Nothing is mailed until it is sent.
 */
export async function reviseEstimate(
  deps: { db: Executor },
  input: { principal: Principal; actor: ActorContext; params: DealParams },
): Promise<Deal | Refused> {
  const { principal, actor } = input;
  return changeOwnDeal(deps.db, input, async (tx, found): Promise<Deal | Refused> => {
    const { deal, request } = found;
    if (deal.status !== 'sent' && deal.status !== 'declined') return refuse('dealNotRevisable');
    if (await hasRevision(tx, deal.id)) return refuse('dealNotRevisable');
    const lines = await storedLineInputs(tx, 'deal', deal.id);
    const { totals, columns } = await draftTotals(tx, deal.firmId, lines);
    const place = { projectId: deal.projectId, id: deal.requestId, firmId: deal.firmId };
    const revisionId = await insertDeal(tx, {
      ...(await newDraftColumns(tx, place, actor)),
      number: deal.number,
      version: deal.version + 1,
      supersedesDealId: deal.id,
      title: deal.title,
      validUntil: deal.validUntil,
      notes: deal.notes,
      ...columns,
    });
    await writeLines(tx, 'deal', revisionId, totals);
    await recordDocumentHistory(tx, estimateOf(revisionId, request), actor, 'estimate.revise', {
      name: deal.number,
      version: deal.version + 1,
      revises: deal.version,
    });
    return readDeal(tx, principal, revisionId);
  });
}
