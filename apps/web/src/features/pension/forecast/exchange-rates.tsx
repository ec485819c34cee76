import { isApiError, useSetExchangeRatesMutation } from '@ipportal/api-client';
import type { PensionForecast } from '@ipportal/domain';
import { Button, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { hasFieldErrors } from '../../../shared/forms/field-errors';
import { serverFieldErrors } from '../../../shared/forms/server-refusals';
import { useForm } from '../../../shared/forms/use-form';
import { usePensionFormats } from '../pension-format';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.warningSubtle};
  color: ${({ theme }) => theme.colors.warning};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  & fieldset {
    display: contents;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
`;

/** The rates the yen figures use (with the day each was set), what is missing, and, for who may, the form to set them. */
export function ExchangeRates({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const missing = forecast.currencies.filter((c) => !forecast.rates.some((r) => r.currency === c));
  const used = forecast.total.missingRates.length > 0 ? forecast.total.missingRates : [];
  return (
    <Stack>
      {forecast.rates.length > 0 && (
        <Note>
          {t('pensionForecast.ratesUsed')}:{' '}
          {forecast.rates
            .map((r) =>
              t('pensionForecast.rateLine', {
                currency: r.currency,
                rate: r.rate,
                date: formats.date(r.setOn),
              }),
            )
            .join(' / ')}
        </Note>
      )}
      {used.length > 0 && (
        <Warning role="status">{t('pensionForecast.missingRates', { currencies: used.join(', ') })}</Warning>
      )}
      {missing.length > 0 && !forecast.canSetRates && <Note>{t('pensionForecast.ratesByAdmin')}</Note>}
      {missing.length > 0 && forecast.canSetRates && forecast.sharedWith === 'self' && (
        <Note>{t('pensionForecast.ratesBySelf')}</Note>
      )}
      {forecast.canSetRates && <RatesForm forecast={forecast} />}
      <Note>{t('pensionForecast.rateNote')}</Note>
    </Stack>
  );
}

/** The rate typed per currency code (`USD`), as a decimal text; empty clears it. */
type RateValues = Record<string, string>;

function RatesForm({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [save, { isLoading }] = useSetExchangeRatesMutation();
  const rateOf = (currency: string) => forecast.rates.find((r) => r.currency === currency)?.rate ?? '';
  const form = useForm<RateValues>({
    defaultValues: Object.fromEntries(forecast.currencies.map((c) => [c, rateOf(c)])),
    ids: 'exchange-rate',
    fieldOrder: forecast.currencies,
    onSubmit: submit,
  });
  const changed = forecast.currencies.filter((c) => form.values[c]?.trim() !== rateOf(c));

  async function submit(values: RateValues) {
    if (changed.length === 0) return;
    const rates = changed.map((currency) => ({ currency, rate: values[currency]?.trim() || null }));
    const result = await save({ rates });
    if ('error' in result) {
      // The server names a rate by its place in the request: `rates.N.rate` is that currency's field.
      const found = serverFieldErrors(result.error, (path) => {
        const index = /^rates\.(\d+)\./.exec(path)?.[1];
        return (index === undefined ? undefined : rates[Number(index)]?.currency) ?? null;
      });
      form.setFieldErrors(found);
      if (!hasFieldErrors(found)) {
        toast.error(t('apiError.exchangeRatesUpdateFailed'), {
          detail: isApiError(result.error) ? (result.error.serverMessage ?? undefined) : undefined,
        });
      }
      return;
    }
    form.clearErrors();
    toast.info(t('pensionForecast.rates.saved'));
  }

  return (
    <Form
      noValidate
      onSubmit={(event) => void form.handleSubmit(event)}
      aria-label={t('pensionForecast.rates.legend')}
    >
      <fieldset>
        <legend hidden>{t('pensionForecast.rates.legend')}</legend>
        {forecast.currencies.map((currency) => (
          <TextField
            key={currency}
            label={t('pensionForecast.rates.rate', { currency })}
            helpText={t('pensionForecast.rates.placeholder')}
            inputMode="decimal"
            {...form.field(currency)}
          />
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" loading={isLoading} disabled={changed.length === 0}>
        {t('pensionForecast.rates.save')}
      </Button>
      {forecast.sharedWith === 'organization' && <Note>{t('pensionForecast.rates.sharedOrganization')}</Note>}
    </Form>
  );
}
