import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isRefused, type Invoice, type Refused } from '@ipportal/domain';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { renderInvoicePdf, type InvoicePdfInput } from '../documents/index.js';
import type { Jobs } from '../jobs/index.js';
import type { MailQueue } from '../mail/index.js';
import { checkIssuable, issueInvoiceRecord, type IssuedDocument } from '../repositories/billing/invoices.js';
import type { ActorContext } from '../repositories/users.js';
import type { Storage } from '../storage/types.js';
import { scheduleUploadCheck } from '../storage/upload-check.js';

export interface IssueInvoiceDeps {
  db: Executor;
  storage: Pick<Storage, 'put' | 'driver'>;
  jobs: Pick<Jobs, 'enqueue'>;
  queue: MailQueue;
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
 * Issues a draft invoice. Who may issue it, and whether it can be issued, is checked before
 * anything is stored; then, as for deliverables (ADR 0009), the upload check of the PDF's key is
 * committed before its bytes, so write-once bytes whose row never got written are reported. The
 * issuing transaction numbers the invoice, renders its PDF from exactly the values it stores,
 * stores the bytes write-once and records the `files` row (purpose `invoice`, sha256) with the
 * frozen invoice, its history and the mails.
 */
export async function issueInvoice(
  deps: IssueInvoiceDeps,
  input: { principal: Principal; actor: ActorContext; invoiceId: string },
): Promise<Invoice | Refused> {
  const draft = await checkIssuable(deps.db, input.principal, input.invoiceId);
  if (isRefused(draft)) return draft;
  const key = `invoices/${draft.id}/${randomUUID()}.pdf`;
  await scheduleUploadCheck(
    deps.db,
    deps.jobs,
    { key, purpose: 'invoice', requestId: draft.requestId, userId: input.principal.userId },
    Math.ceil(deps.requestTimeoutMs / 1000) + 60,
  );
  return issueInvoiceRecord(deps.db, input.principal, input.invoiceId, input.actor, {
    notice: { queue: deps.queue, link: deps.link },
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
  });
}
