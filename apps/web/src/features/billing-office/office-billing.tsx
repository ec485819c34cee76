import {
  useGetBillingProfileQuery,
  useGetDealQuery,
  useGetInvoiceQuery,
  useListRequestDealsQuery,
  useListRequestInvoicesQuery,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { DealSummary, InvoiceSummary } from '@ipportal/domain';
import { Button, Card, LoadingText, PlusIcon, Table } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { useBillingFormats } from './billing-format';
import { billingOfficeTexts } from './billing-office-texts';
import { DealView } from './deal-view';
import { DraftEditor } from './draft-editor';
import { estimateDraft } from './estimate-draft';
import { invoiceDraft } from './invoice-draft';
import { InvoiceView } from './invoice-view';
import { DealStatusChip, InvoiceStatusChip } from './status-chips';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl}px;
`;

export interface OfficeBillingProps {
  requestKey: RequestKey;
  /** A deleted matter's requests are read-only: the lists show, nothing is drafted. */
  readOnly: boolean;
}

/** The document the tab opens, from the query: `?deal=`, `?invoice=`, or `?new=estimate|invoice`. */
function useSelection() {
  const [params, setParams] = useSearchParams();
  const open = (next: Record<string, string>) => setParams(next, { replace: false });
  return {
    dealId: params.get('deal'),
    invoiceId: params.get('invoice'),
    creating: params.get('new') as 'estimate' | 'invoice' | null,
    openDeal: (id: string) => open({ deal: id }),
    openInvoice: (id: string) => open({ invoice: id }),
    create: (kind: 'estimate' | 'invoice') => open({ new: kind }),
    close: () => open({}),
  };
}

function SelectedDeal({
  requestKey,
  dealId,
  individual,
}: {
  requestKey: RequestKey;
  dealId: string;
  individual: boolean;
}) {
  const { t } = useTranslation();
  const selection = useSelection();
  const { data: deal, isLoading, isError } = useGetDealQuery({ ...requestKey, dealId });
  if (isLoading) return <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>;
  if (!deal || isError) return <p role="alert">{t('billingOffice.common.loadFailed')}</p>;
  if (deal.status === 'draft')
    return (
      <DraftEditor
        key={`${deal.id}:${deal.updatedAt}`}
        kind={estimateDraft}
        requestKey={requestKey}
        draft={deal}
        individual={individual}
        onSaved={(saved) => selection.openDeal(saved.id)}
        onClose={selection.close}
      />
    );
  return (
    <DealView
      requestKey={requestKey}
      deal={deal}
      onOpenDeal={selection.openDeal}
      onOpenInvoice={(invoice) => selection.openInvoice(invoice.id)}
      onClose={selection.close}
    />
  );
}

function SelectedInvoice({
  requestKey,
  invoiceId,
  individual,
}: {
  requestKey: RequestKey;
  invoiceId: string;
  individual: boolean;
}) {
  const { t } = useTranslation();
  const selection = useSelection();
  const { data: invoice, isLoading, isError } = useGetInvoiceQuery(invoiceId);
  if (isLoading) return <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>;
  if (!invoice || isError) return <p role="alert">{t('billingOffice.common.loadFailed')}</p>;
  if (invoice.status === 'draft')
    return (
      <DraftEditor
        key={`${invoice.id}:${invoice.updatedAt}`}
        kind={invoiceDraft}
        requestKey={requestKey}
        draft={invoice}
        individual={individual}
        onSaved={(saved) => selection.openInvoice(saved.id)}
        onClose={selection.close}
      />
    );
  return (
    <InvoiceView
      requestKey={requestKey}
      invoice={invoice}
      onOpenInvoice={(next) => selection.openInvoice(next.id)}
      onClose={selection.close}
    />
  );
}

/**
 * The office's side of a request's estimate/billing tab: the request's estimates and invoices,
 * and the one opened from them (an editor while a draft, the stored document afterwards).
 */
export function OfficeBilling({ requestKey, readOnly }: OfficeBillingProps) {
  useMessages(billingOfficeTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const selection = useSelection();
  const deals = useListRequestDealsQuery(requestKey);
  const invoices = useListRequestInvoicesQuery(requestKey);
  const profile = useGetBillingProfileQuery();
  const individual = profile.data?.individual ?? false;

  const dealColumns: TableColumn<DealSummary>[] = [
    {
      key: 'number',
      header: t('billingOffice.list.number'),
      nowrap: true,
      cell: (row) => (
        <Button variant="tertiary" size="sm" onClick={() => selection.openDeal(row.id)}>
          {t('billingOffice.list.numberVersion', { number: row.number, version: row.version })}
        </Button>
      ),
    },
    { key: 'title', header: t('billingOffice.estimate.title'), cell: (row) => row.title },
    {
      key: 'status',
      header: t('billingOffice.common.status'),
      cell: (row) => <DealStatusChip status={row.status} />,
    },
    {
      key: 'total',
      header: t('billingOffice.list.total'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.total),
    },
    {
      key: 'validUntil',
      header: t('billingOffice.estimate.validUntil'),
      nowrap: true,
      cell: (row) => formats.date(row.validUntil),
    },
  ];
  const invoiceColumns: TableColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('billingOffice.list.number'),
      nowrap: true,
      cell: (row) => (
        <Button variant="tertiary" size="sm" onClick={() => selection.openInvoice(row.id)}>
          {row.number ?? t('billingOffice.invoice.draftNumber')}
        </Button>
      ),
    },
    { key: 'kind', header: t('billingOffice.list.kind'), cell: (row) => t(`code.invoiceKind.${row.kind}`) },
    {
      key: 'status',
      header: t('billingOffice.common.status'),
      cell: (row) => <InvoiceStatusChip status={row.status} overdue={row.overdue} />,
    },
    {
      key: 'issueDate',
      header: t('billingOffice.invoice.issueDate'),
      nowrap: true,
      cell: (row) => formats.date(row.issueDate),
    },
    {
      key: 'dueDate',
      header: t('billingOffice.invoice.dueDate'),
      nowrap: true,
      cell: (row) => formats.date(row.dueDate),
    },
    {
      key: 'total',
      header: t('billingOffice.list.total'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.total),
    },
    {
      key: 'balance',
      header: t('billingOffice.list.balance'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.balance),
    },
  ];

  return (
    <Stack>
      <Card
        title={t('billingOffice.tab.estimates')}
        headingLevel={2}
        actions={
          !readOnly && (
            <Button size="sm" onClick={() => selection.create('estimate')}>
              <PlusIcon size={16} /> {t('billingOffice.tab.newEstimate')}
            </Button>
          )
        }
      >
        {deals.isLoading ? (
          <LoadingText>{t('billingOffice.common.loading')}</LoadingText>
        ) : (
          <Table
            caption={t('billingOffice.tab.estimates')}
            captionHidden
            columns={dealColumns}
            rows={deals.data ?? []}
            getRowKey={(row) => row.id}
            selectedRowKey={selection.dealId ?? undefined}
            emptyText={t('billingOffice.tab.noEstimates')}
          />
        )}
      </Card>
      <Card
        title={t('billingOffice.tab.invoices')}
        headingLevel={2}
        actions={
          !readOnly && (
            <Button size="sm" variant="secondary" onClick={() => selection.create('invoice')}>
              <PlusIcon size={16} /> {t('billingOffice.tab.newInvoice')}
            </Button>
          )
        }
      >
        {invoices.isLoading ? (
          <LoadingText>{t('billingOffice.common.loading')}</LoadingText>
        ) : (
          <Table
            caption={t('billingOffice.tab.invoices')}
            captionHidden
            columns={invoiceColumns}
            rows={invoices.data ?? []}
            getRowKey={(row) => row.id}
            selectedRowKey={selection.invoiceId ?? undefined}
            emptyText={t('billingOffice.tab.noInvoices')}
          />
        )}
      </Card>
      {selection.creating === 'estimate' && !readOnly && (
        <DraftEditor
          kind={estimateDraft}
          requestKey={requestKey}
          draft={null}
          individual={individual}
          onSaved={(deal) => selection.openDeal(deal.id)}
          onClose={selection.close}
        />
      )}
      {selection.creating === 'invoice' && !readOnly && (
        <DraftEditor
          kind={invoiceDraft}
          requestKey={requestKey}
          draft={null}
          individual={individual}
          onSaved={(invoice) => selection.openInvoice(invoice.id)}
          onClose={selection.close}
        />
      )}
      {selection.dealId && (
        <SelectedDeal
          key={selection.dealId}
          requestKey={requestKey}
          dealId={selection.dealId}
          individual={individual}
        />
      )}
      {selection.invoiceId && (
        <SelectedInvoice
          key={selection.invoiceId}
          requestKey={requestKey}
          invoiceId={selection.invoiceId}
          individual={individual}
        />
      )}
    </Stack>
  );
}
