import { todayInJapan, type Deal, type Refused } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import { lineInputs } from '../repositories/billing/document-core/lines.js';
import { nextDocumentNumber } from '../repositories/billing/document-core/numbering.js';
import { dealFieldsOf, insertDeal, type DealDraft } from '../repositories/billing/estimates/writes.js';
import { createDraft, type NewDraftInput } from './draft-document.js';

/**
 * The office drafts an estimate for a request addressed to it, numbered now: a discarded draft
 * leaves a gap, as estimates are not tax documents. Editing and deleting it: draft-document.ts.
 */
export function createEstimate(
  deps: { db: Executor },
  input: NewDraftInput<DealDraft>,
): Promise<Deal | Refused> {
  return createDraft(deps, 'deal', input, {
    start: () => Promise.resolve(lineInputs(input.body.lines)),
    insert: async (tx, request, columns) =>
      insertDeal(tx, {
        ...columns,
        number: await nextDocumentNumber(tx, request.firmId, 'deal', todayInJapan()),
        ...dealFieldsOf(input.body),
      }),
  });
}
