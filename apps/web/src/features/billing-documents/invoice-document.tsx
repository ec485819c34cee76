import { billingDocumentOf, type BillingDocument, type Invoice } from '@ipportal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from './billing-document-texts';
import { useBillingFormats } from './billing-format';
import {
  DocumentHeading,
  DocumentMeta,
  DocumentParties,
  DocumentSections,
  DocumentSubject,
  PrintPage,
  Sheet,
} from './document-parts';
import { LineTable, TotalsBlock } from './document-table';
import { useDocumentText } from './document-text';
import { StatusStamp } from './status-stamp';

/** The invoice as the domain's billing document, the one its stored PDF prints. */
export function invoiceBillingDocument(invoice: Invoice): BillingDocument {
  return billingDocumentOf({
    kind: invoice.kind,
    number: invoice.number,
    issueDate: invoice.issueDate,
    transactionDate: invoice.transactionDate,
    dueDate: invoice.dueDate,
    issuer: invoice.issuer,
    recipient: invoice.recipient,
    subject: { ...invoice.subject, requestNumber: invoice.subject.requestId },
    lines: invoice.lines,
    totals: invoice.totals,
    notes: invoice.notes,
    correctsInvoiceNumber: invoice.correctsInvoice?.number ?? null,
    fxNote: invoice.fxNote,
  });
}

/**
 * A printable 請求書 (適格請求書) or 適格返還請求書: the domain's billing document (the same the PDF
 * stored at issue prints) in the interface language. This is its screen and print face; drafts,
 * void and paid invoices are stamped.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  useMessages(billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const text = useDocumentText();
  const document = useMemo(() => invoiceBillingDocument(invoice), [invoice]);
  return (
    <Sheet aria-label={[text(document.title), invoice.number].filter(Boolean).join(' ')}>
      <PrintPage />
      {invoice.status === 'draft' && <StatusStamp kind="draft" note={t('billingDocument.stampNote.draft')} />}
      {invoice.status === 'void' && (
        <StatusStamp
          kind="void"
          note={t('billingDocument.stampNote.void', { reason: invoice.voidReason ?? '' })}
        />
      )}
      {invoice.status === 'paid' && (
        <StatusStamp
          kind="paid"
          note={
            invoice.paidAt ? t('billingDocument.paidAt', { date: formats.instantDay(invoice.paidAt) }) : null
          }
        />
      )}
      <DocumentHeading document={document} />
      <DocumentMeta document={document} />
      <DocumentParties document={document} />
      <DocumentSubject document={document} />
      <LineTable document={document} />
      <TotalsBlock document={document} />
      <DocumentSections document={document} />
    </Sheet>
  );
}
