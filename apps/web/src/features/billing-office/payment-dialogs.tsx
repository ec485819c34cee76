import {
  useListCounterpartiesQuery,
  useMatchPaymentMutation,
  useRecordReceivedPaymentMutation,
} from '@ipportal/api-client';
import { bankFeeBearers, todayInJapan } from '@ipportal/domain';
import type { Payment } from '@ipportal/domain';
import { Button, Dialog, Select, TextArea, TextField, useToast } from '@ipportal/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../shared/forms/form-parts';
import { useBillingFormats } from './billing-format';
import { AllocationEditor, allocationsBody } from './allocation-editor';
import type { Allocations } from './allocation-editor';
import { useFieldErrors } from './use-field-errors';

const recordFormId = 'record-received-payment';

/** The office records a transfer it received (from its bank statement), matched now or later. */
export function RecordReceivedPaymentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const counterparties = useListCounterpartiesQuery();
  const [record, { isLoading }] = useRecordReceivedPaymentMutation();
  const [clientId, setClientId] = useState('');
  const [paidOn, setPaidOn] = useState(todayInJapan());
  const [amount, setAmount] = useState('');
  const [remitterName, setRemitterName] = useState('');
  const [bankFeeBorneBy, setBankFeeBorneBy] = useState<'payer' | 'payee'>('payer');
  const [note, setNote] = useState('');
  const [allocations, setAllocations] = useState<Allocations>({});
  const { errors, report, clear } = useFieldErrors(recordFormId);
  const clients = (counterparties.data ?? []).filter((c) => c.kind !== 'firm');

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
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
        onSubmit={(event) => void submit(event)}
        style={{ display: 'grid', gap: 16 }}
      >
        <Select
          id={`${recordFormId}-clientId`}
          label={t('billingOffice.payments.client')}
          required
          value={clientId}
          options={clients.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(e) => {
            setClientId(e.target.value);
            setAllocations({});
          }}
          error={errors.clientId}
        />
        <FormRow>
          <TextField
            id={`${recordFormId}-paidOn`}
            type="date"
            label={t('billingOffice.payments.paidOn')}
            required
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
            error={errors.paidOn}
          />
          <TextField
            id={`${recordFormId}-amount`}
            inputMode="numeric"
            label={t('billingOffice.payments.amount')}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
          />
        </FormRow>
        <FormRow>
          <TextField
            id={`${recordFormId}-remitterName`}
            label={t('billingOffice.payments.remitterName')}
            helpText={t('billingOffice.payments.remitterHelp')}
            required
            value={remitterName}
            maxLength={100}
            onChange={(e) => setRemitterName(e.target.value)}
            error={errors.remitterName}
          />
          <Select
            id={`${recordFormId}-bankFeeBorneBy`}
            label={t('billingOffice.payments.bankFee')}
            placeholder={null}
            value={bankFeeBorneBy}
            options={bankFeeBearers.values.map((v) => ({ value: v, label: t(`code.bankFeeBearer.${v}`) }))}
            onChange={(e) => setBankFeeBorneBy(e.target.value as 'payer' | 'payee')}
          />
        </FormRow>
        <TextArea
          id={`${recordFormId}-note`}
          label={t('billingOffice.payments.note')}
          rows={2}
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
        />
        <AllocationEditor
          clientId={clientId}
          amount={Number(amount) || 0}
          value={allocations}
          onChange={setAllocations}
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
  const [allocations, setAllocations] = useState<Allocations>(() =>
    Object.fromEntries(payment.allocations.map((a) => [a.invoiceId, String(a.amount)])),
  );
  const { errors, report, clear } = useFieldErrors(matchFormId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
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
      <form id={matchFormId} noValidate onSubmit={(event) => void submit(event)}>
        <AllocationEditor
          clientId={payment.client.id}
          amount={payment.amount}
          value={allocations}
          onChange={setAllocations}
          errors={errors}
          current={payment.allocations}
        />
      </form>
    </Dialog>
  );
}
