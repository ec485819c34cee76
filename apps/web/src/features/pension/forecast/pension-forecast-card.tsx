import { useGetPensionForecastQuery } from '@ipportal/api-client';
import { Card, LoadingText } from '@ipportal/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useMessages } from '../../../shared/lazy-messages';
import { AbandonPlan } from './abandon-plan';
import { ExchangeRates } from './exchange-rates';
import { ForecastCsvButton } from './forecast-csv-button';
import { useForecastSumText } from './forecast-sum';
import { ForecastTables } from './forecast-tables';
import { forecastTexts } from './forecast-texts';

// recharts is large: it is downloaded when a forecast with a chart is shown, never with /login.
const ForecastChart = lazy(() => import('./forecast-chart'));

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md}px;
  margin: 0;
  & dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: 0;
  }
`;

const Figure = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

/**
 * The budget owner's view of /pension: the next 10 years of annuities in yen at the rates the
 * organization set (or the amounts as charged where a rate is missing), per year and country, a
 * chart, and the saving of the matters marked to be abandoned.
 */
export function PensionForecastCard() {
  useMessages(forecastTexts);
  const { t } = useTranslation();
  const sum = useForecastSumText();
  const {
    data: forecast,
    isLoading,
    isError,
  } = useGetPensionForecastQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingText>{t('pensionForecast.loading')}</LoadingText>;
  if (isError || !forecast) return <Muted role="alert">{t('pensionForecast.loadFailed')}</Muted>;
  const { total, saving } = forecast;
  const allInYen = forecast.byYear.every((y) => y.total.yen !== null);
  return (
    <Card
      title={t('pensionForecast.title', { from: forecast.firstYear, to: forecast.lastYear })}
      headingLevel={2}
      actions={<ForecastCsvButton today={forecast.today} />}
    >
      <Stack>
        <Totals>
          <div>
            <dt>{t('pensionForecast.total')}</dt>
            <dd data-testid="forecast-total">
              <Figure>{total.yen === null ? t('pensionForecast.noYen') : sum.main(total)}</Figure>
              {sum.hasForeign(total) && (
                <Muted>{t('pensionForecast.asCharged', { amounts: sum.asCharged(total) })}</Muted>
              )}
            </dd>
          </div>
          {saving.amounts.length > 0 && (
            <div>
              <dt>{t('pensionForecast.saving')}</dt>
              <dd data-testid="forecast-saving">
                <Figure>{saving.yen === null ? t('pensionForecast.noYen') : sum.main(saving)}</Figure>
                {sum.hasForeign(saving) && (
                  <Muted>{t('pensionForecast.asCharged', { amounts: sum.asCharged(saving) })}</Muted>
                )}
              </dd>
            </div>
          )}
        </Totals>
        <ExchangeRates forecast={forecast} />
        {allInYen ? (
          <Suspense fallback={<LoadingText>{t('pensionForecast.chart.loading')}</LoadingText>}>
            <ForecastChart forecast={forecast} />
          </Suspense>
        ) : (
          <Muted>{t('pensionForecast.chart.needsRates')}</Muted>
        )}
        <ForecastTables forecast={forecast} />
        <AbandonPlan forecast={forecast} />
      </Stack>
    </Card>
  );
}
