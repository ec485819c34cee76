import type { PensionMatter } from '@ipportal/domain';
import { StatusChip } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { usePensionFormats } from './pension-format';

const Notice = styled.div`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  & p {
    margin: ${({ theme }) => theme.space.xxs}px 0 0;
  }
`;

const Source = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

/**
 * The flag of a right that lapsed for a payment not made (「消滅（追納期間経過）」): since when,
 * under which article, and the window the law gives to bring it back with its last day.
 */
export function PensionLapseNotice({ lapse }: { lapse: NonNullable<PensionMatter['lapse']> }) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const restoration = lapse.restoration;
  return (
    <Notice role="note" aria-label={t('pension.lapse.label')}>
      <StatusChip tone="danger">{t(`deadline.fact.${lapse.fact}`)}</StatusChip>
      <p>
        {t('pension.lapse.since', {
          years: t('pension.years', { year: lapse.year }),
          date: formats.date(lapse.lateUntil),
          source: lapse.source[formats.locale],
        })}
      </p>
      <p>
        {restoration.passed
          ? t('pension.lapse.restorationPassed', {
              name: t(restoration.nameKey),
              date: formats.date(restoration.dueDate),
            })
          : t('pension.lapse.restoration', {
              name: t(restoration.nameKey),
              from: formats.date(restoration.opensOn),
              date: formats.date(restoration.dueDate),
            })}
      </p>
      <Source>
        {restoration.source[formats.locale]}
        {!restoration.confirmed && restoration.caveatKey && ` ${t(restoration.caveatKey)}`}
      </Source>
    </Notice>
  );
}
