import {
  useCreateCalendarFeedMutation,
  useListCalendarFeedsQuery,
  useRevokeCalendarFeedMutation,
} from '@ipportal/api-client';
import type { CalendarFeed } from '@ipportal/domain';
import { Button, ConfirmDialog, TextField, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { failureReason } from '../../shared/failure-reason';
import { useDayFormat } from './use-day-format';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  max-width: 720px;
  margin-top: ${({ theme }) => theme.space.xl}px;
  & h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
  & p {
    margin: 0;
  }
  & ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.md}px;
    padding: ${({ theme }) => theme.space.xs}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }
`;

/**
 * A calendar app fetches its URL in its own time (often right after the user adds it): the list
 * is read again when the window regains focus and every minute while it has it, so "last fetched"
 * follows without a reload.
 */
const feedsPollingMs = 60_000;

const Warning = styled.p`
  color: ${({ theme }) => theme.colors.warning};
`;

/**
 * The user's secret calendar (ICS) URLs: a new one is shown once (only a hash is stored), each
 * can be revoked. Says plainly that subscribed calendars lag and mails carry urgent changes.
 */
export function CalendarFeeds() {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useDayFormat();
  const { data: feeds = [] } = useListCalendarFeedsQuery(undefined, {
    refetchOnFocus: true,
    pollingInterval: feedsPollingMs,
    skipPollingIfUnfocused: true,
  });
  const [create, { isLoading: creating }] = useCreateCalendarFeedMutation();
  const [revoke, { isLoading: revoking }] = useRevokeCalendarFeedMutation();
  const [created, setCreated] = useState<string | null>(null);
  // The feed whose revocation is being asked about: a revoked URL cannot be brought back.
  const [toRevoke, setToRevoke] = useState<string | null>(null);

  const issued = (feed: CalendarFeed) => t('reminders.feed.issued', { date: format.instant(feed.createdAt) });

  const confirmRevoke = (feedId: string) =>
    void revoke(feedId)
      .unwrap()
      .then(
        () => {
          setCreated(null);
          toast.info(t('reminders.feed.revoked'));
        },
        (error: unknown) => toast.error(t('reminders.feed.revokeFailed'), { detail: failureReason(error) }),
      )
      .finally(() => setToRevoke(null));

  return (
    <Section aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">{t('reminders.feed.heading')}</h2>
      <p>{t('reminders.feed.description')}</p>
      <Warning>{t('reminders.feed.slow')}</Warning>
      <div>
        <Button
          loading={creating}
          onClick={() =>
            void create()
              .unwrap()
              .then(
                (feed) => setCreated(feed.url),
                (error: unknown) =>
                  toast.error(t('reminders.feed.createFailed'), { detail: failureReason(error) }),
              )
          }
        >
          {t('reminders.feed.create')}
        </Button>
      </div>
      {created && (
        <div role="status">
          <p>{t('reminders.feed.created')}</p>
          <TextField
            label={t('reminders.feed.heading')}
            value={created}
            readOnly
            fullWidth
            data-testid="calendar-feed-url"
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void navigator.clipboard?.writeText(created).then(() => toast.info(t('reminders.feed.copied')))
            }
          >
            {t('reminders.feed.copy')}
          </Button>
        </div>
      )}
      <h3>{t('reminders.feed.list')}</h3>
      {feeds.length === 0 ? (
        <p>{t('reminders.feed.none')}</p>
      ) : (
        <ul>
          {feeds.map((feed) => (
            <li key={feed.id}>
              <span>{issued(feed)}</span>
              <span>
                {feed.lastFetchedAt
                  ? t('reminders.feed.lastFetched', { date: format.instant(feed.lastFetchedAt) })
                  : t('reminders.feed.never')}
              </span>
              <Button
                size="sm"
                variant="danger"
                aria-label={`${t('reminders.feed.revoke')} ${issued(feed)}`}
                onClick={() => setToRevoke(feed.id)}
              >
                {t('reminders.feed.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        tone="danger"
        title={t('reminders.feed.revokeTitle')}
        message={t('reminders.feed.revokeMessage')}
        confirmLabel={t('reminders.feed.revoke')}
        loading={revoking}
        onConfirm={() => toRevoke && confirmRevoke(toRevoke)}
        onCancel={() => setToRevoke(null)}
      />
    </Section>
  );
}
