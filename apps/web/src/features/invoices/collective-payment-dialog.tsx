import { useListCounterpartiesQuery, useRecordPaymentMutation } from '@ipportal/api-client';
import { collectiveWithholding, todayInJapan } from '@ipportal/domain';
import type { BankFeeBearer, InvoiceSummary } from '@ipportal/domain';
import { Button, Dialog, RadioGroup, TextField, useToast } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FormErrors } from '../../shared/forms/field-errors';
import { focusRadioGroup } from '../../shared/forms/focus-first-invalid';
import { serverFieldErrors } from '../../shared/forms/server-refusals';
import { useForm } from '../../shared/forms/use-form';
import { useBillingFormats } from '../billing-documents';
import { invoiceNumberWithIssuer } from './invoice-number';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  margin-bottom: ${({ theme }) => theme.space.md}px;
`;

const Allocations = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => theme.space.md}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  legend {
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
    padding: 0 ${({ theme }) => theme.space.xs}px;
  }
`;

const AllocationRow = styled.div`
  display: grid;
  grid-template-columns: 1fr minmax(160px, 220px);
  gap: ${({ theme }) => theme.space.md}px;
  align-items: start;
  padding: ${({ theme }) => theme.space.xs}px 0;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Note = styled.p<{ $tone?: 'warning' | 'danger' }>`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: ${({ theme, $tone }) => ($tone ? `${theme.space.sm}px ${theme.space.md}px` : 0)};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme, $tone }) =>
    $tone === 'warning'
      ? theme.colors.warningSubtle
      : $tone === 'danger'
        ? theme.colors.dangerSubtle
        : 'none'};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.text)};
`;

const formId = 'collective-payment';

interface PaymentValues {
  paidOn: string;
  amount: string;
  remitterName: string;
  bankFee: BankFeeBearer;
  note: string;
  /** What goes to each invoice, in the invoices' order (the server's `allocations.N`). */
  allocations: string[];
}

const fields = ['paidOn', 'amount', 'remitterName', 'note'];
const allocationPath = (index: number) => `allocations.${index}.amount`;

/** Whole yen typed with or without separators (全角 digits too); NaN when it is not. */
function yenOf(text: string): number {
  const normalized = text.normalize('NFKC').replace(/[,\s¥￥円]/g, '');
  return /^\d+$/.test(normalized) ? Number(normalized) : Number.NaN;
}

const sumOf = (allocations: readonly string[]) =>
  allocations.reduce((sum, value) => sum + (yenOf(value) || 0), 0);

/**
 * Records one transfer (振込) paying several unpaid invoices of one office (一括支払い): date,
 * amount (the selected balances' sum until changed), remitter, who bears the bank fee (the payer
 * by default), and what goes to each invoice (less than the balance is a partial payment). For an
 * individual attorney, paying together can cross the ¥1,000,000 withholding threshold: it says so.
 * A refusal keeps everything typed: field reasons on their fields, anything else in a toast.
 */
export function CollectivePaymentDialog({
  invoices,
  onClose,
  onRecorded,
}: {
  /** Issued invoices with a balance, all of one office. */
  invoices: readonly InvoiceSummary[];
  onClose: () => void;
  onRecorded?: () => void;
}) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const toast = useToast();
  const [record, { isLoading }] = useRecordPaymentMutation();
  const { data: counterparties } = useListCounterpartiesQuery();
  const firm = invoices[0]?.firm;
  const office = counterparties?.find((counterparty) => counterparty.id === firm?.id);
  const [amountTouched, setAmountTouched] = useState(false);
  const form = useForm<PaymentValues>({
    defaultValues: {
      paidOn: todayInJapan(),
      amount: String(invoices.reduce((sum, invoice) => sum + invoice.balance, 0)),
      remitterName: '',
      bankFee: 'payer',
      note: '',
      allocations: invoices.map((invoice) => String(invoice.balance)),
    },
    ids: formId,
    focus: { bankFee: focusRadioGroup },
    resolver: check,
    onSubmit: submit,
  });
  const { values } = form;

  const allocated = sumOf(values.allocations);
  const amount = yenOf(values.amount);
  const withholding = useMemo(
    () => collectiveWithholding(invoices.map((invoice) => invoice.withholdingBase)),
    [invoices],
  );
  const warnWithholding = invoices.length > 1 && office?.individual === true && withholding.crossesThreshold;

  const setAmount = (value: string) => {
    setAmountTouched(true);
    form.setValue('amount', value);
  };
  const allocate = (index: number, value: string) => {
    const next = values.allocations.map((current, at) => (at === index ? value : current));
    // Editing one row clears its own error only: the other rows keep theirs.
    const kept = values.allocations.flatMap((_, at) => {
      const message = form.formState.errors[allocationPath(at)];
      return at !== index && message !== undefined ? [[allocationPath(at), message] as const] : [];
    });
    // Until the amount is typed, it is what the allocations add up to.
    form.setValues(
      amountTouched ? { allocations: next } : { allocations: next, amount: String(sumOf(next)) },
    );
    for (const [path, message] of kept) form.setError(path, message, { focus: false });
  };

  function check(checked: PaymentValues): FormErrors<keyof PaymentValues> {
    const found: FormErrors<keyof PaymentValues> = {};
    if (!checked.paidOn) found.paidOn = { key: 'invoices.payment.required' };
    if (!(yenOf(checked.amount) >= 1)) found.amount = { key: 'invoices.payment.wholeYen' };
    if (!checked.remitterName.trim()) found.remitterName = { key: 'invoices.payment.required' };
    invoices.forEach((invoice, index) => {
      const value = yenOf(checked.allocations[index] ?? '');
      if (!(value >= 1)) found[allocationPath(index)] = { key: 'invoices.payment.wholeYen' };
      else if (value > invoice.balance)
        found[allocationPath(index)] = {
          key: 'invoices.payment.exceedsBalance',
          params: { amount: formats.yen(invoice.balance) },
        };
    });
    return found;
  }

  /** A server path as this form's field: a known field, or an allocation row that exists. */
  function fieldOf(path: string): string | null {
    const allocation = /^allocations\.(\d+)/.exec(path);
    if (allocation) return invoices[Number(allocation[1])] ? allocationPath(Number(allocation[1])) : null;
    return fields.includes(path) ? path : null;
  }

  async function submit(checked: PaymentValues) {
    const paid = yenOf(checked.amount);
    // More allocated than paid has its alert under the allocations; nothing to focus.
    if (sumOf(checked.allocations) > paid) return;
    const result = await record({
      paidOn: checked.paidOn,
      amount: paid,
      remitterName: checked.remitterName.trim(),
      bankFeeBorneBy: checked.bankFee,
      ...(checked.note.trim() ? { note: checked.note.trim() } : {}),
      allocations: invoices.map((invoice, index) => ({
        invoiceId: invoice.id,
        amount: yenOf(checked.allocations[index] ?? ''),
      })),
    });
    if ('error' in result) {
      const found = serverFieldErrors(result.error, fieldOf);
      form.setFieldErrors(found);
      if (!hasFieldErrors(found)) {
        toast.error(t('invoices.payment.failed'), { detail: failureReason(result.error) });
      }
      return;
    }
    toast.info(t('invoices.payment.recorded'));
    onRecorded?.();
    onClose();
  }

  return (
    <Dialog
      open
      maxWidth={760}
      onClose={() => !isLoading && onClose()}
      unsavedChanges={form.formState.isDirty}
      title={t('invoices.payment.title', { office: firm?.name ?? '' })}
      description={t('invoices.payment.description')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('invoices.payment.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('invoices.payment.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        {warnWithholding && (
          <Note $tone="warning" role="alert">
            {t('invoices.payment.withholdingWarning', {
              office: firm?.name ?? '',
              base: formats.yen(invoices.reduce((sum, invoice) => sum + invoice.withholdingBase, 0)),
              separately: formats.yen(withholding.separately),
              together: formats.yen(withholding.together),
            })}
          </Note>
        )}
        <Grid>
          <TextField type="date" label={t('invoices.payment.paidOn')} required {...form.field('paidOn')} />
          <TextField
            {...form.field('amount')}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="numeric"
            label={t('invoices.payment.amount')}
            required
          />
          <TextField
            label={t('invoices.payment.remitterName')}
            helpText={t('invoices.payment.remitterHelp')}
            required
            maxLength={100}
            {...form.field('remitterName')}
          />
        </Grid>
        <RadioGroup
          label={t('invoices.payment.bankFee')}
          name={form.idOf('bankFee')}
          value={values.bankFee}
          onChange={(value) => form.setValue('bankFee', value as BankFeeBearer)}
          options={(['payer', 'payee'] as const).map((value) => ({
            value,
            label: t(`code.bankFeeBearer.${value}`),
          }))}
        />
        <Allocations>
          <legend>{t('invoices.payment.allocations')}</legend>
          {invoices.map((invoice, index) => {
            const value = yenOf(values.allocations[index] ?? '');
            const partial = value >= 1 && value < invoice.balance;
            const number = invoiceNumberWithIssuer(t, invoice.number, invoice.firm.name);
            return (
              <AllocationRow key={invoice.id}>
                <div>
                  <strong>{number}</strong>
                  <Muted>
                    {invoice.subject.refrenceCode} {invoice.subject.requestName}
                  </Muted>
                  <Muted>
                    {t('invoices.payment.invoiceBalance', { amount: formats.yen(invoice.balance) })}
                  </Muted>
                  {partial && (
                    <Muted>
                      {t('invoices.payment.partial', { amount: formats.yen(invoice.balance - value) })}
                    </Muted>
                  )}
                </div>
                <TextField
                  id={form.idOf(allocationPath(index))}
                  inputMode="numeric"
                  label={t('invoices.payment.allocationFor', { number })}
                  value={values.allocations[index] ?? ''}
                  onChange={(event) => allocate(index, event.target.value)}
                  error={form.errorText(allocationPath(index))}
                />
              </AllocationRow>
            );
          })}
        </Allocations>
        <Note role="status">
          {t('invoices.payment.allocated', {
            allocated: formats.yen(allocated),
            amount: Number.isNaN(amount) ? '—' : formats.yen(amount),
          })}
        </Note>
        {!Number.isNaN(amount) && allocated > amount && (
          <Note $tone="danger" role="alert">
            {t('invoices.payment.overAllocated', { amount: formats.yen(allocated - amount) })}
          </Note>
        )}
        {!Number.isNaN(amount) && allocated < amount && (
          <Note $tone="warning">
            {t('invoices.payment.unallocated', { amount: formats.yen(amount - allocated) })}
          </Note>
        )}
        <TextField label={t('invoices.payment.note')} fullWidth maxLength={2000} {...form.field('note')} />
      </form>
    </Dialog>
  );
}
