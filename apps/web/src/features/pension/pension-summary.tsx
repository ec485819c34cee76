import type { PensionOverview } from '@ipportal/domain';
import { Card, Table } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { usePensionFormats } from './pension-format';

const Horizons = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  & dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space.sm}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

type YearRow = PensionOverview['byCalendarYear'][number];

/** What is still to pay across every right: within 1, 5 and 10 years, and per calendar year, per currency. */
export function PensionSummary({ overview }: { overview: PensionOverview }) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const lastYear = Number(overview.today.slice(0, 4)) + 10;
  const rows = overview.byCalendarYear.filter((r) => r.calendarYear <= lastYear);
  return (
    <Card title={t('pension.summary.title')} headingLevel={2}>
      <Horizons>
        {overview.forecast.map((f) => (
          <div key={f.years}>
            <dt>{t('pension.summary.horizon', { count: f.years })}</dt>
            <dd>
              {f.totals.length
                ? f.totals.map((x) => formats.money(x.amount, x.currency)).join(' + ')
                : t('pension.summary.none')}
            </dd>
          </div>
        ))}
      </Horizons>
      <Table<YearRow>
        caption={t('pension.summary.byYear')}
        columns={[
          {
            key: 'year',
            header: t('pension.summary.year'),
            cell: (r) => t('pension.summary.calendarYear', { year: r.calendarYear }),
          },
          { key: 'currency', header: t('pension.summary.currency'), cell: (r) => r.currency },
          {
            key: 'amount',
            header: t('pension.summary.amount'),
            align: 'end',
            cell: (r) => formats.money(r.amount, r.currency),
          },
        ]}
        rows={rows}
        getRowKey={(r) => `${r.calendarYear}:${r.currency}`}
      />
      <Note>{t('pension.summary.noConversion')}</Note>
    </Card>
  );
}
