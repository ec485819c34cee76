import { isApiError, useSetForecastAbandonedMutation } from '@ipportal/api-client';
import type { PensionForecast } from '@ipportal/domain';
import { Checkbox, Table, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../shared/visually-hidden';
import { useForecastSumText } from './forecast-sum';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

type MatterRow = PensionForecast['matters'][number];

/**
 * The "to be abandoned" (放棄予定) what-if: a box per matter moves its annuities from the cost to
 * the saving. The mark is the organization's (ADR 0037) and changes no deadline.
 */
export function AbandonPlan({ forecast }: { forecast: PensionForecast }) {
  const { t } = useTranslation();
  const toast = useToast();
  const sum = useForecastSumText();
  const [setAbandoned, { isLoading, originalArgs }] = useSetForecastAbandonedMutation();

  async function toggle(matter: MatterRow) {
    const result = await setAbandoned({ projectIds: [matter.projectId], abandoned: !matter.abandoned });
    if ('error' in result) {
      toast.error(t('pensionForecast.plan.failed'), {
        detail: isApiError(result.error) ? (result.error.serverMessage ?? undefined) : undefined,
      });
    }
  }

  return (
    <section aria-labelledby="pension-forecast-plan">
      <h3 id="pension-forecast-plan">{t('pensionForecast.plan.title')}</h3>
      <Note>
        {t('pensionForecast.plan.intro')}{' '}
        {t(
          forecast.sharedWith === 'organization'
            ? 'pensionForecast.plan.sharedOrganization'
            : 'pensionForecast.plan.sharedSelf',
        )}
      </Note>
      <Table<MatterRow>
        caption={t('pensionForecast.plan.title')}
        captionHidden
        columns={[
          {
            key: 'abandon',
            header: t('pensionForecast.plan.abandon'),
            cell: (m) => (
              <Checkbox
                label={
                  <VisuallyHidden>{t('pensionForecast.plan.toggle', { ref: m.refrenceCode })}</VisuallyHidden>
                }
                checked={m.abandoned}
                disabled={isLoading && originalArgs?.projectIds.includes(m.projectId)}
                onChange={() => void toggle(m)}
              />
            ),
          },
          {
            key: 'matter',
            header: t('pensionForecast.plan.matter'),
            cell: (m) => `${m.refrenceCode} ${m.title}`,
          },
          { key: 'region', header: t('pensionForecast.region'), cell: (m) => t(`region.${m.regionCode}`) },
          {
            key: 'cost',
            header: t('pensionForecast.plan.cost'),
            align: 'end',
            cell: (m) => sum.main(m.total),
          },
        ]}
        rows={forecast.matters}
        getRowKey={(m) => m.projectId}
        emptyText={t('pensionForecast.none')}
      />
    </section>
  );
}
