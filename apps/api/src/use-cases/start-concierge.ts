import { randomUUID } from 'node:crypto';
import { isRefused, todayInJapan, type Concierge, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import {
  findStartable,
  markConciergeStarted,
  readConcierge,
  writeFeeDraft,
} from '../repositories/billing/concierge/index.js';
import { announceArrival } from '../repositories/request-arrival.js';
import type { ActorContext } from '../repositories/users.js';
import { issueDraft, prepareInvoiceIssue, type IssueInvoiceDeps } from './issue-invoice.js';

export interface StartConciergeDeps extends IssueInvoiceDeps {
  /** The fee in whole yen before consumption tax (config `CONCIERGE_FEE_YEN`). */
  feeYen: number;
}

/**
 * A client turns the concierge on for a request (ADR 0019). The refusals are checked before
 * anything is stored; then, as for an office's issue, the upload check of the fee invoice's PDF
 * key is committed. One transaction then checks again with the request row locked (two clicks
 * start it once), writes the fee draft billed to whoever the matter bills, issues it through the
 * one issuing path as the concierge office (`issueDraft`: number, snapshots, the PDF write-once
 * with its sha256 in `files`, history, the client side mailed in each recipient's language), makes
 * the office the request's coordinator awaiting payment (`request.concierge.start`), and mails and
 * tells the concierge office live, as a sent request is (`announceArrival`). A failure to render
 * or store the PDF rolls all of it back: the request stays notUsed, no invoice, no number used up.
 */
export async function startConcierge(
  deps: StartConciergeDeps,
  input: { principal: Principal; actor: ActorContext; projectId: string; requestId: number },
): Promise<Concierge | Refused> {
  const { principal, actor } = input;
  const target = { projectId: input.projectId, requestId: input.requestId };
  const ready = await findStartable(deps.db, principal, target, { lock: false });
  if (isRefused(ready)) return ready;
  const invoiceId = randomUUID();
  const issue = await prepareInvoiceIssue(deps, {
    invoiceId,
    requestId: ready.request.id,
    userId: principal.userId,
  });
  return deps.db.transaction(async (tx) => {
    const startable = await findStartable(tx, principal, target, { lock: true });
    if (isRefused(startable)) return startable;
    const { request, firm } = startable;
    await writeFeeDraft(tx, {
      id: invoiceId,
      firm,
      request,
      feeYen: deps.feeYen,
      transactionDate: issue.today ?? todayInJapan(),
      actor,
    });
    const invoice = await issueDraft(tx, { firmId: firm.id, concierge: true }, invoiceId, actor, issue);
    // The draft was just written for an office with a bank account: a refusal would be a bug, and
    // throwing rolls the draft back with everything else.
    if (isRefused(invoice)) throw new Error(`concierge fee invoice not issuable: ${invoice.refused}`);
    const entryId = await markConciergeStarted(tx, startable, invoice, actor);
    await announceArrival(tx, issue.notice, { firmId: firm.id, entryId, request });
    return readConcierge(tx, request.id, deps.feeYen);
  });
}
