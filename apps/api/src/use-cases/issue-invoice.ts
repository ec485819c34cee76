import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isRefused, type Invoice, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { renderInvoicePdf, type InvoicePdfInput } from '../documents/index.js';
import type { Publisher } from '../events/index.js';
import type { Jobs } from '../jobs/index.js';
import type { MailQueue } from '../mail/index.js';
import {
  checkIssuable,
  issueDraft,
  readInvoice,
  type IssueDraftDeps,
  type IssuedDocument,
} from '../repositories/billing/invoices.js';
import type { ActorContext } from '../repositories/users.js';
import type { Storage } from '../storage/types.js';
import { scheduleUploadCheck } from '../storage/upload-check.js';

export interface IssueInvoiceDeps {
  db: Executor;
  storage: Pick<Storage, 'put' | 'driver'>;
  jobs: Pick<Jobs, 'enqueue'>;
  queue: MailQueue;
  /** Tells the open screens of the parties who see the invoice at commit. */
  bus: Publisher;
  /** An absolute portal link for the mail (`/invoices/{id}`). */
  link: (path: string) => string;
  /** The longest a request may take (the upload check runs well after). */
  requestTimeoutMs: number;
  /** The issue date; today in Japan unless given (the demo seed and tests). */
  today?: string;
}

export function pdfInputOf(document: IssuedDocument): InvoicePdfInput {
  return {
    kind: document.kind,
    number: document.number,
    issueDate: document.issueDate,
    transactionDate: document.transactionDate,
    dueDate: document.dueDate,
    issuer: document.issuer,
    recipient: document.recipient,
    subject: document.subject,
    totals: document.totals,
    notes: document.notes,
    correctsInvoiceNumber: document.correctsInvoiceNumber,
    fxNote: document.fxNote,
  };
}

/**
 * Before an issuing transaction: commits the upload check of the PDF key the invoice will be
 * stored under (as for deliverables, ADR 0009: the check before the bytes, so write-once bytes
 * whose row never got written are reported), and returns how `issueDraft` renders the PDF from
 * exactly the values it stores and stores it write-once under that key. Run it on the database,
 * never inside a transaction.
 */
export async function prepareInvoiceIssue(
  deps: IssueInvoiceDeps,
  target: { invoiceId: string; requestId: string; userId: string | null },
): Promise<IssueDraftDeps> {
  const key = `invoices/${target.invoiceId}/${randomUUID()}.pdf`;
  await scheduleUploadCheck(
    deps.db,
    deps.jobs,
    { key, purpose: 'invoice', requestId: target.requestId, userId: target.userId },
    Math.ceil(deps.requestTimeoutMs / 1000) + 60,
  );
  return {
    notice: { queue: deps.queue, link: deps.link, bus: deps.bus },
    ...(deps.today ? { today: deps.today } : {}),
    storePdf: async (document) => {
      const bytes = await renderInvoicePdf(pdfInputOf(document));
      const stored = await deps.storage.put(key, Readable.from([bytes]), {
        contentType: 'application/pdf',
        maxBytes: Math.max(bytes.length, 1),
        writeOnce: true,
        allowedContentTypes: ['application/pdf'],
      });
      return {
        storageKey: stored.key,
        storageDriver: deps.storage.driver,
        originalName: `${document.number}.pdf`,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        writeOnce: stored.writeOnce,
        retainUntil: stored.retainUntil,
      };
    },
  };
}

/**
 * An office user issues a draft of their office (POST /patent/invoices/:id/issue). Who may issue
 * it, and whether it can be issued, is checked before anything is stored; then one transaction
 * issues it as the office the check found (`issueDraft`: number, totals, snapshots, the PDF and
 * its `files` row with sha256, history, the client side's mails). The concierge's fee invoice is
 * issued by the same `issueDraft` (use-cases/start-concierge.ts).
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
