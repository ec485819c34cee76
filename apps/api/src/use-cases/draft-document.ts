import {
  isRefused,
  type BillingLineInput,
  type Deal,
  type Invoice,
  type LineInput,
  type Refused,
} from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { deleteDraftRow, updateDraftRow } from '../repositories/billing/document-core/draft-rows.js';
import {
  draftChange,
  draftTotals,
  newDraftColumns,
  type NewDraftColumns,
} from '../repositories/billing/document-core/drafts.js';
import { findOwnRequest } from '../repositories/billing/document-core/request-of-path.js';
import { lineInputs, writeLines, type LinedDocument } from '../repositories/billing/document-core/lines.js';
import { lockOwnDealDraft, type DealParams } from '../repositories/billing/estimates/access.js';
import { readDeal } from '../repositories/billing/estimates/read.js';
import { dealFieldsOf, type DealDraft } from '../repositories/billing/estimates/writes.js';
import { lockOwnInvoiceDraft } from '../repositories/billing/invoices/access.js';
import { readInvoice } from '../repositories/billing/invoices/read.js';
import { invoiceFieldsOf, type InvoiceDraft } from '../repositories/billing/invoices/writes.js';
import type { VisibleRequest } from '../repositories/request-access.js';
import type { ActorContext } from '../repositories/users.js';

/*
 * The office drafts its estimates and invoices the same way, here once for both: a new draft for
 * a request addressed to it (what it starts from and how it is numbered are the caller's:
 * draft-estimate.ts, draft-invoice.ts), a draft's fields and lines replaced (totals recomputed),
 * a draft deleted. Each is one transaction; no one else sees a draft, so nothing is mailed or
 * published.
 */

interface Kinds {
  deal: { target: DealParams; body: DealDraft; answer: Deal };
  invoice: { target: string; body: InvoiceDraft; answer: Invoice };
}

interface Steps<K extends LinedDocument> {
  lock: (tx: Executor, principal: Principal, target: Kinds[K]['target']) => Promise<Draft | Refused>;
  /** The draft's own columns from the office's form. */
  fields: (body: Kinds[K]['body']) => Record<string, unknown>;
  read: (tx: Executor, principal: Principal, id: string) => Promise<Kinds[K]['answer']>;
}

interface Draft {
  id: string;
  firmId: string;
}

const steps: { [K in LinedDocument]: Steps<K> } = {
  deal: { lock: lockOwnDealDraft, fields: dealFieldsOf, read: readDeal },
  invoice: { lock: lockOwnInvoiceDraft, fields: invoiceFieldsOf, read: readInvoice },
};

interface Caller {
  principal: Principal;
  actor: ActorContext;
}

/** What creating a draft of either kind takes: who, the request of the path, the office's form. */
export type NewDraftInput<Body> = Caller & { params: { projectId: string; requestId: number }; body: Body };

/**
 * A new draft of the request of the path: `start` answers its lines (or why there are none) and
 * `insert` writes its row with the columns every draft starts with, answering its id.
 */
export async function createDraft<K extends LinedDocument>(
  deps: { db: Executor },
  document: K,
  input: NewDraftInput<unknown>,
  draft: {
    start: (tx: Executor, request: VisibleRequest) => Promise<LineInput[] | Refused>;
    insert: (tx: Executor, request: VisibleRequest, columns: NewDraftColumns) => Promise<string>;
  },
): Promise<Kinds[K]['answer'] | Refused> {
  const { principal, actor } = input;
  return deps.db.transaction(async (tx): Promise<Kinds[K]['answer'] | Refused> => {
    const request = await findOwnRequest(tx, principal, input.params);
    if (isRefused(request)) return request;
    const lines = await draft.start(tx, request);
    if (isRefused(lines)) return lines;
    const { totals, columns } = await draftTotals(tx, request.firmId, lines);
    const place = await newDraftColumns(tx, request, actor);
    const id = await draft.insert(tx, request, { ...place, ...columns });
    await writeLines(tx, document, id, totals);
    return steps[document].read(tx, principal, id);
  });
}

/** Replaces a draft's fields and lines; its totals are recomputed. */
export async function updateDraft<K extends LinedDocument>(
  deps: { db: Executor },
  document: K,
  input: Caller & { target: Kinds[K]['target']; body: Kinds[K]['body'] & { lines: BillingLineInput[] } },
): Promise<Kinds[K]['answer'] | Refused> {
  const step: Steps<K> = steps[document];
  return deps.db.transaction(async (tx): Promise<Kinds[K]['answer'] | Refused> => {
    const draft = await step.lock(tx, input.principal, input.target);
    if (isRefused(draft)) return draft;
    const { totals, columns } = await draftTotals(tx, draft.firmId, lineInputs(input.body.lines));
    const change = draftChange(columns, input.actor);
    await updateDraftRow(tx, document, draft.id, { ...step.fields(input.body), ...change });
    await writeLines(tx, document, draft.id, totals);
    return step.read(tx, input.principal, draft.id);
  });
}

export async function deleteDraft<K extends LinedDocument>(
  deps: { db: Executor },
  document: K,
  input: { principal: Principal; target: Kinds[K]['target'] },
): Promise<{ deleted: true } | Refused> {
  const step: Steps<K> = steps[document];
  return deps.db.transaction(async (tx): Promise<{ deleted: true } | Refused> => {
    const draft = await step.lock(tx, input.principal, input.target);
    if (isRefused(draft)) return draft;
    await deleteDraftRow(tx, document, draft.id);
    return { deleted: true };
  });
}
