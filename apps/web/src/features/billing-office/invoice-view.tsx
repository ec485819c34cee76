import {
  billingBinaryPaths,
  fetchRequestBlob,
  useCreateInvoiceMutation,
  useVoidInvoiceMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { Invoice } from '@ipportal/domain';
import { Button, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { pathTo } from '../../routes/paths';
import { ButtonLink, FormActions } from '../../shared/forms/form-parts';
import { failureReason } from '../../shared/failure-reason';
import { saveFile } from '../../shared/save-file';
import { useBillingFormats } from './billing-format';
import { negatedLines } from './line-drafts';
import { EditorPanel, Fact, Facts } from './panel';
import { ReasonDialog } from './reason-dialog';
import { InvoiceDocument } from '../billing-documents';
import { InvoiceStatusChip } from './status-chips';

export interface InvoiceViewProps {
  requestKey: RequestKey;
  invoice: Invoice;
  /** A credit note or replacement was drafted: open it. */
  onOpenInvoice: (invoice: Invoice) => void;
  onClose: () => void;
}

/**
 * An issued (paid, void) invoice as stored: it never changes. Open the printable page, download the
 * PDF stored at issue, void it with a reason, or correct it with a credit note or a replacement.
 */
export function InvoiceView({ requestKey, invoice, onOpenInvoice, onClose }: InvoiceViewProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const formats = useBillingFormats();
  const [voidInvoice, voiding] = useVoidInvoiceMutation();
  const [create, creating] = useCreateInvoiceMutation();
  const [voidOpen, setVoidOpen] = useState(false);
  const busy = voiding.isLoading || creating.isLoading;
  const issued = invoice.status === 'issued' || invoice.status === 'paid';

  async function confirmVoid(reason: string) {
    const result = await voidInvoice({ invoiceId: invoice.id, reason });
    if ('error' in result) {
      toast.error(t('billingOffice.invoice.voidFailed'), { detail: failureReason(result.error) });
      return;
    }
    setVoidOpen(false);
    toast.info(t('billingOffice.invoice.voided'));
  }

  async function correct(kind: 'creditNote' | 'invoice') {
    const result = await create({
      ...requestKey,
      body: {
        kind,
        correctsInvoiceId: invoice.id,
        transactionDate: invoice.transactionDate,
        lines:
          kind === 'creditNote'
            ? negatedLines(invoice.lines)
            : invoice.lines.map(({ foreignAmount: _f, amountYen: _a, ...line }) => line),
      },
    });
    if ('error' in result) {
      toast.error(t('billingOffice.invoice.createFailed'), { detail: failureReason(result.error) });
      return;
    }
    onOpenInvoice(result.data);
  }

  async function downloadPdf() {
    const result = await dispatch(fetchRequestBlob(billingBinaryPaths.invoicePdf(invoice.id)));
    if ('error' in result) {
      toast.error(t('billingOffice.invoice.pdfFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    saveFile(`${invoice.number ?? invoice.id}.pdf`, result.data);
  }

  const heading = t(
    invoice.kind === 'creditNote'
      ? 'billingOffice.invoice.creditNoteHeading'
      : 'billingOffice.invoice.viewHeading',
    { number: invoice.number ?? '' },
  );
  return (
    <EditorPanel aria-label={heading}>
      <h2>{heading}</h2>
      <Facts>
        <dt>{t('billingOffice.common.status')}</dt>
        <dd>
          <InvoiceStatusChip status={invoice.status} overdue={invoice.overdue} />
        </dd>
        <dt>{t('billingOffice.invoice.recipient')}</dt>
        <dd>{invoice.recipient.name}</dd>
        <dt>{t('billingOffice.invoice.issueDate')}</dt>
        <dd>{formats.date(invoice.issueDate)}</dd>
        <dt>{t('billingOffice.invoice.transactionDate')}</dt>
        <dd>{formats.date(invoice.transactionDate)}</dd>
        <dt>{t('billingOffice.invoice.dueDate')}</dt>
        <dd>{formats.date(invoice.dueDate)}</dd>
        <dt>{t('billingOffice.invoice.paid')}</dt>
        <dd>
          {t('billingOffice.invoice.paidLine', {
            paid: formats.yen(invoice.paidAmount),
            pending: formats.yen(invoice.pendingAmount),
            balance: formats.yen(invoice.balance),
          })}
        </dd>
        {invoice.correctsInvoice && (
          <>
            <dt>{t('billingOffice.invoice.correctsLabel')}</dt>
            <dd>{invoice.correctsInvoice.number}</dd>
          </>
        )}
        <Fact label={t('billingOffice.invoice.correctedBy')}>
          {invoice.correctedBy
            .map(
              (doc) =>
                `${doc.number ?? t('code.invoiceStatus.draft')} (${t(`code.invoiceKind.${doc.kind}`)})`,
            )
            .join(', ')}
        </Fact>
        <Fact label={t('billingOffice.invoice.voidReason')}>{invoice.voidReason}</Fact>
        <Fact label={t('billingOffice.invoice.notes')}>{invoice.notes}</Fact>
      </Facts>
      <FormActions>
        <ButtonLink to={pathTo('invoice', { invoiceId: invoice.id })}>
          {t('billingOffice.invoice.printable')}
        </ButtonLink>
        {invoice.hasPdf && (
          <Button variant="secondary" onClick={() => void downloadPdf()}>
            {t('billingOffice.invoice.pdf')}
          </Button>
        )}
        {issued && invoice.kind === 'invoice' && (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => void correct('creditNote')}>
              {t('billingOffice.invoice.createCreditNote')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void correct('invoice')}>
              {t('billingOffice.invoice.createReplacement')}
            </Button>
          </>
        )}
        {invoice.status === 'issued' && (
          <Button variant="danger" disabled={busy} onClick={() => setVoidOpen(true)}>
            {t('billingOffice.invoice.void')}
          </Button>
        )}
        <Button variant="tertiary" onClick={onClose}>
          {t('billingOffice.common.close')}
        </Button>
      </FormActions>
      <InvoiceDocument invoice={invoice} />
      <ReasonDialog
        open={voidOpen}
        title={t('billingOffice.invoice.voidTitle', { number: invoice.number ?? '' })}
        description={t('billingOffice.invoice.voidDescription')}
        label={t('billingOffice.invoice.voidReason')}
        confirmLabel={t('billingOffice.invoice.void')}
        requiredMessage={t('billingOffice.invoice.voidReasonRequired')}
        loading={voiding.isLoading}
        onConfirm={(reason) => void confirmVoid(reason)}
        onClose={() => setVoidOpen(false)}
      />
    </EditorPanel>
  );
}
