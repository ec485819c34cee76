import { billingBinaryPaths, useListInvoicesQuery } from '@ipportal/api-client';
import { invoicePaymentStates } from '@ipportal/domain';
import type { InvoiceListQuery, InvoiceSummary, InvoiceView } from '@ipportal/domain';
import { LoadingText, Select, StatusChip, Table } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { useBillingFormats } from './billing-format';
import { billingOfficeTexts } from './billing-office-texts';
import { CsvButton } from './csv-button';
import { Toolbar } from './panel';
import { billingPageSize, useBillingListParams } from './list-params';
import { ListPager } from './list-pager';
import { searchQuery, SearchFilters } from './search-filters';
import { InvoiceStatusChip } from './status-chips';

type FirmInvoiceView = Extract<InvoiceView, 'draft' | 'issued' | 'overdue'>;

/** One of the office's invoice lists: drafts, all issued (by payment state), overdue. */
function FirmInvoices({ view }: { view: FirmInvoiceView }) {
  useMessages(billingOfficeTexts, domainMessages);
  const list = useBillingListParams('state');
  const { search } = list;
  const state = view === 'issued' ? invoicePaymentStates.find((value) => value === list.filter) : undefined;
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const draft = view === 'draft';
  const issued = view === 'issued';
  const query: InvoiceListQuery = {
    view,
    // The all-issued list reads as the sales book (newest first); the others by what is due.
    sort: draft || issued ? 'issueDate' : 'dueDate',
    order: draft || issued ? 'desc' : 'asc',
    ...(state ? { state } : {}),
    ...searchQuery(search),
  };
  const page = { offset: list.offset, limit: billingPageSize };
  const { data, isLoading, isError } = useListInvoicesQuery({ ...query, ...page });
  // The balance sum means what is still to come in: not over voided or every invoice.
  const withBalance = !draft && (!issued || state === 'unpaid' || state === 'partlyPaid');

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
      cell: (row) =>
        row.status === 'issued' && !row.overdue && row.paidAmount > 0 ? (
          <StatusChip tone="info">{t('billingOffice.invoice.partlyPaid')}</StatusChip>
        ) : (
          <InvoiceStatusChip status={row.status} overdue={row.overdue} />
        ),
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
        key={JSON.stringify(search)}
        value={search}
        onApply={list.setSearch}
        dateLabel={{ from: t('billingOffice.list.issuedFrom'), to: t('billingOffice.list.issuedTo') }}
        extra={
          issued ? (
            <Select
              label={t('billingOffice.list.paymentState')}
              value={state ?? ''}
              // The empty first option: every state.
              placeholder={t('billingOffice.list.paymentStates.all')}
              options={invoicePaymentStates.map((value) => ({
                value,
                label: t(`billingOffice.list.paymentStates.${value}`),
              }))}
              onChange={(event) => list.setFilter(event.target.value)}
            />
          ) : undefined
        }
      />
      <Toolbar>
        <p>
          {data
            ? !withBalance
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
      <ListPager total={data?.total ?? 0} page={list.page} onPage={list.setPage} />
    </div>
  );
}

/** /invoice/firm/drafts */
export function FirmInvoiceDraftsPage() {
  return <FirmInvoices view="draft" />;
}

/**
 * /invoice/firm/issued: every invoice the office issued, paid and voided ones included, by issue
 * date, narrowed by payment state (unpaid, partly paid, paid, void) for the monthly sales booking.
 */
export function FirmIssuedInvoicesPage() {
  return <FirmInvoices view="issued" />;
}

/** /invoice/firm/overdue: issued, unpaid and past the due date. */
export function FirmOverdueInvoicesPage() {
  return <FirmInvoices view="overdue" />;
}
