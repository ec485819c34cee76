import {
  useListCounterpartiesQuery,
  useMatchPaymentMutation,
  useRecordReceivedPaymentMutation,
} from '@ipportal/api-client';
import { bankFeeBearers, todayInJapan } from '@ipportal/domain';
import type { Payment } from '@ipportal/domain';
import { Button, Dialog, Select, TextArea, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../shared/forms/form-parts';
import { useForm } from '../../shared/forms/use-form';
import { useBillingFormats } from './billing-format';
import { AllocationEditor, allocationsBody } from './allocation-editor';
import type { Allocations } from './allocation-editor';
import { useFieldErrors } from './use-field-errors';

const recordFormId = 'record-received-payment';

/** The office records a transfer it received (from its bank statement), matched now or later. */
interface ReceivedPaymentValues {
  clientId: string;
  paidOn: string;
  amount: string;
  remitterName: string;
  bankFeeBorneBy: 'payer' | 'payee';
  note: string;
  allocations: Allocations;
}

export function RecordReceivedPaymentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const counterparties = useListCounterpartiesQuery();
  const [record, { isLoading }] = useRecordReceivedPaymentMutation();
  const form = useForm<ReceivedPaymentValues>({
    defaultValues: {
      clientId: '',
      paidOn: todayInJapan(),
      amount: '',
      remitterName: '',
      bankFeeBorneBy: 'payer',
      note: '',
      allocations: {},
    },
    ids: recordFormId,
    onSubmit: submit,
  });
  const { clientId, amount, bankFeeBorneBy, allocations } = form.values;
  const { errors, report } = useFieldErrors(form);
  const clients = (counterparties.data ?? []).filter((c) => c.kind !== 'firm');

  async function submit({
    clientId,
    paidOn,
    amount,
    remitterName,
    bankFeeBorneBy,
    note,
    allocations,
  }: ReceivedPaymentValues) {
    const result = await record({
      clientId,
      paidOn,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      remitterName,
      bankFeeBorneBy,
      note: note.trim() === '' ? undefined : note,
      allocations: allocationsBody(allocations),
    });
    if ('error' in result) {
      report(result.error, 'billingOffice.payments.recordFailed');
      return;
    }
    toast.info(t('billingOffice.payments.recorded'));
    onClose();
  }

  return (
    <Dialog
      open
      maxWidth={760}
      onClose={() => !isLoading && onClose()}
      title={t('billingOffice.payments.recordTitle')}
      description={t('billingOffice.payments.recordDescription')}
      actions={
        <>
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('billingOffice.common.cancel')}
          </Button>
          <Button type="submit" form={recordFormId} loading={isLoading}>
            {t('billingOffice.payments.recordSubmit')}
          </Button>
        </>
      }
    >
      <form
        id={recordFormId}
        noValidate
        onSubmit={(event) => void form.handleSubmit(event)}
        style={{ display: 'grid', gap: 16 }}
      >
        <Select
          label={t('billingOffice.payments.client')}
          required
          {...form.field('clientId')}
          options={clients.map((c) => ({ value: c.id, label: c.name }))}
          // Another client's invoices: what was allocated no longer applies.
          onChange={(e) => form.setValues({ clientId: e.target.value, allocations: {} })}
        />
        <FormRow>
          <TextField
            type="date"
            label={t('billingOffice.payments.paidOn')}
            required
            {...form.field('paidOn')}
          />
          <TextField
            inputMode="numeric"
            label={t('billingOffice.payments.amount')}
            required
            {...form.field('amount')}
          />
        </FormRow>
        <FormRow>
          <TextField
            label={t('billingOffice.payments.remitterName')}
            helpText={t('billingOffice.payments.remitterHelp')}
            required
            {...form.field('remitterName')}
            maxLength={100}
          />
          <Select
            id={`${recordFormId}-bankFeeBorneBy`}
            label={t('billingOffice.payments.bankFee')}
            placeholder={null}
            value={bankFeeBorneBy}
            options={bankFeeBearers.values.map((v) => ({ value: v, label: t(`code.bankFeeBearer.${v}`) }))}
            onChange={(e) => form.setValue('bankFeeBorneBy', e.target.value as 'payer' | 'payee')}
          />
        </FormRow>
        <TextArea
          label={t('billingOffice.payments.note')}
          rows={2}
          {...form.field('note')}
          maxLength={2000}
        />
        <AllocationEditor
          clientId={clientId}
          amount={Number(amount) || 0}
          value={allocations}
          onChange={(next) => form.setValue('allocations', next)}
          errors={errors}
        />
      </form>
    </Dialog>
  );
}

const matchFormId = 'match-payment';

/** Matches an unconfirmed transfer to the client's invoices (replaces its allocations). */
export function MatchPaymentDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formats = useBillingFormats();
  const [match, { isLoading }] = useMatchPaymentMutation();
  const form = useForm<{ allocations: Allocations }>({
    defaultValues: {
      allocations: Object.fromEntries(payment.allocations.map((a) => [a.invoiceId, String(a.amount)])),
    },
    ids: matchFormId,
    onSubmit: submit,
  });
  const { allocations } = form.values;
  const { errors, report } = useFieldErrors(form);

  async function submit({ allocations }: { allocations: Allocations }) {
    const result = await match({
      paymentId: payment.id,
      body: { allocations: allocationsBody(allocations) },
    });
    if ('error' in result) {
      report(result.error, 'billingOffice.payments.matchFailed');
      return;
    }
    toast.info(t('billingOffice.payments.matched'));
    onClose();
  }

  return (
    <Dialog
      open
      maxWidth={760}
      onClose={() => !isLoading && onClose()}
      title={t('billingOffice.payments.matchTitle')}
      description={t('billingOffice.payments.matchDescription', {
        client: payment.client.name,
        remitter: payment.remitterName,
        date: formats.date(payment.paidOn),
        amount: formats.yen(payment.amount),
      })}
      actions={
        <>
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('billingOffice.common.cancel')}
          </Button>
          <Button type="submit" form={matchFormId} loading={isLoading}>
            {t('billingOffice.payments.matchSubmit')}
          </Button>
        </>
      }
    >
      <form id={matchFormId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <AllocationEditor
          clientId={payment.client.id}
          amount={payment.amount}
          value={allocations}
          onChange={(next) => form.setValue('allocations', next)}
          errors={errors}
          current={payment.allocations}
        />
      </form>
    </Dialog>
  );
}
