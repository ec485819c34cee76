import { useGetPensionOverviewQuery } from '@ipportal/api-client';
import { EmptyState, LoadingText } from '@ipportal/ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { pathTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { PensionForecastCard } from './forecast/pension-forecast-card';
import { forecastTexts } from './forecast/forecast-texts';
import { PensionMatterCard } from './pension-matter-card';
import { pensionTexts } from './pension-texts';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /pension: annuities and renewals of every registered right the user may see, with totals. */
export function PensionPage() {
  useMessages(pensionTexts, forecastTexts, domainMessages);
  const { t } = useTranslation();
  // A matter's dates change on its detail page (or another user's screen): opening the page reads
  // the schedule again rather than trusting a minute-old copy.
  const { data, isLoading, isError } = useGetPensionOverviewQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingText>{t('pension.loading')}</LoadingText>;
  if (isError || !data) return <EmptyState headingLevel={2} title={t('pension.loadFailed')} />;
  return (
    <Stack>
      <Intro>
        {t('pension.intro')} <Link to={pathTo('pensionNotification')}>{t('pension.notificationLink')}</Link>
      </Intro>
      {data.matters.length === 0 ? (
        <EmptyState headingLevel={2} title={t('pension.empty')} />
      ) : (
        <>
          <PensionForecastCard />
          {data.matters.map((matter) => (
            <PensionMatterCard key={matter.projectId} matter={matter} today={data.today} />
          ))}
        </>
      )}
    </Stack>
  );
}
