import type { PensionForecast } from '@ipportal/domain';
import { Table } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useForecastSumText } from './forecast-sum';

type YearRow = PensionForecast['byYear'][number];
type RegionRow = PensionForecast['byRegion'][number];

/** The forecast per calendar year (with each year's countries) and per country or region. */
export function ForecastTables({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const sum = useForecastSumText();
  const yenCell = (total: YearRow['total']) =>
    total.yen === null ? t('pensionForecast.noYen') : sum.main(total);
  return (
    <>
      <Table<YearRow>
        caption={t('pensionForecast.byYear')}
        columns={[
          {
            key: 'year',
            header: t('pensionForecast.year'),
            cell: (r) => t('pensionForecast.calendarYear', { year: r.calendarYear }),
          },
          { key: 'yen', header: t('pensionForecast.yen'), align: 'end', cell: (r) => yenCell(r.total) },
          {
            key: 'regions',
            header: t('pensionForecast.amounts'),
            cell: (r) =>
              r.byRegion.length
                ? r.byRegion
                    .map((x) => `${t(`region.${x.regionCode}`)}: ${sum.asCharged(x.total)}`)
                    .join(' / ')
                : t('pensionForecast.none'),
          },
        ]}
        rows={forecast.byYear}
        getRowKey={(r) => String(r.calendarYear)}
      />
      <Table<RegionRow>
        caption={t('pensionForecast.byRegion')}
        columns={[
          { key: 'region', header: t('pensionForecast.region'), cell: (r) => t(`region.${r.regionCode}`) },
          { key: 'yen', header: t('pensionForecast.yen'), align: 'end', cell: (r) => yenCell(r.total) },
          { key: 'amounts', header: t('pensionForecast.amounts'), cell: (r) => sum.asCharged(r.total) },
        ]}
        rows={forecast.byRegion}
        getRowKey={(r) => String(r.regionCode)}
        emptyText={t('pensionForecast.none')}
      />
    </>
  );
}
