import type { DeadlineItem } from '@ipportal/domain';
import { caseTypes, todayInJapan } from '@ipportal/domain';
import { StatusChip } from '@ipportal/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { visuallyHiddenStyles } from '../../shared/visually-hidden';
import { DeadlineActions } from './deadline-actions';
import { deadlineGroups, deadlineName, groupOf, requestOf, shiftText, stateText } from './deadline-view';
import { useDayFormat } from './use-day-format';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl}px;
  & h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm}px;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
  & h2[data-group='overdue'] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

// Below its minimum width the table scrolls sideways with the date column kept in view, instead of
// squeezing the columns until the text stands one character per line.
const Scroll = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Grid = styled.table`
  width: 100%;
  min-width: 960px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  & th,
  & td {
    padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    text-align: left;
    vertical-align: top;
  }
  & th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    white-space: nowrap;
  }
  & th:first-child,
  & td:first-child {
    position: sticky;
    left: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: inset -1px 0 0 ${({ theme }) => theme.colors.divider};
  }
  & th:first-child {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  & td.date {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  @media print {
    min-width: 0;
    font-size: 10pt;
    & th.actions,
    & td.actions {
      display: none;
    }
  }
`;

const Caption = styled.caption`
  ${visuallyHiddenStyles}
`;

const Muted = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs}px;
`;

/** A deadline done by hand: the day the work was done, the note and the evidence link given. */
function Completion({ item, day }: { item: DeadlineItem; day: (iso: string) => string }) {
  const { t } = useTranslation();
  if (item.state !== 'done' || !item.completedOn) return null;
  return (
    <>
      <Muted>{t('terms.completedOn', { date: day(item.completedOn) })}</Muted>
      {item.completionNote && <Muted>{item.completionNote}</Muted>}
      {item.evidenceUrl && (
        <Muted>
          <a href={item.evidenceUrl} target="_blank" rel="noopener noreferrer">
            {t('terms.evidence')}
          </a>
        </Muted>
      )}
    </>
  );
}

export interface DeadlineListProps {
  items: readonly DeadlineItem[];
  /** Group into overdue / this week / this month / later (/terms); a matter's own list does not. */
  grouped?: boolean;
  /** Show the matter column (off on the matter's own page). */
  showMatter?: boolean;
  /** No decisions (an office's docket: the client side decides on its deadlines). */
  readOnly?: boolean;
  today?: string;
}

/** Deadlines as tables: the date after any shift with the office's plain date and why it moved. */
export function DeadlineList({
  items,
  grouped = true,
  showMatter = true,
  readOnly = false,
  today = todayInJapan(),
}: DeadlineListProps) {
  const { t } = useTranslation();
  if (!grouped)
    return (
      <DeadlineTable
        items={items}
        showMatter={showMatter}
        readOnly={readOnly}
        caption={t('terms.matterDeadlines')}
      />
    );
  return (
    <>
      {deadlineGroups.map((group) => {
        const rows = items.filter((item) => groupOf(item.date, today, item.state) === group);
        if (rows.length === 0) return null;
        return (
          <Section key={group} aria-labelledby={`deadline-group-${group}`}>
            <h2 id={`deadline-group-${group}`} data-group={group}>
              {t(`terms.group.${group}`)} <Muted as="span">{t('terms.count', { count: rows.length })}</Muted>
            </h2>
            <DeadlineTable
              items={rows}
              showMatter={showMatter}
              readOnly={readOnly}
              caption={t(`terms.group.${group}`)}
            />
          </Section>
        );
      })}
    </>
  );
}

function DeadlineTable({
  items,
  showMatter,
  readOnly,
  caption,
}: {
  items: readonly DeadlineItem[];
  showMatter: boolean;
  readOnly: boolean;
  caption: string;
}) {
  const { t } = useTranslation();
  const format = useDayFormat();
  const captionId = useId();
  return (
    <Scroll role="region" aria-labelledby={captionId} tabIndex={0}>
      <Grid>
        <Caption id={captionId}>{caption}</Caption>
        <thead>
          <tr>
            <th scope="col">{t('terms.column.date')}</th>
            {showMatter && <th scope="col">{t('terms.column.matter')}</th>}
            <th scope="col">{t('terms.column.deadline')}</th>
            <th scope="col">{t('terms.column.state')}</th>
            <th scope="col">{t('terms.column.check')}</th>
            {!readOnly && (
              <th scope="col" className="actions">
                {t('terms.column.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const shift = shiftText(t, item, format.locale);
            return (
              <tr key={`${item.projectId}/${item.key}`} data-key={item.key}>
                <td className="date">
                  <strong>{format.day(item.date)}</strong>
                  {shift && (
                    <Muted>
                      {t('terms.plainDate', { date: format.day(item.plainDate) })}
                      <br />
                      {shift}
                    </Muted>
                  )}
                  {item.opensOn && <Muted>{t('terms.opensOn', { date: format.day(item.opensOn) })}</Muted>}
                  {item.lateUntil && (
                    <Muted>{t('terms.lateUntil', { date: format.day(item.lateUntil) })}</Muted>
                  )}
                </td>
                {showMatter && (
                  <td>
                    <Link to={`/projects?project-id=${item.projectId}`}>{item.refrenceCode}</Link>
                    <Muted>{item.projectTitle}</Muted>
                    <Muted>
                      {t(caseTypes.labelKey(item.caseType as 0 | 1 | 2 | 3))} /{' '}
                      {t(`region.${item.regionCode}`)}
                    </Muted>
                  </td>
                )}
                <td>
                  <div>{deadlineName(t, item)}</div>
                  {item.request && <Muted>{requestOf(t, item)}</Muted>}
                  <Chips>
                    <StatusChip tone="neutral">{t(`terms.kind.${item.kind}`)}</StatusChip>
                  </Chips>
                  {item.legalSource && <Muted>{item.legalSource[format.locale]}</Muted>}
                  {!item.ruleConfirmed && <Muted>{t('terms.ruleUnconfirmed')}</Muted>}
                </td>
                <td>
                  <StatusChip
                    tone={
                      item.state === 'open'
                        ? 'info'
                        : item.state === 'done' || item.state === 'closed'
                          ? 'success'
                          : 'warning'
                    }
                  >
                    {stateText(t, item, format.locale)}
                  </StatusChip>
                  {item.stateBy && item.stateAt && (
                    <Muted>
                      {t('terms.doneBy', { name: item.stateBy.name, date: format.instant(item.stateAt) })}
                    </Muted>
                  )}
                  {item.lapseReason && <Muted>{t('terms.lapseReason', { reason: item.lapseReason })}</Muted>}
                  <Completion item={item} day={format.day} />
                </td>
                <td>
                  {item.confirmedBy ? (
                    <StatusChip tone="success">
                      {t('terms.confirmedBy', { name: item.confirmedBy.name })}
                    </StatusChip>
                  ) : (
                    <StatusChip tone="warning">{t('terms.unconfirmed')}</StatusChip>
                  )}
                </td>
                {!readOnly && (
                  <td className="actions">
                    {/* Closed by the matter's facts: nothing for a person to mark; the facts reopen it. */}
                    {item.state !== 'closed' && <DeadlineActions item={item} />}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </Grid>
    </Scroll>
  );
}
