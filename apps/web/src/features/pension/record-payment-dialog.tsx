import { isApiError, useRecordPensionPaymentMutation } from '@ipportal/api-client';
import type { PensionEntry, PensionMatter } from '@ipportal/domain';
import { Button, Dialog, RadioGroup, Select, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { pathsAmong, serverFieldErrors } from '../../shared/forms/server-refusals';
import { useForm } from '../../shared/forms/use-form';
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
type PaymentValues = Record<(typeof fields)[number], string>;

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
  const form = useForm<PaymentValues>({
    defaultValues: {
      paidOn: today,
      yearFrom: String(next?.year ?? matter.paidThroughYear + 1),
      yearTo: String(lastYear),
      // Paid late or as a restoration, the surcharge is owed too.
      amount: next?.fee
        ? String(next.state === 'late' || next.state === 'missed' ? next.fee.lateAmount : next.fee.amount)
        : '',
      currency: next?.fee?.currency ?? 'JPY',
      receiptNumber: '',
    },
    ids: formId,
    onSubmit: submit,
  });

  const split = next?.split;
  const chooseSplit = (choice: string) => {
    if (!next || !split) return;
    const half = choice === 'half5';
    form.setValues({
      yearTo: String(next.year + (half ? 4 : 9)),
      amount: String(half ? split.half5 : split.lump10),
    });
  };

  async function submit(values: PaymentValues) {
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
      form.setFieldErrors(serverFieldErrors(error, pathsAmong(fields)));
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
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
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
            type="date"
            label={t('pension.payment.paidOn')}
            required
            {...form.field('paidOn')}
            max={today}
          />
          <TextField
            inputMode="numeric"
            label={t('pension.payment.yearFrom')}
            required
            {...form.field('yearFrom')}
          />
          <TextField
            inputMode="numeric"
            label={t('pension.payment.yearTo')}
            required
            {...form.field('yearTo')}
          />
          <TextField
            inputMode="decimal"
            label={t('pension.payment.amount')}
            required
            {...form.field('amount')}
          />
          <Select
            label={t('pension.payment.currency')}
            required
            placeholder={null}
            {...form.field('currency')}
            options={['JPY', 'USD', 'EUR'].map((c) => ({ value: c, label: c }))}
          />
          <TextField
            label={t('pension.payment.receiptNumber')}
            {...form.field('receiptNumber')}
            maxLength={100}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
