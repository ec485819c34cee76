import { isApiError, useSetExchangeRatesMutation } from '@ipportal/api-client';
import type { PensionForecast } from '@ipportal/domain';
import { Button, TextField, useToast } from '@ipportal/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
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

function RatesForm({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [save, { isLoading }] = useSetExchangeRatesMutation();
  const rateOf = (currency: string) => forecast.rates.find((r) => r.currency === currency)?.rate ?? '';
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(forecast.currencies.map((c) => [c, rateOf(c)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = forecast.currencies.filter((c) => values[c]?.trim() !== rateOf(c));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0) return;
    const rates = changed.map((currency) => ({ currency, rate: values[currency]?.trim() || null }));
    const result = await save({ rates });
    if ('error' in result) {
      const found: Record<string, string> = {};
      for (const problem of isApiError(result.error) ? (result.error.fieldErrors ?? []) : []) {
        const index = /^rates\.(\d+)\./.exec(problem.path)?.[1];
        const currency = index === undefined ? undefined : rates[Number(index)]?.currency;
        if (currency) found[currency] = problem.message;
      }
      setErrors(found);
      if (Object.keys(found).length === 0) {
        toast.error(t('apiError.exchangeRatesUpdateFailed'), {
          detail: isApiError(result.error) ? (result.error.serverMessage ?? undefined) : undefined,
        });
      }
      return;
    }
    setErrors({});
    toast.info(t('pensionForecast.rates.saved'));
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t('pensionForecast.rates.legend')}>
      <fieldset>
        <legend hidden>{t('pensionForecast.rates.legend')}</legend>
        {forecast.currencies.map((currency) => (
          <TextField
            key={currency}
            label={t('pensionForecast.rates.rate', { currency })}
            helpText={t('pensionForecast.rates.placeholder')}
            inputMode="decimal"
            value={values[currency] ?? ''}
            error={errors[currency]}
            onChange={(e) => {
              const value = e.target.value;
              setValues((current) => ({ ...current, [currency]: value }));
              setErrors((current) => ({ ...current, [currency]: '' }));
            }}
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
