import { useListPaymentsQuery } from '@ipportal/api-client';
import type { Payment } from '@ipportal/domain';
import { Button, EmptyState, LoadingText, StatusChip, Table } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { pathTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { selectUserType } from '../auth';
import { billingDocumentTexts, useBillingFormats } from '../billing-documents';
import { invoiceNumberWithIssuer } from './invoice-number';
import { invoiceTexts } from './invoice-texts';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

/** /invoice/payment-history: each transfer with what it paid of each invoice, newest first. */
export function PaymentHistoryPage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const office = useAppSelector(selectUserType) === 'PATENT';
  const { data, isLoading, error, refetch } = useListPaymentsQuery({ limit: 500 });
  if (isLoading) return <LoadingText block>{t('invoices.loading')}</LoadingText>;
  if (!data && error)
    return (
      <EmptyState
        headingLevel={2}
        title={t('invoices.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('invoices.retry')}</Button>}
      />
    );
  const columns: TableColumn<Payment>[] = [
    {
      key: 'paidOn',
      header: t('invoices.history.paidOn'),
      nowrap: true,
      cell: (p) => formats.date(p.paidOn),
    },
    {
      key: 'office',
      header: office ? t('invoices.list.client') : t('invoices.history.office'),
      cell: (p) => (office ? p.client.name : p.firm.name),
    },
    {
      key: 'amount',
      header: t('invoices.history.amount'),
      align: 'end',
      nowrap: true,
      cell: (p) => formats.yen(p.amount),
    },
    {
      key: 'remitter',
      header: t('invoices.history.remitter'),
      cell: (p) => (
        <>
          {p.remitterName}
          <Sub>{t(`code.bankFeeBearer.${p.bankFeeBorneBy}`)}</Sub>
        </>
      ),
    },
    {
      key: 'allocations',
      header: t('invoices.history.allocations'),
      cell: (p) => (
        <List>
          {p.allocations.map((allocation) => (
            <li key={allocation.invoiceId}>
              <Link to={pathTo('invoice', { invoiceId: allocation.invoiceId })}>
                {t('invoices.history.allocationLine', {
                  number: office
                    ? (allocation.invoiceNumber ?? '')
                    : invoiceNumberWithIssuer(t, allocation.invoiceNumber, p.firm.name),
                  amount: formats.yen(allocation.amount),
                })}
              </Link>
            </li>
          ))}
          {p.unallocated > 0 && (
            <li>{t('invoices.history.unallocated', { amount: formats.yen(p.unallocated) })}</li>
          )}
        </List>
      ),
    },
    {
      key: 'recordedBy',
      header: t('invoices.history.recordedBy'),
      nowrap: true,
      cell: (p) =>
        p.recordedBy === 'client'
          ? t('invoices.history.recordedByClient')
          : t('invoices.history.recordedByOffice'),
    },
    {
      key: 'status',
      header: t('invoices.history.status'),
      nowrap: true,
      cell: (p) => (
        <>
          <StatusChip tone={p.status === 'confirmed' ? 'success' : 'warning'}>
            {t(`code.paymentStatus.${p.status}`)}
          </StatusChip>
          {p.confirmedAt && (
            <Sub>{t('invoices.history.confirmedAt', { date: formats.instantDay(p.confirmedAt) })}</Sub>
          )}
        </>
      ),
    },
  ];
  return (
    <Table
      caption={t('invoices.history.paymentsCaption')}
      captionHidden
      columns={columns}
      rows={data?.items ?? []}
      getRowKey={(p) => p.id}
      emptyText={t('invoices.history.empty')}
    />
  );
}
