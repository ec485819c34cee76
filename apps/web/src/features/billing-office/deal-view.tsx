import { todayInJapan } from '@ipportal/domain';
import {
  useCreateInvoiceMutation,
  useReviseDealMutation,
  useWithdrawDealMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { Deal, Invoice } from '@ipportal/domain';
import { Button, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../routes/paths';
import { ButtonLink, FormActions } from '../../shared/forms/form-parts';
import { failureReason } from '../../shared/failure-reason';
import { useBillingFormats } from './billing-format';
import { EditorPanel, Fact, Facts } from './panel';
import { ReasonDialog } from './reason-dialog';
import { EstimateDocument } from '../billing-documents';
import { DealStatusChip } from './status-chips';

export interface DealViewProps {
  requestKey: RequestKey;
  deal: Deal;
  /** A revision started (a new draft version) or an invoice drafted from the estimate. */
  onOpenDeal: (dealId: string) => void;
  onOpenInvoice: (invoice: Invoice) => void;
  onClose: () => void;
}

/**
 * A sent (or decided) estimate, as stored: it never changes. Revise a sent, declined or expired
 * one (a new draft version), withdraw a sent one, invoice an accepted one, open the printable page.
 */
export function DealView({ requestKey, deal, onOpenDeal, onOpenInvoice, onClose }: DealViewProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const [revise, revising] = useReviseDealMutation();
  const [withdraw, withdrawing] = useWithdrawDealMutation();
  const [createInvoice, invoicing] = useCreateInvoiceMutation();
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const busy = revising.isLoading || withdrawing.isLoading || invoicing.isLoading;
  const revisable = deal.status === 'sent' || deal.status === 'declined' || deal.status === 'expired';

  async function startRevision() {
    const result = await revise({ ...requestKey, dealId: deal.id });
    if ('error' in result) {
      toast.error(t('billingOffice.estimate.reviseFailed'), { detail: failureReason(result.error) });
      return;
    }
    onOpenDeal(result.data.id);
  }

  async function confirmWithdraw(reason: string) {
    const result = await withdraw({ ...requestKey, dealId: deal.id, reason: reason.trim() || undefined });
    if ('error' in result) {
      toast.error(t('billingOffice.estimate.withdrawFailed'), { detail: failureReason(result.error) });
      return;
    }
    setWithdrawOpen(false);
    toast.info(t('billingOffice.estimate.withdrawn'));
  }

  async function invoice() {
    const result = await createInvoice({
      ...requestKey,
      body: { dealId: deal.id, transactionDate: todayInJapan() },
    });
    if ('error' in result) {
      toast.error(t('billingOffice.invoice.createFailed'), { detail: failureReason(result.error) });
      return;
    }
    onOpenInvoice(result.data);
  }

  const heading = t('billingOffice.estimate.viewHeading', { number: deal.number, version: deal.version });
  return (
    <EditorPanel aria-label={heading}>
      <h2>{heading}</h2>
      <Facts>
        <dt>{t('billingOffice.common.status')}</dt>
        <dd>
          <DealStatusChip status={deal.status} />
        </dd>
        <dt>{t('billingOffice.estimate.title')}</dt>
        <dd>{deal.title}</dd>
        <dt>{t('billingOffice.estimate.recipient')}</dt>
        <dd>{deal.recipient.name}</dd>
        <dt>{t('billingOffice.estimate.validUntil')}</dt>
        <dd>{deal.validUntil ? formats.date(deal.validUntil) : t('billingOffice.common.none')}</dd>
        <Fact label={t('billingOffice.estimate.sentAt')}>
          {deal.sentAt && formats.instantDay(deal.sentAt)}
        </Fact>
        <Fact label={t('billingOffice.estimate.decidedAt')}>
          {deal.decidedAt &&
            `${formats.instantDay(deal.decidedAt)}${deal.decidedBy ? ` (${deal.decidedBy.name})` : ''}`}
        </Fact>
        <Fact label={t('billingOffice.estimate.declineReason')}>{deal.declineReason}</Fact>
        <Fact label={t('billingOffice.estimate.withdrawReason')}>{deal.withdrawReason}</Fact>
        <Fact label={t('billingOffice.estimate.notes')}>{deal.notes}</Fact>
      </Facts>
      <FormActions>
        <ButtonLink
          to={pathTo('estimate', {
            projectId: requestKey.projectId,
            requestId: String(requestKey.requestId),
            dealId: deal.id,
          })}
        >
          {t('billingOffice.estimate.printable')}
        </ButtonLink>
        {deal.status === 'accepted' && (
          <Button loading={invoicing.isLoading} disabled={busy} onClick={() => void invoice()}>
            {t('billingOffice.estimate.createInvoice')}
          </Button>
        )}
        {revisable && (
          <Button
            variant="secondary"
            loading={revising.isLoading}
            disabled={busy}
            onClick={() => void startRevision()}
          >
            {t('billingOffice.estimate.revise')}
          </Button>
        )}
        {deal.status === 'sent' && (
          <Button variant="danger" disabled={busy} onClick={() => setWithdrawOpen(true)}>
            {t('billingOffice.estimate.withdraw')}
          </Button>
        )}
        <Button variant="tertiary" onClick={onClose}>
          {t('billingOffice.common.close')}
        </Button>
      </FormActions>
      <EstimateDocument deal={deal} />
      <ReasonDialog
        open={withdrawOpen}
        title={t('billingOffice.estimate.withdrawTitle')}
        description={t('billingOffice.estimate.withdrawDescription')}
        label={t('billingOffice.estimate.withdrawReasonLabel')}
        confirmLabel={t('billingOffice.estimate.withdraw')}
        loading={withdrawing.isLoading}
        onConfirm={(reason) => void confirmWithdraw(reason)}
        onClose={() => setWithdrawOpen(false)}
      />
    </EditorPanel>
  );
}
