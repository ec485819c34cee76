import { isRefused, refuse, type Invoice, type LineInput, type Refused } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import { lineInputs } from '../repositories/billing/document-core/lines.js';
import { acceptedEstimateLines, correctedInvoiceLines } from '../repositories/billing/invoices/sources.js';
import { insertInvoice, type InvoiceCreate } from '../repositories/billing/invoices/writes.js';
import type { VisibleRequest } from '../repositories/request-access.js';
import { createDraft, type NewDraftInput } from './draft-document.js';

/**
 * The office drafts an invoice or a credit note for a request addressed to it, not numbered yet
 * (only issuing takes a number): from an accepted estimate of the request (its lines copied when
 * none are given), as a credit note or replacement of an issued invoice of the same request (its
 * lines copied, negated for a credit note), or directly with lines. Crediting an invoice is
 * drafting such a credit note and issuing it (issue-invoice.ts). Editing and deleting a draft:
 * draft-document.ts.
 */
export function createInvoice(
  deps: { db: Executor },
  input: NewDraftInput<InvoiceCreate>,
): Promise<Invoice | Refused> {
  return createDraft(deps, 'invoice', input, {
    start: (tx, request) => linesOfNewDraft(tx, request, input.body),
    insert: (tx, _request, columns) => insertInvoice(tx, columns, input.body),
  });
}

/** The lines given, else those of the estimate billed, else those of the invoice corrected. */
async function linesOfNewDraft(
  tx: Executor,
  request: VisibleRequest,
  body: InvoiceCreate,
): Promise<LineInput[] | Refused> {
  let lines: LineInput[] | undefined = body.lines ? lineInputs(body.lines) : undefined;
  if (body.dealId) {
    const estimate = await acceptedEstimateLines(tx, request, body.dealId);
    if (isRefused(estimate)) return estimate;
    lines ??= await estimate.lines();
  }
  if (body.correctsInvoiceId) {
    const corrected = await correctedInvoiceLines(tx, request, body.correctsInvoiceId, body.kind);
    if (isRefused(corrected)) return corrected;
    lines ??= await corrected.lines();
  }
  return lines ?? refuse('invoiceNeedsLines');
}
