import {
  billingBinaryPaths,
  fetchRequestBlob,
  useListCounterpartiesQuery,
  useListInvoicesQuery,
} from '@ipportal/api-client';
import type { InvoiceListQuery, InvoiceSummary, InvoiceView } from '@ipportal/domain';
import {
  Button,
  Checkbox,
  EmptyState,
  LoadingText,
  Select,
  StatusChip,
  Table,
  TextField,
  useToast,
} from '@ipportal/ui';
import type { TableColumn, TableSort } from '@ipportal/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { hrefTo, pathTo } from '../../routes/paths';
import { failureReason } from '../../shared/failure-reason';
import { saveFile } from '../../shared/save-file';
import { VisuallyHidden } from '../../shared/visually-hidden';
import { selectUserType } from '../auth';
import { invoiceStatusTone, useBillingFormats } from '../billing-documents';
import { invoiceNumberWithIssuer } from './invoice-number';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

const Overdue = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

const Amount = styled.span`
  white-space: nowrap;
`;

const NumberCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
`;

/*
 * The whole table fits a 1366 px window beside the sidebar (about 1,040 px of content with a page
 * scrollbar), Status included: the one-line columns (number, short dates, amounts, status) take
 * what they need and the wrapping ones these widths, which keep five or more Japanese characters
 * a line. Narrower than `tableMinWidth` the table scrolls sideways instead.
 */
const columnWidths = { office: 110, matter: 140, request: 120 } as const;
const tableMinWidth = 1000;

/** Table columns that the server sorts by, with the server's sort key. */
const serverSort: Record<string, NonNullable<InvoiceListQuery['sort']>> = {
  number: 'number',
  office: 'counterparty',
  issueDate: 'issueDate',
  dueDate: 'dueDate',
  amountToTransfer: 'total',
};

export interface InvoiceListProps {
  view: InvoiceView;
  /** The unpaid list filters by due date; the others by issue date. */
  dateFilter: 'dueBy' | 'issued';
  defaultSort: TableSort;
  /** Rows can be selected (the unpaid list: pay several invoices of one office together). */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (selected: Set<string>, rows: readonly InvoiceSummary[]) => void;
  };
  /** Above the table, beside the counts (the pay-together button). */
  toolbar?: (rows: readonly InvoiceSummary[]) => ReactNode;
}

/**
 * The client's invoice lists (unpaid, paid, every issued one): number, office, matter, request,
 * dates, amounts, balance, overdue marked; filtered by office and date, sorted on the server,
 * exported as CSV through the API (the columns accountants import).
 */
export function InvoiceList({ view, dateFilter, defaultSort, selection, toolbar }: InvoiceListProps) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const office = useAppSelector(selectUserType) === 'PATENT';
  const [counterpartyId, setCounterpartyId] = useState('');
  const [dueBy, setDueBy] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<TableSort>(defaultSort);
  const [exporting, setExporting] = useState(false);
  const { data: counterparties } = useListCounterpartiesQuery();
  const query: InvoiceListQuery = {
    view,
    sort: serverSort[sort.key] ?? 'dueDate',
    order: sort.direction,
    limit: 500,
    ...(counterpartyId ? { counterpartyId } : {}),
    ...(dateFilter === 'dueBy' && dueBy ? { dueBy } : {}),
    ...(dateFilter === 'issued' && from ? { from } : {}),
    ...(dateFilter === 'issued' && to ? { to } : {}),
  };
  const { data, isLoading, isFetching, error, refetch } = useListInvoicesQuery(query);
  const rows = useMemo(() => data?.items ?? [], [data]);

  async function exportCsv() {
    setExporting(true);
    const result = await dispatch(fetchRequestBlob(billingBinaryPaths.invoicesCsv({ ...query, limit: 500 })));
    setExporting(false);
    if ('error' in result) {
      toast.error(t('invoices.list.csvFailed'), { detail: failureReason(result.error) });
      return;
    }
    saveFile(`invoices-${view}.csv`, result.data);
  }

  const selectable = selection && !office;
  // The office numbers its own series; a client names the issuer with each number.
  const numberOf = (row: InvoiceSummary) =>
    office ? (row.number ?? '') : invoiceNumberWithIssuer(t, row.number, row.firm.name);
  const toggle = (row: InvoiceSummary, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(row.id);
    else next.delete(row.id);
    selection.onChange(next, rows);
  };

  const columns: TableColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.list.number'),
      sortable: true,
      nowrap: true,
      // The checkbox sits in the number's cell, so that the column kept in view while the table
      // scrolls sideways (narrow windows) holds both.
      cell: (row) => (
        <NumberCell>
          {selectable && (
            <Checkbox
              label={<VisuallyHidden>{t('invoices.list.select', { number: numberOf(row) })}</VisuallyHidden>}
              checked={selection.selected.has(row.id)}
              disabled={row.balance <= 0}
              onChange={(event) => toggle(row, event.target.checked)}
            />
          )}
          <Link
            to={pathTo('invoice', { invoiceId: row.id })}
            aria-label={t('invoices.list.open', { number: numberOf(row) })}
          >
            {row.number}
          </Link>
        </NumberCell>
      ),
    },
    {
      key: 'office',
      header: office ? t('invoices.list.client') : t('invoices.list.office'),
      sortable: true,
      width: columnWidths.office,
      cell: (row) => (office ? row.client.name : row.firm.name),
    },
    {
      key: 'matter',
      header: t('invoices.list.matter'),
      width: columnWidths.matter,
      cell: (row) => (
        <>
          {row.subject.refrenceCode}
          <Sub>{row.subject.projectTitle}</Sub>
        </>
      ),
    },
    {
      key: 'request',
      header: t('invoices.list.request'),
      width: columnWidths.request,
      cell: (row) => (
        <Link
          to={hrefTo('requestEstimateBill', {
            projectId: row.subject.projectId,
            requestId: String(row.subject.requestId),
          })}
        >
          {row.subject.requestName}
        </Link>
      ),
    },
    {
      key: 'issueDate',
      header: t('invoices.list.issueDate'),
      sortable: true,
      nowrap: true,
      cell: (row) => formats.shortDate(row.issueDate),
    },
    {
      key: 'dueDate',
      header: t('invoices.list.dueDate'),
      sortable: true,
      nowrap: true,
      cell: (row) => (
        <>
          {formats.shortDate(row.dueDate)}
          {row.overdue && <Overdue>{t('invoices.list.overdue')}</Overdue>}
        </>
      ),
    },
    {
      key: 'amountToTransfer',
      header: t('invoices.list.amountToTransfer'),
      sortable: true,
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.amountToTransfer),
    },
    {
      key: 'balance',
      header: t('invoices.list.balance'),
      align: 'end',
      // The amount stays on one line; the pending note under it may wrap.
      cell: (row) => (
        <>
          <Amount>{formats.yen(row.balance)}</Amount>
          {row.pendingAmount > 0 && (
            <Sub>{t('invoices.list.pending', { amount: formats.yen(row.pendingAmount) })}</Sub>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('invoices.list.status'),
      nowrap: true,
      cell: (row) => (
        <StatusChip tone={invoiceStatusTone(row.status, row.overdue)}>
          {row.overdue ? t('invoices.list.overdue') : t(`code.invoiceStatus.${row.status}`)}
        </StatusChip>
      ),
    },
  ];

  const filtered = counterpartyId !== '' || dueBy !== '' || from !== '' || to !== '';
  return (
    <>
      <Filters>
        <Select
          label={t('invoices.list.filterOffice')}
          placeholder={null}
          value={counterpartyId}
          onChange={(event) => setCounterpartyId(event.target.value)}
          options={[
            { value: '', label: t('invoices.list.allOffices') },
            ...(counterparties ?? []).map((counterparty) => ({
              value: counterparty.id,
              label: counterparty.name,
            })),
          ]}
        />
        {dateFilter === 'dueBy' ? (
          <TextField
            type="date"
            label={t('invoices.list.dueBy')}
            value={dueBy}
            onChange={(e) => setDueBy(e.target.value)}
          />
        ) : (
          <>
            <TextField
              type="date"
              label={t('invoices.list.issuedFrom')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextField
              type="date"
              label={t('invoices.list.issuedTo')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </>
        )}
        {filtered && (
          <Button
            variant="tertiary"
            onClick={() => {
              setCounterpartyId('');
              setDueBy('');
              setFrom('');
              setTo('');
            }}
          >
            {t('invoices.list.clearFilters')}
          </Button>
        )}
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          {t('invoices.list.csv')}
        </Button>
      </Filters>
      {data && (
        <Summary aria-live="polite">
          <span>{t('invoices.list.count', { count: data.total })}</span>
          {view !== 'paid' && (
            <span>{t('invoices.list.balanceSum', { amount: formats.yen(data.balanceSum) })}</span>
          )}
          {toolbar?.(rows)}
        </Summary>
      )}
      {isLoading ? (
        <LoadingText block>{t('invoices.loading')}</LoadingText>
      ) : !data && error ? (
        <EmptyState
          headingLevel={2}
          title={t('invoices.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('invoices.retry')}</Button>}
        />
      ) : (
        <Table
          caption={t('invoices.list.caption')}
          captionHidden
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          sort={sort}
          manualSorting
          onSortChange={(next) => setSort(next ?? defaultSort)}
          emptyText={isFetching ? t('invoices.loading') : t('invoices.list.empty')}
          minWidth={tableMinWidth}
          stickyFirstColumn
        />
      )}
    </>
  );
}
