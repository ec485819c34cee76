import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  defaultDueDate,
  formatYen,
  isRefused,
  refuse,
  todayInJapan,
  webPathOf,
  type Invoice,
  type Refused,
} from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { renderInvoicePdf, type InvoicePdfInput } from '../documents/index.js';
import type { Jobs } from '../jobs/index.js';
import { formatDay } from '../reminders/describe.js';
import { publishBillingChange } from '../repositories/billing/billing-signal.js';
import { freezeDocument } from '../repositories/billing/document-core/freeze.js';
import { recordDocumentHistory } from '../repositories/billing/document-core/history.js';
import { nextDocumentNumber } from '../repositories/billing/document-core/numbering.js';
import {
  checkIssuable,
  invoiceOf,
  issuableRefusal,
  lockOfficeInvoice,
} from '../repositories/billing/invoices/access.js';
import { printedOf } from '../repositories/billing/invoices/printed.js';
import { readInvoice } from '../repositories/billing/invoices/read.js';
import { insertInvoiceFile, markIssued } from '../repositories/billing/invoices/writes.js';
import { recipientsOf } from '../repositories/request-viewers.js';
import type { ActorContext } from '../repositories/users.js';
import type { Storage } from '../storage/types.js';
import { scheduleUploadCheck } from '../storage/upload-check.js';
import type { BillingDeps, BillingNotice } from './billing-deps.js';

export interface IssueInvoiceDeps extends BillingDeps {
  storage: Pick<Storage, 'put' | 'driver'>;
  jobs: Pick<Jobs, 'enqueue'>;
  /** The longest a request may take (the upload check runs well after). */
  requestTimeoutMs: number;
  /** The issue date; today in Japan unless given (the demo seed and tests). */
  today?: string;
}

/** What an issuing transaction needs once the upload check of its PDF's key is committed. */
export interface IssueDraftDeps {
  notice: BillingNotice;
  storage: Pick<Storage, 'put' | 'driver'>;
  /** The storage key the PDF is written to, once, under the committed upload check. */
  pdfKey: string;
  today?: string;
}

/**
 * Before an issuing transaction: commits the upload check of the PDF key the invoice will be
 * stored under (as for deliverables, ADR 0009: the check before the bytes, so write-once bytes
 * whose row never got written are reported), and returns what `issueDraft` needs. Run it on the
 * database, never inside a transaction.
 */
export async function prepareInvoiceIssue(
  deps: IssueInvoiceDeps,
  target: { invoiceId: string; requestId: string; userId: string | null },
): Promise<IssueDraftDeps> {
  const pdfKey = `invoices/${target.invoiceId}/${randomUUID()}.pdf`;
  await scheduleUploadCheck(
    deps.db,
    deps.jobs,
    { key: pdfKey, purpose: 'invoice', requestId: target.requestId, userId: target.userId },
    Math.ceil(deps.requestTimeoutMs / 1000) + 60,
  );
  return {
    notice: { queue: deps.queue, link: deps.link, bus: deps.bus },
    storage: deps.storage,
    pdfKey,
    ...(deps.today ? { today: deps.today } : {}),
  };
}

/**
 * An office user issues a draft of their office (POST /patent/invoices/:id/issue). Who may issue
 * it, and whether it can be issued, is checked before anything is stored; then one transaction
 * issues it as the office the check found. The concierge's fee invoice is issued by the same
 * `issueDraft` (use-cases/start-concierge.ts).
 */
export async function issueInvoice(
  deps: IssueInvoiceDeps,
  input: { principal: Principal; actor: ActorContext; invoiceId: string },
): Promise<Invoice | Refused> {
  const draft = await checkIssuable(deps.db, input.principal, input.invoiceId);
  if (isRefused(draft)) return draft;
  const issue = await prepareInvoiceIssue(deps, {
    invoiceId: draft.id,
    requestId: draft.requestId,
    userId: input.principal.userId,
  });
  return deps.db.transaction(async (tx): Promise<Invoice | Refused> => {
    const issued = await issueDraft(tx, { firmId: draft.firmId }, draft.id, input.actor, issue);
    return isRefused(issued) ? issued : readInvoice(tx, input.principal, issued.id);
  });
}

/**
 * Who issues a draft: always an office, named explicitly. The office route passes the firm of the
 * office user that `checkIssuable` let through; the concierge start passes the concierge office,
 * for whose fee the portal issues on the client's click (ADR 0019), recorded as `concierge` in the
 * history. There is no principal here: who may issue is decided before this is called.
 */
export interface IssuingOffice {
  firmId: string;
  concierge?: boolean;
}

/**
 * Issues a draft of `issuing`'s office inside the caller's transaction (so a caller may create the
 * draft and change other rows in the same one): the row locked and checked again, numbered (per
 * office, kind and year, gapless), frozen (totals with withholding iff the office is an individual
 * attorney, both parties), its due date defaulted, its PDF rendered from exactly the values stored
 * and written once under the prepared key, then its `files` row, the invoice, its history, a mail
 * to every client-side reader of the request in their language, and open screens told at commit.
 * Anything thrown (rendering, storage) rolls the whole transaction back: no number is used up,
 * nothing is issued.
 */
export async function issueDraft(
  tx: Executor,
  issuing: IssuingOffice,
  invoiceId: string,
  actor: ActorContext,
  deps: IssueDraftDeps,
): Promise<{ id: string; number: string } | Refused> {
  const invoice = await lockOfficeInvoice(tx, issuing.firmId, invoiceId);
  if (!invoice) return refuse('invoiceNotFound');
  const refusal = await issuableRefusal(tx, invoice);
  if (refusal) return refusal;
  const printed = await printedOf(tx, invoice);
  if (!printed) return refuse('invoiceNotFound');
  const issueDate = deps.today ?? todayInJapan();
  const frozen = await freezeDocument(tx, 'invoice', invoice);
  const number = await nextDocumentNumber(tx, invoice.firmId, invoice.kind, issueDate);
  const dueDate = invoice.dueDate ?? defaultDueDate(issueDate);
  const stored = await storePdf(deps, {
    kind: invoice.kind,
    number,
    issueDate,
    transactionDate: invoice.transactionDate,
    dueDate,
    issuer: frozen.issuer,
    recipient: frozen.recipient,
    subject: printed.subject,
    totals: frozen.totals,
    notes: printed.notes,
    correctsInvoiceNumber: printed.correctsInvoiceNumber,
    fxNote: frozen.totals.lines.some((line) => line.currency !== 'JPY'),
  });
  const pdfFileId = await insertInvoiceFile(tx, stored, actor);
  await markIssued(tx, invoice.id, { number, issueDate, dueDate, frozen, pdfFileId }, actor);
  const { totals } = frozen;
  await recordDocumentHistory(
    tx,
    invoiceOf(invoice),
    actor,
    invoice.kind === 'creditNote' ? 'invoice.creditNote' : 'invoice.issue',
    {
      name: number,
      total: totals.total,
      amountToTransfer: totals.amountToTransfer,
      dueDate,
      sha256: stored.sha256,
      ...(printed.correctsInvoiceNumber ? { corrects: printed.correctsInvoiceNumber } : {}),
      ...(issuing.concierge ? { concierge: true } : {}),
    },
  );
  // No one is left out, the actor included: an office user is never a client-side reader, and the
  // client whose click issued a concierge fee gets the bill like the rest of its side.
  const url = deps.notice.link(webPathOf('invoice', { invoiceId: invoice.id }));
  for (const recipient of await recipientsOf(tx, printed.request, 'client')) {
    await deps.notice.queue(tx, {
      to: recipient.email,
      locale: recipient.locale,
      template: 'invoiceIssued',
      params: {
        firmName: frozen.issuer.name,
        number,
        creditNote: invoice.kind === 'creditNote',
        amount: formatYen(totals.amountToTransfer, recipient.locale),
        dueDate: formatDay(recipient.locale, dueDate),
        reference: printed.subject.refrenceCode,
        url,
      },
      dedupeKey: `invoiceIssued:${invoice.id}:${recipient.userId}`,
      reference: `invoice:${invoice.id}`,
    });
  }
  await publishBillingChange(tx, deps.notice.bus, 'invoice', invoice.id);
  return { id: invoice.id, number };
}

/** The invoice's PDF rendered and written once under the prepared key: its `files` row's values. */
async function storePdf(deps: IssueDraftDeps, input: InvoicePdfInput) {
  const bytes = await renderInvoicePdf(input);
  const stored = await deps.storage.put(deps.pdfKey, Readable.from([bytes]), {
    contentType: 'application/pdf',
    maxBytes: Math.max(bytes.length, 1),
    writeOnce: true,
    allowedContentTypes: ['application/pdf'],
  });
  return {
    storageKey: stored.key,
    storageDriver: deps.storage.driver,
    originalName: `${input.number}.pdf`,
    contentType: stored.contentType,
    sizeBytes: stored.size,
    sha256: stored.sha256,
    writeOnce: stored.writeOnce,
    retainUntil: stored.retainUntil,
  };
}
