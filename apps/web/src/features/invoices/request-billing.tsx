import {
  useGetConciergeQuery,
  useListRequestDealsQuery,
  useListRequestInvoicesQuery,
  useStartConciergeMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { DealSummary, InvoiceSummary, RequestDetail } from '@ipportal/domain';
import { Button, Card, ConfirmDialog, LoadingText, StatusChip, Table, useToast } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { hrefTo, pathTo } from '../../routes/paths';
import { failureReason } from '../../shared/failure-reason';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import type { LazyMessages } from '../../shared/lazy-messages';
import {
  billingDocumentTexts,
  dealStatusTone,
  invoiceStatusTone,
  useBillingFormats,
} from '../billing-documents';

// The same texts as `invoiceTexts` (same id, loaded once), declared here so the request's tab
// and the invoice pages share no chunk of their own: every shared chunk adds a hashed file name to
// the start-up bundle's preload list, and the /login budget has no room left for one.
const invoiceTexts: LazyMessages = {
  id: 'invoices',
  load: () => import('./locales/texts').then((m) => m.texts),
};

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  margin-top: ${({ theme }) => theme.space.lg}px;
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

const Awaited = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md}px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.infoSubtle};
`;

function Concierge({ requestKey, readOnly }: { requestKey: RequestKey; readOnly: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: concierge } = useGetConciergeQuery(requestKey);
  const [start, { isLoading }] = useStartConciergeMutation();
  const [asking, setAsking] = useState(false);
  const formats = useBillingFormats();
  if (!concierge) return null;
  // The operator's price with its tax, from the server: read before the step that cannot be undone.
  const fee = t('invoices.tab.concierge.fee', {
    amount: formats.yen(concierge.fee.amountYen),
    total: formats.yen(concierge.fee.totalYen),
  });
  async function confirm() {
    const result = await start(requestKey);
    setAsking(false);
    if ('error' in result) {
      toast.error(t('invoices.tab.concierge.failed'), { detail: failureReason(result.error) });
      return;
    }
    toast.info(t('invoices.tab.concierge.started'));
  }
  return (
    <Card title={t('invoices.tab.concierge.title')} headingLevel={2}>
      <Text>{t(`invoices.tab.concierge.${concierge.state}`)}</Text>
      {concierge.firm && (
        <Text>{t('invoices.tab.concierge.coordinator', { name: concierge.firm.name })}</Text>
      )}
      {concierge.invoiceId && (
        <Link to={pathTo('invoice', { invoiceId: concierge.invoiceId })}>
          {t('invoices.tab.concierge.invoice')}
        </Link>
      )}
      {concierge.state === 'notUsed' && <Text>{fee}</Text>}
      {concierge.state === 'notUsed' && !readOnly && (
        <Button onClick={() => setAsking(true)}>{t('invoices.tab.concierge.use')}</Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('invoices.tab.concierge.confirmTitle')}
        message={
          <>
            <Text>
              <strong>{fee}</strong>
            </Text>
            <Text>{t('invoices.tab.concierge.confirmMessage')}</Text>
          </>
        }
        confirmLabel={t('invoices.tab.concierge.confirm')}
        cancelLabel={t('invoices.tab.concierge.cancel')}
        loading={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

/**
 * The client's estimate/billing tab of a request: the concierge, the request's estimates (every
 * version, with what awaits an answer) and its invoices (status, balance), each linking to its
 * printable page. An estimate request without an estimate says it is awaited.
 */
export function ClientBilling({
  requestKey,
  request,
  readOnly,
}: {
  requestKey: RequestKey;
  request: RequestDetail;
  readOnly: boolean;
}) {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const deals = useListRequestDealsQuery(requestKey);
  const invoices = useListRequestInvoicesQuery(requestKey);
  const params = { projectId: requestKey.projectId, requestId: String(requestKey.requestId) };

  const dealColumns: TableColumn<DealSummary>[] = [
    {
      key: 'number',
      header: t('invoices.tab.number'),
      nowrap: true,
      cell: (deal) => (
        <Link
          to={hrefTo('estimate', { ...params, dealId: deal.id })}
          aria-label={t('invoices.tab.open', { number: deal.number })}
        >
          {deal.number}
        </Link>
      ),
    },
    { key: 'version', header: t('invoices.tab.version'), align: 'end', cell: (deal) => deal.version },
    { key: 'title', header: t('invoices.tab.title'), cell: (deal) => deal.title },
    {
      key: 'status',
      header: t('invoices.tab.status'),
      nowrap: true,
      cell: (deal) => (
        <>
          <StatusChip tone={dealStatusTone(deal.status)}>{t(`code.dealStatus.${deal.status}`)}</StatusChip>
          {deal.status === 'sent' && <Sub>{t('invoices.tab.answerNeeded')}</Sub>}
        </>
      ),
    },
    {
      key: 'total',
      header: t('invoices.tab.total'),
      align: 'end',
      nowrap: true,
      cell: (deal) => formats.yen(deal.total),
    },
    {
      key: 'sentAt',
      header: t('invoices.tab.sentAt'),
      nowrap: true,
      cell: (deal) => formats.instantDay(deal.sentAt),
    },
    {
      key: 'validUntil',
      header: t('invoices.tab.validUntil'),
      nowrap: true,
      cell: (deal) => formats.date(deal.validUntil),
    },
  ];
  const invoiceColumns: TableColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.tab.number'),
      nowrap: true,
      cell: (invoice) => (
        <Link
          to={pathTo('invoice', { invoiceId: invoice.id })}
          aria-label={t('invoices.tab.open', { number: invoice.number ?? '' })}
        >
          {invoice.number}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('invoices.tab.status'),
      nowrap: true,
      cell: (invoice) => (
        <StatusChip tone={invoiceStatusTone(invoice.status, invoice.overdue)}>
          {invoice.overdue ? t('invoices.list.overdue') : t(`code.invoiceStatus.${invoice.status}`)}
        </StatusChip>
      ),
    },
    {
      key: 'issueDate',
      header: t('invoices.tab.issueDate'),
      nowrap: true,
      cell: (i) => formats.date(i.issueDate),
    },
    { key: 'dueDate', header: t('invoices.tab.dueDate'), nowrap: true, cell: (i) => formats.date(i.dueDate) },
    {
      key: 'amountToTransfer',
      header: t('invoices.tab.amountToTransfer'),
      align: 'end',
      nowrap: true,
      cell: (i) => formats.yen(i.amountToTransfer),
    },
    {
      key: 'balance',
      header: t('invoices.tab.balance'),
      align: 'end',
      nowrap: true,
      cell: (i) => (i.status === 'void' ? '—' : formats.yen(i.balance)),
    },
  ];

  const noDeals = deals.data?.length === 0;
  return (
    <Stack>
      <Concierge requestKey={requestKey} readOnly={readOnly} />
      <Card title={t('invoices.tab.estimates')} headingLevel={2}>
        {deals.isLoading ? (
          <LoadingText block>{t('invoices.loading')}</LoadingText>
        ) : noDeals && request.type === 'estimate' ? (
          <Awaited role="status">{t('invoices.tab.awaitingEstimate')}</Awaited>
        ) : (
          <Table
            caption={t('invoices.tab.estimates')}
            captionHidden
            columns={dealColumns}
            rows={deals.data ?? []}
            getRowKey={(deal) => deal.id}
            emptyText={t('invoices.tab.noEstimates')}
          />
        )}
      </Card>
      <Card title={t('invoices.tab.invoices')} headingLevel={2}>
        {invoices.isLoading ? (
          <LoadingText block>{t('invoices.loading')}</LoadingText>
        ) : (
          <Table
            caption={t('invoices.tab.invoices')}
            captionHidden
            columns={invoiceColumns}
            rows={invoices.data ?? []}
            getRowKey={(invoice) => invoice.id}
            emptyText={t('invoices.tab.noInvoices')}
          />
        )}
      </Card>
    </Stack>
  );
}
