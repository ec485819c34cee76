import { randomUUID } from 'node:crypto';
import { isRefused, type Concierge, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import {
  checkConciergeStartable,
  startConcierge as startConciergeRecord,
} from '../repositories/billing/concierge.js';
import type { ActorContext } from '../repositories/users.js';
import { prepareInvoiceIssue, type IssueInvoiceDeps } from './issue-invoice.js';

export interface StartConciergeDeps extends IssueInvoiceDeps {
  /** The fee in whole yen before consumption tax (config `CONCIERGE_FEE_YEN`). */
  feeYen: number;
}

/**
 * A client turns the concierge on for a request (ADR 0019). The refusals are checked before
 * anything is stored; then, as for an office's issue, the upload check of the fee invoice's PDF
 * key is committed, and one transaction writes the fee draft, issues it through the one issuing
 * path as the concierge office (`issueDraft`: number, snapshots, the PDF write-once with its sha256
 * in `files`, history, the client side mailed in each recipient's language) and only then sets
 * the request's state. A failure to render or store the PDF rolls all of it back.
 */
export async function startConcierge(
  deps: StartConciergeDeps,
  input: { principal: Principal; actor: ActorContext; projectId: string; requestId: number },
): Promise<Concierge | Refused> {
  const { principal, actor, projectId, requestId } = input;
  const ready = await checkConciergeStartable(deps.db, principal, projectId, requestId);
  if (isRefused(ready)) return ready;
  const invoiceId = randomUUID();
  const issue = await prepareInvoiceIssue(deps, {
    invoiceId,
    requestId: ready.requestId,
    userId: principal.userId,
  });
  return startConciergeRecord(deps.db, principal, projectId, requestId, actor, {
    feeYen: deps.feeYen,
    invoiceId,
    issue,
  });
}
