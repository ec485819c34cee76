import { billingBinaryPaths, useListInvoicesQuery } from '@ipportal/api-client';
import type { InvoiceListQuery, InvoiceSummary, InvoiceView } from '@ipportal/domain';
import { LoadingText, Table } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { useBillingFormats } from './billing-format';
import { billingOfficeTexts } from './billing-office-texts';
import { CsvButton } from './csv-button';
import { Toolbar } from './panel';
import { emptySearch, searchQuery, SearchFilters } from './search-filters';
import type { BillingSearch } from './search-filters';
import { InvoiceStatusChip } from './status-chips';

/** One of the office's invoice lists: drafts, issued (unpaid), overdue. */
function FirmInvoices({ view }: { view: Extract<InvoiceView, 'draft' | 'unpaid' | 'overdue'> }) {
  useMessages(billingOfficeTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const [search, setSearch] = useState<BillingSearch>(emptySearch);
  const query: InvoiceListQuery = {
    view,
    sort: view === 'draft' ? 'issueDate' : 'dueDate',
    order: view === 'draft' ? 'desc' : 'asc',
    ...searchQuery(search),
  };
  const { data, isLoading, isError } = useListInvoicesQuery(query);
  const draft = view === 'draft';

  const columns: TableColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('billingOffice.list.number'),
      nowrap: true,
      cell: (row) => (
        <Link
          to={hrefTo(
            'requestEstimateBill',
            { projectId: row.subject.projectId, requestId: String(row.subject.requestId) },
            { invoice: row.id },
          )}
        >
          {row.number ?? t('billingOffice.invoice.draftNumber')}
        </Link>
      ),
    },
    { key: 'kind', header: t('billingOffice.list.kind'), cell: (row) => t(`code.invoiceKind.${row.kind}`) },
    { key: 'client', header: t('billingOffice.list.client'), cell: (row) => row.client.name },
    {
      key: 'subject',
      header: t('billingOffice.list.subject'),
      cell: (row) => `${row.subject.refrenceCode} / ${row.subject.requestName}`,
    },
    ...(draft
      ? [
          {
            key: 'created',
            header: t('billingOffice.list.createdOn'),
            nowrap: true,
            cell: (row: InvoiceSummary) => formats.instantDay(row.createdAt),
          },
        ]
      : [
          {
            key: 'issueDate',
            header: t('billingOffice.invoice.issueDate'),
            nowrap: true,
            cell: (row: InvoiceSummary) => formats.date(row.issueDate),
          },
        ]),
    {
      key: 'dueDate',
      header: t('billingOffice.invoice.dueDate'),
      nowrap: true,
      cell: (row) => formats.date(row.dueDate),
    },
    {
      key: 'status',
      header: t('billingOffice.common.status'),
      cell: (row) => <InvoiceStatusChip status={row.status} overdue={row.overdue} />,
    },
    {
      key: 'total',
      header: t('billingOffice.list.amountToTransfer'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.amountToTransfer),
    },
    ...(draft
      ? []
      : [
          {
            key: 'balance',
            header: t('billingOffice.list.balance'),
            align: 'end' as const,
            nowrap: true,
            cell: (row: InvoiceSummary) => formats.yen(row.balance),
          },
        ]),
  ];

  return (
    <div>
      <SearchFilters
        value={search}
        onApply={setSearch}
        dateLabel={{ from: t('billingOffice.list.issuedFrom'), to: t('billingOffice.list.issuedTo') }}
      />
      <Toolbar>
        <p>
          {data
            ? draft
              ? t('billingOffice.list.count', { count: data.total })
              : t('billingOffice.list.countWithBalance', {
                  count: data.total,
                  balance: formats.yen(data.balanceSum),
                })
            : ''}
        </p>
        {!draft && <CsvButton path={billingBinaryPaths.invoicesCsv(query)} name={`invoices-${view}`} />}
      </Toolbar>
      {isLoading ? (
        <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>
      ) : isError ? (
        <p role="alert">{t('billingOffice.common.loadFailed')}</p>
      ) : (
        <Table
          caption={t(`billingOffice.list.caption.${view}`)}
          captionHidden
          columns={columns}
          rows={data?.items ?? []}
          getRowKey={(row) => row.id}
          emptyText={t(`billingOffice.list.empty.${view}`)}
        />
      )}
    </div>
  );
}

/** /invoice/firm/drafts */
export function FirmInvoiceDraftsPage() {
  return <FirmInvoices view="draft" />;
}

/** /invoice/firm/issued: issued invoices with a balance, by due date. */
export function FirmIssuedInvoicesPage() {
  return <FirmInvoices view="unpaid" />;
}

/** /invoice/firm/overdue: issued, unpaid and past the due date. */
export function FirmOverdueInvoicesPage() {
  return <FirmInvoices view="overdue" />;
}
