import type { Invoice } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from './billing-document-texts';
import { useBillingFormats } from './billing-format';
import {
  AmountSummary,
  DocumentHeading,
  DocumentMeta,
  DocumentParties,
  DocumentSection,
  DocumentSubject,
  FootNote,
  LineTable,
  PrintPage,
  Sheet,
  StatusStamp,
  TotalsBlock,
} from './document-parts';

/**
 * A printable 請求書 (適格請求書): the office's registration number, issue and transaction dates,
 * items with their tax class, subtotal and consumption tax per rate, total, withholding and the
 * amount to transfer where it applies, due date and bank account. The PDF stored at issue carries
 * the same content; this is its screen and print face. Drafts, void and paid invoices are stamped.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  useMessages(billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const title =
    invoice.kind === 'creditNote' ? t('billingDocument.creditNoteTitle') : t('billingDocument.invoiceTitle');
  const amounts = [{ label: t('billingDocument.invoiceAmount'), value: formats.yen(invoice.totals.total) }];
  if (invoice.totals.withholding !== 0) {
    amounts.push({
      label: t('billingDocument.transferAmount'),
      value: formats.yen(invoice.totals.amountToTransfer),
    });
  }
  return (
    <Sheet aria-label={[title, invoice.number].filter(Boolean).join(' ')}>
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
      <DocumentHeading
        title={title}
        sub={invoice.issuer.qualifiedInvoiceNumber ? t('billingDocument.qualifiedInvoice') : undefined}
      />
      <DocumentMeta
        items={[
          ...(invoice.number ? [{ label: t('billingDocument.number'), value: invoice.number }] : []),
          ...(invoice.issueDate
            ? [{ label: t('billingDocument.issueDate'), value: formats.date(invoice.issueDate) }]
            : []),
          { label: t('billingDocument.transactionDate'), value: formats.date(invoice.transactionDate) },
          { label: t('billingDocument.dueDate'), value: formats.date(invoice.dueDate) },
        ]}
      />
      <DocumentParties recipient={invoice.recipient} issuer={invoice.issuer} showRegistration="always">
        <AmountSummary greeting={t('billingDocument.invoiceGreeting')} amounts={amounts} />
      </DocumentParties>
      {invoice.correctsInvoice?.number && (
        <FootNote>
          {t('billingDocument.correctsInvoice', { number: invoice.correctsInvoice.number })}
        </FootNote>
      )}
      <DocumentSubject subject={invoice.subject} />
      <LineTable lines={invoice.lines} />
      <TotalsBlock totals={invoice.totals} />
      {invoice.totals.withholding !== 0 && (
        <FootNote>
          {t('billingDocument.withholdingNote', { base: formats.yen(invoice.totals.withholdingBase) })}
        </FootNote>
      )}
      {invoice.fxNote && <FootNote>{t('billingDocument.invoiceFxNote')}</FootNote>}
      <DocumentSection title={t('billingDocument.dueDate')}>
        <p>{formats.date(invoice.dueDate)}</p>
      </DocumentSection>
      {invoice.issuer.bankAccount && (
        <DocumentSection title={t('billingDocument.bankAccount')}>
          <p>{invoice.issuer.bankAccount}</p>
        </DocumentSection>
      )}
      {invoice.notes && (
        <DocumentSection title={t('billingDocument.notes')}>
          <p>{invoice.notes}</p>
        </DocumentSection>
      )}
    </Sheet>
  );
}
