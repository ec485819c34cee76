import type { PensionForecast } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { usePensionFormats } from '../pension-format';

/**
 * The annual cost of the forecast years in yen, stacked by country or region (recharts). Loaded
 * with `lazy()` by the forecast card, so the chart library is downloaded with /pension only.
 * Shown only when every sum has a yen total: a bar of partly converted money would mislead.
 */
export default function ForecastChart({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const formats = usePensionFormats();
  const palette = [
    theme.colors.primary,
    theme.colors.success,
    theme.colors.warning,
    theme.colors.info,
    theme.colors.danger,
    theme.colors.textMuted,
  ];
  const regions = forecast.byRegion.map((r) => r.regionCode);
  const data = forecast.byYear.map((y) => ({
    year: t('pensionForecast.calendarYear', { year: y.calendarYear }),
    ...Object.fromEntries(y.byRegion.map((r) => [String(r.regionCode), r.total.yen ?? 0])),
  }));
  const yen = (value: unknown) => formats.money(Number(value), 'JPY');
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>{t('pensionForecast.chart.title')}</figcaption>
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="year" />
          <YAxis tickFormatter={yen} width={96} />
          <Tooltip formatter={(value) => yen(value)} />
          <Legend />
          {regions.map((regionCode, i) => (
            <Bar
              key={regionCode}
              dataKey={String(regionCode)}
              name={t(`region.${regionCode}`)}
              stackId="cost"
              fill={palette[i % palette.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
