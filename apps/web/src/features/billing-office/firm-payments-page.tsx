import { useConfirmPaymentMutation, useListPaymentsQuery } from '@ipportal/api-client';
import type { Payment, PaymentListQuery } from '@ipportal/domain';
import {
  Button,
  ConfirmDialog,
  LoadingText,
  PlusIcon,
  Select,
  StatusChip,
  Table,
  useToast,
} from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { failureReason } from '../../shared/failure-reason';
import { useBillingFormats } from './billing-format';
import { billingOfficeTexts } from './billing-office-texts';
import { Filters, Toolbar } from './panel';
import { MatchPaymentDialog, RecordReceivedPaymentDialog } from './payment-dialogs';

type Matched = NonNullable<PaymentListQuery['matched']>;
type Status = NonNullable<PaymentListQuery['status']>;

/**
 * /invoice/firm/payments: the transfers the office received: recorded by the client (to confirm)
 * or by the office from its bank statement (to match to invoices, then confirm).
 */
export function FirmPaymentsPage() {
  useMessages(billingOfficeTexts, domainMessages);
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const [matched, setMatched] = useState<Matched>('all');
  const [status, setStatus] = useState<Status>('all');
  const [recording, setRecording] = useState(false);
  const [matching, setMatching] = useState<Payment | null>(null);
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const { data, isLoading, isError } = useListPaymentsQuery({ matched, status });
  const [confirm, confirmed] = useConfirmPaymentMutation();

  async function confirmReceipt() {
    if (!confirming) return;
    const result = await confirm(confirming.id);
    setConfirming(null);
    if ('error' in result) {
      toast.error(t('billingOffice.payments.confirmFailed'), { detail: failureReason(result.error) });
      return;
    }
    toast.info(t('billingOffice.payments.confirmed'));
  }

  const columns: TableColumn<Payment>[] = [
    {
      key: 'paidOn',
      header: t('billingOffice.payments.paidOn'),
      nowrap: true,
      cell: (row) => formats.date(row.paidOn),
    },
    { key: 'client', header: t('billingOffice.payments.client'), cell: (row) => row.client.name },
    { key: 'remitter', header: t('billingOffice.payments.remitterName'), cell: (row) => row.remitterName },
    {
      key: 'amount',
      header: t('billingOffice.payments.amount'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.amount),
    },
    {
      key: 'allocations',
      header: t('billingOffice.payments.allocations'),
      cell: (row) =>
        row.allocations.length === 0
          ? t('billingOffice.payments.none')
          : row.allocations.map((a) => `${a.invoiceNumber ?? ''} ${formats.yen(a.amount)}`).join(', '),
    },
    {
      key: 'unallocated',
      header: t('billingOffice.payments.unallocated'),
      align: 'end',
      nowrap: true,
      cell: (row) => formats.yen(row.unallocated),
    },
    {
      key: 'status',
      header: t('billingOffice.common.status'),
      cell: (row) => (
        <StatusChip tone={row.status === 'confirmed' ? 'success' : 'warning'}>
          {t(`code.paymentStatus.${row.status}`)}
        </StatusChip>
      ),
    },
    {
      key: 'recordedBy',
      header: t('billingOffice.payments.recordedBy'),
      cell: (row) => t(`billingOffice.payments.recordedByValue.${row.recordedBy}`),
    },
    {
      key: 'actions',
      header: t('billingOffice.payments.actions'),
      nowrap: true,
      cell: (row) =>
        row.status === 'recorded' ? (
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('billingOffice.payments.matchFor', { remitter: row.remitterName })}
              onClick={() => setMatching(row)}
            >
              {t('billingOffice.payments.match')}
            </Button>
            <Button
              size="sm"
              disabled={row.allocations.length === 0}
              aria-label={t('billingOffice.payments.confirmFor', { remitter: row.remitterName })}
              onClick={() => setConfirming(row)}
            >
              {t('billingOffice.payments.confirm')}
            </Button>
          </span>
        ) : (
          formats.instantDay(row.confirmedAt)
        ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <Filters as="div" style={{ marginBottom: 0 }}>
          <Select
            label={t('billingOffice.payments.matchedFilter')}
            placeholder={null}
            value={matched}
            options={(['all', 'unmatched', 'matched'] as const).map((value) => ({
              value,
              label: t(`billingOffice.payments.matchedValue.${value}`),
            }))}
            onChange={(e) => setMatched(e.target.value as Matched)}
          />
          <Select
            label={t('billingOffice.common.status')}
            placeholder={null}
            value={status}
            options={(['all', 'recorded', 'confirmed'] as const).map((value) => ({
              value,
              label: value === 'all' ? t('billingOffice.list.allStatuses') : t(`code.paymentStatus.${value}`),
            }))}
            onChange={(e) => setStatus(e.target.value as Status)}
          />
        </Filters>
        <Button onClick={() => setRecording(true)}>
          <PlusIcon size={16} /> {t('billingOffice.payments.record')}
        </Button>
      </Toolbar>
      <p>{t('billingOffice.payments.intro')}</p>
      {isLoading ? (
        <LoadingText block>{t('billingOffice.common.loading')}</LoadingText>
      ) : isError ? (
        <p role="alert">{t('billingOffice.common.loadFailed')}</p>
      ) : (
        <Table
          caption={t('route.firmPayments')}
          captionHidden
          columns={columns}
          rows={data?.items ?? []}
          getRowKey={(row) => row.id}
          emptyText={t('billingOffice.payments.empty')}
        />
      )}
      {recording && <RecordReceivedPaymentDialog onClose={() => setRecording(false)} />}
      {matching && <MatchPaymentDialog payment={matching} onClose={() => setMatching(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        title={t('billingOffice.payments.confirmTitle')}
        message={
          confirming
            ? t('billingOffice.payments.confirmMessage', {
                remitter: confirming.remitterName,
                amount: formats.yen(confirming.amount),
                date: formats.date(confirming.paidOn),
              })
            : ''
        }
        confirmLabel={t('billingOffice.payments.confirm')}
        loading={confirmed.isLoading}
        onConfirm={() => void confirmReceipt()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
