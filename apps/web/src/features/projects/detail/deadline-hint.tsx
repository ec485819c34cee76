import { closureDate, todayInJapan } from '@ipportal/domain';
import type { ComputedDeadline } from '@ipportal/domain';
import { StatusChip, WarningIcon } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useFormats } from '../format';

const Root = styled.div`
  margin-top: ${({ theme }) => theme.space.xs}px;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border-left: 3px solid ${({ theme }) => theme.colors.info};
  background: ${({ theme }) => theme.colors.infoSubtle};
  border-radius: 0 ${({ theme }) => theme.radii.sm}px ${({ theme }) => theme.radii.sm}px 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  white-space: normal;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.sm}px;
  & > strong {
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
`;

const Line = styled.p`
  margin: ${({ theme }) => theme.space.xxs}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Warning = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs}px;
  align-items: flex-start;
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  color: ${({ theme }) => theme.colors.warning};
  & > svg {
    flex: none;
    margin-top: 0.2em;
  }
`;

/**
 * Where a deadline stands today: passed (in words, not only colour), passed while its late period
 * with a surcharge is still open, or still ahead.
 */
export function deadlineState(deadline: ComputedDeadline, today: string): 'ahead' | 'passed' | 'latePeriod' {
  if (deadline.date >= today) return 'ahead';
  return deadline.lateUntil && deadline.lateUntil >= today ? 'latePeriod' : 'passed';
}

/**
 * A deadline computed by the domain's rule table, shown beside (or instead of) a stored date:
 * marked as computed (and as passed once its day is over), with its rule and its legal source in
 * the interface language; an unconfirmed rule says so.
 */
export function DeadlineHint({
  deadline,
  stored,
  showName = false,
}: {
  deadline: ComputedDeadline;
  /** The date stored in the field this hint belongs to, to point out a difference. */
  stored?: string | null;
  showName?: boolean;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const state = deadlineState(deadline, todayInJapan());
  const closedBy = deadline.closedBy;
  return (
    <Root data-rule={deadline.ruleId}>
      <Head>
        <StatusChip tone="info">{t('deadline.computed')}</StatusChip>
        {showName && <span>{t(deadline.nameKey)}</span>}
        <strong>{formats.date(deadline.date)}</strong>
        {closedBy ? (
          // The matter's own record closes it (an exam request, a registration): not overdue.
          <StatusChip tone="success">
            {t(`deadline.closedBy.${closedBy.how}${closedBy.date ? '' : 'Undated'}`, {
              fact: t(`deadline.fact.${closedBy.fact}`),
              date: closedBy.date ? closureDate(formats.locale, closedBy.date) : '',
            })}
          </StatusChip>
        ) : (
          state !== 'ahead' && (
            <StatusChip tone="warning">
              {t(state === 'passed' ? 'projects.deadline.passed' : 'projects.deadline.passedLatePeriod')}
            </StatusChip>
          )
        )}
      </Head>
      {deadline.opensOn && (
        <Line>{t('projects.deadline.opensOn', { date: formats.date(deadline.opensOn) })}</Line>
      )}
      {deadline.lateUntil && (
        <Line>{t('projects.deadline.lateUntil', { date: formats.date(deadline.lateUntil) })}</Line>
      )}
      <Line>
        {t('projects.deadline.rule')}: {t(deadline.ruleKey)}
      </Line>
      <Line>
        {t('projects.deadline.source')}: {deadline.source[formats.locale]}
      </Line>
      {/* The office's own date (before a weekend or holiday moves it) is as right as the moved one. */}
      {stored && stored !== deadline.date && stored !== deadline.plainDate && (
        <Warning>
          <WarningIcon size={16} aria-hidden="true" />
          <span>{t('projects.deadline.differs')}</span>
        </Warning>
      )}
      {/* Said once and plainly, as on /pension: a rule read from secondary texts is not an alarm. */}
      {!deadline.confirmed && <Line>{t('deadline.caveat.secondarySource')}</Line>}
    </Root>
  );
}
