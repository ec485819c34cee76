import { billingBinaryPaths, fetchRequestBlob, isApiError, useGetInvoiceQuery } from '@ipportal/api-client';
import type { Invoice } from '@ipportal/domain';
import { Button, EmptyState, LoadingText, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { hrefTo, pathTo } from '../../routes/paths';
import { DocumentPage } from '../../shared/document-page';
import { failureReason } from '../../shared/failure-reason';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { saveFile } from '../../shared/save-file';
import { selectUserType } from '../auth';
import { billingDocumentTexts, InvoiceDocument, useBillingFormats } from '../billing-documents';
import { CollectivePaymentDialog } from './collective-payment-dialog';
import { invoiceTexts } from './invoice-texts';
import { summaryOf } from './invoice-summary';

const Facts = styled.p<{ $warn: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.lg}px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $warn }) => ($warn ? theme.colors.dangerSubtle : theme.colors.infoSubtle)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md}px;
  @media print {
    display: none;
  }
`;

function PdfButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    const result = await dispatch(fetchRequestBlob(billingBinaryPaths.invoicePdf(invoice.id)));
    setBusy(false);
    if ('error' in result) {
      toast.error(t('invoices.page.downloadFailed'), { detail: failureReason(result.error) });
      return;
    }
    saveFile(`${invoice.number ?? invoice.id}.pdf`, result.data);
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void download()}>
      {t('invoices.page.downloadPdf')}
    </Button>
  );
}

/**
 * /invoices/{invoiceId}: the printable 請求書 (blank layout) with the stored PDF to download; the
 * client pays an issued invoice with a balance from here too.
 */
export function InvoicePage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const { invoiceId = '' } = useParams();
  const userType = useAppSelector(selectUserType);
  const [paying, setPaying] = useState(false);
  const { data: invoice, error, isLoading, refetch } = useGetInvoiceQuery(invoiceId, { skip: !invoiceId });

  let content;
  if (isLoading) content = <LoadingText block>{t('invoices.loading')}</LoadingText>;
  else if (!invoice) {
    const missing = !invoiceId || (isApiError(error) && (error.status === 404 || error.status === 400));
    content = missing ? (
      <EmptyState
        headingLevel={2}
        title={t('invoices.page.notFound')}
        description={t('invoices.page.notFoundDetail')}
      />
    ) : (
      <EmptyState
        headingLevel={2}
        title={t('invoices.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('invoices.retry')}</Button>}
      />
    );
  } else content = <InvoiceDocument invoice={invoice} />;

  const canPay = invoice?.status === 'issued' && invoice.balance > 0 && userType !== 'PATENT';
  return (
    <DocumentPage
      title={t('route.invoice')}
      back={{ to: pathTo('invoiceManage'), label: t('page.backToInvoices') }}
      actions={
        invoice && (
          <>
            {canPay && <Button onClick={() => setPaying(true)}>{t('invoices.page.pay')}</Button>}
            <Button variant="secondary" onClick={() => window.print()}>
              {t('invoices.page.print')}
            </Button>
            {invoice.hasPdf && <PdfButton invoice={invoice} />}
          </>
        )
      }
    >
      {invoice && invoice.status === 'issued' && (
        <Facts $warn={invoice.overdue}>
          {invoice.overdue && <strong>{t('invoices.page.overdue')}</strong>}
          <span>
            {invoice.pendingAmount > 0
              ? t('invoices.page.balance', {
                  amount: formats.yen(invoice.balance),
                  pending: formats.yen(invoice.pendingAmount),
                })
              : t('invoices.page.balanceOnly', { amount: formats.yen(invoice.balance) })}
          </span>
          {invoice.dealId && (
            <Link
              to={hrefTo('estimate', {
                projectId: invoice.subject.projectId,
                requestId: String(invoice.subject.requestId),
                dealId: invoice.dealId,
              })}
            >
              {t('invoices.page.estimate')}
            </Link>
          )}
          {invoice.correctedBy.map((correction) => (
            <Link key={correction.id} to={pathTo('invoice', { invoiceId: correction.id })}>
              {t('invoices.page.correctedBy', { number: correction.number ?? '' })}
            </Link>
          ))}
        </Facts>
      )}
      {content}
      {paying && invoice && (
        <CollectivePaymentDialog invoices={[summaryOf(invoice)]} onClose={() => setPaying(false)} />
      )}
    </DocumentPage>
  );
}
