import type { DealSummary, InvoiceSummary } from '@ipportal/domain';
import { StatusChip } from '@ipportal/ui';
import type { StatusTone } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';

const dealTones: Record<DealSummary['status'], StatusTone> = {
  draft: 'neutral',
  sent: 'info',
  accepted: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
  superseded: 'neutral',
  expired: 'warning',
};

const invoiceTones: Record<InvoiceSummary['status'], StatusTone> = {
  draft: 'neutral',
  issued: 'info',
  paid: 'success',
  void: 'neutral',
};

export function DealStatusChip({ status }: { status: DealSummary['status'] }) {
  const { t } = useTranslation();
  return <StatusChip tone={dealTones[status]}>{t(`code.dealStatus.${status}`)}</StatusChip>;
}

/** An invoice's status; an issued invoice past its due date reads overdue. */
export function InvoiceStatusChip({
  status,
  overdue,
}: {
  status: InvoiceSummary['status'];
  overdue: boolean;
}) {
  const { t } = useTranslation();
  if (overdue && status === 'issued')
    return <StatusChip tone="danger">{t('billingOffice.invoice.overdue')}</StatusChip>;
  return <StatusChip tone={invoiceTones[status]}>{t(`code.invoiceStatus.${status}`)}</StatusChip>;
}
