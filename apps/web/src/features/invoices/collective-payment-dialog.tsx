import { isApiError, useListCounterpartiesQuery, useRecordPaymentMutation } from '@ipportal/api-client';
import { collectiveWithholding, todayInJapan } from '@ipportal/domain';
import type { BankFeeBearer, InvoiceSummary } from '@ipportal/domain';
import { Button, Dialog, RadioGroup, TextField, useToast } from '@ipportal/ui';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
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
type Field = 'paidOn' | 'amount' | 'remitterName' | 'note';

/** Whole yen typed with or without separators (全角 digits too); NaN when it is not. */
function yenOf(text: string): number {
  const normalized = text.normalize('NFKC').replace(/[,\s¥￥円]/g, '');
  return /^\d+$/.test(normalized) ? Number(normalized) : Number.NaN;
}

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
  const [values, setValues] = useState<Record<Field, string>>({
    paidOn: todayInJapan(),
    amount: String(invoices.reduce((sum, invoice) => sum + invoice.balance, 0)),
    remitterName: '',
    note: '',
  });
  const [amountTouched, setAmountTouched] = useState(false);
  const [bankFee, setBankFee] = useState<BankFeeBearer>('payer');
  const [allocations, setAllocations] = useState<Record<string, string>>(() =>
    Object.fromEntries(invoices.map((invoice) => [invoice.id, String(invoice.balance)])),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [allocationErrors, setAllocationErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);

  const allocated = invoices.reduce((sum, invoice) => sum + (yenOf(allocations[invoice.id] ?? '') || 0), 0);
  const amount = yenOf(values.amount);
  const withholding = useMemo(
    () => collectiveWithholding(invoices.map((invoice) => invoice.withholdingBase)),
    [invoices],
  );
  const warnWithholding = invoices.length > 1 && office?.individual === true && withholding.crossesThreshold;

  const set = (field: Field, value: string) => {
    setTouched(true);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'amount') setAmountTouched(true);
  };
  const allocate = (invoiceId: string, value: string) => {
    setTouched(true);
    const next = { ...allocations, [invoiceId]: value };
    setAllocations(next);
    setAllocationErrors((current) => ({ ...current, [invoiceId]: '' }));
    // Until the amount is typed, it is what the allocations add up to.
    if (!amountTouched) {
      const sum = invoices.reduce((total, invoice) => total + (yenOf(next[invoice.id] ?? '') || 0), 0);
      setValues((current) => ({ ...current, amount: String(sum) }));
    }
  };

  function check(): boolean {
    const found: Partial<Record<Field, string>> = {};
    if (!values.paidOn) found.paidOn = t('invoices.payment.required');
    if (!values.remitterName.trim()) found.remitterName = t('invoices.payment.required');
    if (!(amount >= 1)) found.amount = t('invoices.payment.wholeYen');
    const foundAllocations: Record<string, string> = {};
    for (const invoice of invoices) {
      const value = yenOf(allocations[invoice.id] ?? '');
      if (!(value >= 1)) foundAllocations[invoice.id] = t('invoices.payment.wholeYen');
      else if (value > invoice.balance)
        foundAllocations[invoice.id] = t('invoices.payment.exceedsBalance', {
          amount: formats.yen(invoice.balance),
        });
    }
    setErrors(found);
    setAllocationErrors(foundAllocations);
    const firstField = (['paidOn', 'amount', 'remitterName'] as const).find((field) => found[field]);
    const firstInvoice = invoices.find((invoice) => foundAllocations[invoice.id]);
    if (firstField) document.getElementById(`${formId}-${firstField}`)?.focus();
    else if (firstInvoice) document.getElementById(`${formId}-allocation-${firstInvoice.id}`)?.focus();
    return !firstField && !firstInvoice && allocated <= amount;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    const result = await record({
      paidOn: values.paidOn,
      amount,
      remitterName: values.remitterName.trim(),
      bankFeeBorneBy: bankFee,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      allocations: invoices.map((invoice) => ({
        invoiceId: invoice.id,
        amount: yenOf(allocations[invoice.id] ?? ''),
      })),
    });
    if ('error' in result) {
      const error = result.error;
      const fieldErrors = isApiError(error) ? (error.fieldErrors ?? []) : [];
      const found: Partial<Record<Field, string>> = {};
      const foundAllocations: Record<string, string> = {};
      for (const problem of fieldErrors) {
        const allocation = /^allocations\.(\d+)/.exec(problem.path);
        const invoice = allocation ? invoices[Number(allocation[1])] : undefined;
        if (invoice) foundAllocations[invoice.id] = problem.message;
        else if (['paidOn', 'amount', 'remitterName', 'note'].includes(problem.path))
          found[problem.path as Field] = problem.message;
      }
      setErrors(found);
      setAllocationErrors(foundAllocations);
      if (Object.keys(found).length === 0 && Object.keys(foundAllocations).length === 0) {
        toast.error(t('invoices.payment.failed'), { detail: failureReason(error) });
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
      unsavedChanges={touched}
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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
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
          <TextField
            id={`${formId}-paidOn`}
            type="date"
            label={t('invoices.payment.paidOn')}
            required
            value={values.paidOn}
            onChange={(event) => set('paidOn', event.target.value)}
            error={errors.paidOn}
          />
          <TextField
            id={`${formId}-amount`}
            inputMode="numeric"
            label={t('invoices.payment.amount')}
            required
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
            error={errors.amount}
          />
          <TextField
            id={`${formId}-remitterName`}
            label={t('invoices.payment.remitterName')}
            helpText={t('invoices.payment.remitterHelp')}
            required
            maxLength={100}
            value={values.remitterName}
            onChange={(event) => set('remitterName', event.target.value)}
            error={errors.remitterName}
          />
        </Grid>
        <RadioGroup
          label={t('invoices.payment.bankFee')}
          name={`${formId}-bankFee`}
          value={bankFee}
          onChange={(value) => setBankFee(value as BankFeeBearer)}
          options={(['payer', 'payee'] as const).map((value) => ({
            value,
            label: t(`code.bankFeeBearer.${value}`),
          }))}
        />
        <Allocations>
          <legend>{t('invoices.payment.allocations')}</legend>
          {invoices.map((invoice) => {
            const value = yenOf(allocations[invoice.id] ?? '');
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
                  id={`${formId}-allocation-${invoice.id}`}
                  inputMode="numeric"
                  label={t('invoices.payment.allocationFor', { number })}
                  value={allocations[invoice.id] ?? ''}
                  onChange={(event) => allocate(invoice.id, event.target.value)}
                  error={allocationErrors[invoice.id] || undefined}
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
        <TextField
          id={`${formId}-note`}
          label={t('invoices.payment.note')}
          fullWidth
          maxLength={2000}
          value={values.note}
          onChange={(event) => set('note', event.target.value)}
          error={errors.note}
        />
      </form>
    </Dialog>
  );
}
