import { isApiError, useRecordPensionPaymentMutation } from '@ipportal/api-client';
import type { PensionEntry, PensionMatter } from '@ipportal/domain';
import { Button, Dialog, RadioGroup, Select, TextField, useToast } from '@ipportal/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { usePensionFormats } from './pension-format';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const formId = 'record-pension-payment';
const fields = ['paidOn', 'yearFrom', 'yearTo', 'amount', 'currency', 'receiptNumber'] as const;
type Field = (typeof fields)[number];

/** The first payment still owed: it starts the new payment. */
export function nextOpenEntry(matter: PensionMatter): PensionEntry | undefined {
  return matter.entries.filter((e) => e.state !== 'paid').sort((a, b) => a.year - b.year)[0];
}

/**
 * Records a payment of the next unpaid years. Prefilled from the next scheduled payment and its
 * official fee; a trademark renewal chooses 10 years at once or the first 5-year half, with what
 * the halves cost more. The server checks the years and answers field errors in the user's language.
 */
export function RecordPaymentDialog({
  matter,
  today,
  onClose,
}: {
  matter: PensionMatter;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const toast = useToast();
  const [record, { isLoading }] = useRecordPensionPaymentMutation();
  const next = nextOpenEntry(matter);
  const lastYear = next ? (next.throughYear ?? next.year) : 1;
  const [values, setValues] = useState<Record<Field, string>>({
    paidOn: today,
    yearFrom: String(next?.year ?? matter.paidThroughYear + 1),
    yearTo: String(lastYear),
    // Paid late or as a restoration, the surcharge is owed too.
    amount: next?.fee
      ? String(next.state === 'late' || next.state === 'missed' ? next.fee.lateAmount : next.fee.amount)
      : '',
    currency: next?.fee?.currency ?? 'JPY',
    receiptNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const split = next?.split;
  const chooseSplit = (choice: string) => {
    if (!next || !split) return;
    const half = choice === 'half5';
    setValues((current) => ({
      ...current,
      yearTo: String(next.year + (half ? 4 : 9)),
      amount: String(half ? split.half5 : split.lump10),
    }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await record({
      projectId: matter.projectId,
      body: {
        paidOn: values.paidOn,
        yearFrom: values.yearFrom,
        yearTo: values.yearTo,
        amount: values.amount,
        currency: values.currency as 'JPY' | 'USD' | 'EUR',
        receiptNumber: values.receiptNumber,
      },
    });
    if ('error' in result) {
      const error = result.error;
      if (isApiError(error) && error.fieldErrors?.length) {
        const found: Partial<Record<Field, string>> = {};
        for (const problem of error.fieldErrors) {
          if ((fields as readonly string[]).includes(problem.path))
            found[problem.path as Field] = problem.message;
        }
        setErrors(found);
        const first = fields.find((f) => found[f]);
        if (first) document.getElementById(`${formId}-${first}`)?.focus();
      }
      // A reason on a field is shown there; anything else (not found, network) in a toast.
      if (!(isApiError(error) && error.fieldErrors?.length)) {
        toast.error(t('apiError.pensionUpdateFailed'), {
          detail: isApiError(error) ? (error.serverMessage ?? undefined) : undefined,
        });
      }
      return;
    }
    toast.info(t('pension.payment.recorded'));
    onClose();
  }

  return (
    <Dialog
      open
      onClose={() => !isLoading && onClose()}
      title={t('pension.payment.dialogTitle', { ref: matter.refrenceCode })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('pension.payment.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('pension.payment.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Note>{t('pension.payment.description', { year: next?.year ?? matter.paidThroughYear + 1 })}</Note>
        {next?.fee && (
          <Note>
            {t('pension.payment.expected', {
              amount: formats.money(
                next.state === 'late' ? next.fee.lateAmount : next.fee.amount,
                next.fee.currency,
              ),
            })}
          </Note>
        )}
        {split && (
          <RadioGroup
            label={t('pension.payment.trademarkChoice')}
            name={`${formId}-split`}
            defaultValue="lump10"
            onChange={chooseSplit}
            options={[
              {
                value: 'lump10',
                label: t('pension.payment.lump10', { amount: formats.money(split.lump10, split.currency) }),
              },
              {
                value: 'half5',
                label: t('pension.payment.half5', {
                  amount: formats.money(split.half5, split.currency),
                  difference: formats.money(split.difference, split.currency),
                }),
              },
            ]}
          />
        )}
        <Stack>
          <TextField
            id={`${formId}-paidOn`}
            type="date"
            label={t('pension.payment.paidOn')}
            required
            value={values.paidOn}
            max={today}
            onChange={(e) => set('paidOn', e.target.value)}
            error={errors.paidOn}
          />
          <TextField
            id={`${formId}-yearFrom`}
            inputMode="numeric"
            label={t('pension.payment.yearFrom')}
            required
            value={values.yearFrom}
            onChange={(e) => set('yearFrom', e.target.value)}
            error={errors.yearFrom}
          />
          <TextField
            id={`${formId}-yearTo`}
            inputMode="numeric"
            label={t('pension.payment.yearTo')}
            required
            value={values.yearTo}
            onChange={(e) => set('yearTo', e.target.value)}
            error={errors.yearTo}
          />
          <TextField
            id={`${formId}-amount`}
            inputMode="decimal"
            label={t('pension.payment.amount')}
            required
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={errors.amount}
          />
          <Select
            id={`${formId}-currency`}
            label={t('pension.payment.currency')}
            required
            placeholder={null}
            value={values.currency}
            onChange={(e) => set('currency', e.target.value)}
            options={['JPY', 'USD', 'EUR'].map((c) => ({ value: c, label: c }))}
            error={errors.currency}
          />
          <TextField
            id={`${formId}-receiptNumber`}
            label={t('pension.payment.receiptNumber')}
            value={values.receiptNumber}
            maxLength={100}
            onChange={(e) => set('receiptNumber', e.target.value)}
            error={errors.receiptNumber}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
