import { useListRequestHistoryQuery } from '@ipportal/api-client';
import { Button, EmptyState, LoadingText } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useDetailFormats } from './detail-format';
import { useRequestFormats } from '../request-format';
import type { DetailContext } from './detail-frame';
import { describeDetails, describeEvent } from './history-describe';

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border-left: 2px solid ${({ theme }) => theme.colors.divider};
  & > li {
    position: relative;
    padding: ${({ theme }) => `0 0 ${theme.space.lg}px ${theme.space.lg}px`};
  }
  & > li::before {
    content: '';
    position: absolute;
    left: -6px;
    top: 6px;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
  & .meta {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.md}px;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .what {
    margin: ${({ theme }) => theme.space.xxs}px 0 0;
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
  & ul {
    margin: ${({ theme }) => theme.space.xxs}px 0 0;
    padding-left: ${({ theme }) => theme.space.lg}px;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    overflow-wrap: anywhere;
  }
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
`;

/** Every recorded event of the request, oldest first, with who (and which side) and when. */
export function HistoryView({ context }: { context: DetailContext }) {
  const { t } = useTranslation();
  const formats = useDetailFormats();
  const days = useRequestFormats();
  const { data, isLoading, refetch } = useListRequestHistoryQuery(context.requestKey, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>;
  if (!data) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('requestDetail.common.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
      />
    );
  }
  const side = (value: 'client' | 'office' | 'system') =>
    value === 'client'
      ? t('requestDetail.common.clientSide')
      : value === 'office'
        ? t('requestDetail.common.officeSide')
        : t('requestDetail.common.system');
  const detailFormats = { day: (iso: string) => days.day(iso), bytes: (n: number) => formats.bytes(n) };
  return (
    <section aria-labelledby="request-history-heading">
      <Heading id="request-history-heading">{t('requestDetail.history.heading')}</Heading>
      {data.length === 0 ? (
        <EmptyState headingLevel={3} title={t('requestDetail.history.empty')} />
      ) : (
        <Timeline aria-label={t('requestDetail.history.heading')}>
          {data.map((entry) => {
            const details = describeDetails(entry, t, detailFormats);
            return (
              <li key={entry.id}>
                <div className="meta">
                  <time dateTime={entry.occurredAt}>{formats.dateTime(entry.occurredAt)}</time>
                  <span>
                    {entry.actor.name
                      ? t('requestDetail.history.actor', {
                          name: entry.actor.name,
                          side: side(entry.actor.side),
                        })
                      : side(entry.actor.side)}
                  </span>
                </div>
                <p className="what">{describeEvent(entry, t)}</p>
                {details.length > 0 && (
                  <ul>
                    {details.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </Timeline>
      )}
    </section>
  );
}
