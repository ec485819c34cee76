import { billingBinaryPaths, useListDealsQuery } from '@ipportal/api-client';
import { dealStatuses } from '@ipportal/domain';
import type { DealListQuery, DealSummary } from '@ipportal/domain';
import { LoadingText, Select, Table } from '@ipportal/ui';
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
import { DealStatusChip } from './status-chips';

type StatusFilter = NonNullable<DealListQuery['status']>;

/** /invoice/firm/estimates: the office's estimates, searchable by status, date, amount and client. */
export function FirmEstimatesPage() {
  useMessages(billingOfficeTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const list = useBillingListParams('status');
  const { search } = list;
  const status: StatusFilter = dealStatuses.values.find((value) => value === list.filter) ?? 'all';
  const query: DealListQuery = { status, ...searchQuery(search) };
  const { data, isLoading, isError } = useListDealsQuery({
    ...query,
    offset: list.offset,
    limit: billingPageSize,
  });

  const columns: TableColumn<DealSummary>[] = [
    {
      key: 'number',
      header: t('billingOffice.list.number'),
      nowrap: true,
      cell: (row) => (
        <Link
          to={hrefTo(
            'requestEstimateBill',
            { projectId: row.subject.projectId, requestId: String(row.subject.requestId) },
            { deal: row.id },
          )}
        >
          {t('billingOffice.list.numberVersion', { number: row.number, version: row.version })}
        </Link>
      ),
    },
    { key: 'title', header: t('billingOffice.estimate.title'), cell: (row) => row.title },
    { key: 'client', header: t('billingOffice.list.client'), cell: (row) => row.client.name },
    {
      key: 'subject',
      header: t('billingOffice.list.subject'),
      cell: (row) => `${row.subject.refrenceCode} / ${row.subject.requestName}`,
    },
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
      key: 'date',
      header: t('billingOffice.list.sentOn'),
      nowrap: true,
      cell: (row) => formats.instantDay(row.sentAt ?? row.createdAt),
    },
    {
      key: 'validUntil',
      header: t('billingOffice.estimate.validUntil'),
      nowrap: true,
      cell: (row) => formats.date(row.validUntil),
    },
  ];

  return (
    <div>
      <SearchFilters
        key={JSON.stringify(search)}
        value={search}
        onApply={list.setSearch}
        dateLabel={{ from: t('billingOffice.list.sentFrom'), to: t('billingOffice.list.sentTo') }}
        extra={
          <Select
            label={t('billingOffice.common.status')}
            placeholder={null}
            value={status}
            options={[
              { value: 'all', label: t('billingOffice.list.allStatuses') },
              ...dealStatuses.values.map((value) => ({ value, label: t(`code.dealStatus.${value}`) })),
            ]}
            onChange={(e) => list.setFilter(e.target.value === 'all' ? '' : e.target.value)}
          />
        }
      />
      <Toolbar>
        <p>{data ? t('billingOffice.list.count', { count: data.total }) : ''}</p>
        <CsvButton path={billingBinaryPaths.dealsCsv(query)} name="estimates" />
      </Toolbar>
      {isLoading ? (
        <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>
      ) : isError ? (
        <p role="alert">{t('billingOffice.common.loadFailed')}</p>
      ) : (
        <Table
          caption={t('route.firmEstimates')}
          captionHidden
          columns={columns}
          rows={data?.items ?? []}
          getRowKey={(row) => row.id}
          emptyText={t('billingOffice.list.noEstimates')}
          minWidth={960}
          stickyFirstColumn
        />
      )}
      <ListPager total={data?.total ?? 0} page={list.page} onPage={list.setPage} />
    </div>
  );
}
