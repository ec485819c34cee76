import {
  applyRequestMailEvent,
  fetchRequestBlob,
  requestBinaryPaths,
  requestDetailApi,
  requestDetailId,
  unreadSummaryAfterMark,
  useListRequestMailsQuery,
  useMarkRequestMailsReadMutation,
  type RequestKey,
} from '@ipportal/api-client';
import { realtimeChangeDocuments, type RequestMail } from '@ipportal/domain';
import { Badge, Button, EmptyState, FileIcon, LoadingText, StatusChip, useToast } from '@ipportal/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { isAccessRevoked } from '@ipportal/realtime';
import { isRealtimeLive, useRealtimeSubscription } from '../../../shared/realtime/realtime-hub';
import { useDetailFormats } from './detail-format';
import { saveFile } from '../../../shared/save-file';
import type { DetailContext } from './detail-frame';
import { MailComposer } from './mail-composer';

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
`;

const Thread = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.xl}px;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md}px;
`;

const Mail = styled.li<{ $own: boolean }>`
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-left: 4px solid ${({ theme, $own }) => ($own ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $own }) => ($own ? theme.colors.surface : theme.colors.surfaceMuted)};
  & > header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.md}px;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > header > strong {
    color: ${({ theme }) => theme.colors.text};
  }
  & > h3 {
    margin: ${({ theme }) => theme.space.xs}px 0;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
    overflow-wrap: anywhere;
  }
  & > p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
`;

const Attachments = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space.sm}px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
`;

function MailItem({
  mail,
  context,
  own,
  isNew,
}: {
  mail: RequestMail;
  context: DetailContext;
  own: boolean;
  /** The other side's mail, unread when this view first showed it. */
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const formats = useDetailFormats();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const download = async (fileId: string, name: string) => {
    const result = await dispatch(
      fetchRequestBlob(requestBinaryPaths.mailAttachment(context.requestKey, mail.id, fileId)),
    );
    if ('error' in result) {
      toast.error(t('requestDetail.common.downloadFailed'), {
        detail: result.error.serverMessage ?? undefined,
      });
      return;
    }
    saveFile(name, result.data);
  };
  return (
    <Mail $own={own} aria-label={mail.subject}>
      <header>
        <strong>{mail.senderName}</strong>
        <span>
          {mail.direction === 'toOffice'
            ? t('requestDetail.mails.toOffice')
            : t('requestDetail.mails.toClient')}
        </span>
        <time dateTime={mail.sentAt}>{formats.dateTime(mail.sentAt)}</time>
        {own ? (
          <span>{mail.readAt ? t('requestDetail.mails.read') : t('requestDetail.mails.notRead')}</span>
        ) : (
          isNew && <StatusChip tone="info">{t('requestDetail.mails.new')}</StatusChip>
        )}
      </header>
      <h3>{mail.subject}</h3>
      <p>{mail.body}</p>
      {mail.attachments.length > 0 && (
        <Attachments aria-label={t('requestDetail.mails.attachments')}>
          {mail.attachments.map((file) => (
            <li key={file.id}>
              <Button
                variant="secondary"
                size="sm"
                startIcon={<FileIcon />}
                aria-label={t('requestDetail.common.downloadNamed', { name: file.name })}
                onClick={() => void download(file.id, file.name)}
              >
                {file.name} ({formats.bytes(file.sizeBytes)})
              </Button>
            </li>
          ))}
        </Attachments>
      )}
    </Mail>
  );
}

/** Mails arriving this close together are marked read with one request. */
const readBatchMs = 300;
/** A steady stream is still marked read this often. */
const readBatchMaxMs = 2_000;

/**
 * Marks the other side's mails read while the thread is open, the tab visible and some are
 * unread: one request per batch of mails that came into view together (waiting `readBatchMs`
 * after the last, at most `readBatchMaxMs`, never while one is on its way), not one per mail.
 * A count the last request left as it was is not asked again (a concierge reads without marking:
 * the addressed office's marks stay its own).
 */
function useMarkReadWhileVisible(requestKey: RequestKey, unread: number) {
  const [markRead, { isLoading: marking }] = useMarkRequestMailsReadMutation();
  const dispatch = useAppDispatch();
  const waitingSince = useRef<number | null>(null);
  const sentForCount = useRef<number | null>(null);
  // The mark waiting for its batch, if one is: leaving the thread sends it at once.
  const waitingMark = useRef<(() => void) | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    waitingMark.current = null;
    if (!visible || marking) return;
    if (unread === 0) sentForCount.current = null;
    if (unread === 0 || unread === sentForCount.current) {
      waitingSince.current = null;
      return;
    }
    const since = (waitingSince.current ??= Date.now());
    const wait = Math.max(0, Math.min(readBatchMs, since + readBatchMaxMs - Date.now()));
    const send = () => {
      waitingMark.current = null;
      waitingSince.current = null;
      sentForCount.current = unread;
      void markRead(requestKey).then((result) => {
        // Without the socket no counts are pushed: the sidebar's total drops here and asks again.
        const marked = result.data?.marked ?? 0;
        if (marked > 0 && !isRealtimeLive()) dispatch(unreadSummaryAfterMark(marked));
      });
    };
    waitingMark.current = send;
    const timer = setTimeout(send, wait);
    return () => clearTimeout(timer);
  }, [visible, marking, unread, markRead, requestKey, dispatch]);
  // The reader saw those mails: going back to the list (or to another request) before the batch
  // was due still marks them read, so the list does not keep showing them unread.
  useEffect(() => () => waitingMark.current?.(), [requestKey]);
}

/**
 * The mail thread. Live: the thread's topic `onRequestMail` brings each change itself (a new
 * mail, the other side's read: the 既読 marks, the unread count), written into the cache without
 * a request (a frame with ids only refetches, as does a frame showing that one was lost); a
 * reconnect and the window regaining focus refetch. Open and visible, it marks the other side's
 * mails read, which the sender then sees.
 */
export function MailThread({ context }: { context: DetailContext }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useListRequestMailsQuery(context.requestKey, {
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  const unread = data?.unreadCount ?? 0;
  const { requestKey } = context;
  const dispatch = useAppDispatch();
  // Access taken away while the thread is open: the server ends the subscription, and the
  // thread stops showing what its user may no longer read.
  const threadKey = requestDetailId(requestKey);
  const [revokedKey, setRevokedKey] = useState<string | null>(null);
  const refreshThread = () =>
    dispatch(
      requestDetailApi.util.invalidateTags([{ type: 'RequestMail', id: requestDetailId(requestKey) }]),
    );
  useRealtimeSubscription(
    'onRequestMail',
    { projectId: requestKey.projectId, requestId: requestKey.requestId },
    (event) => {
      if (event.kind === undefined) refreshThread();
      else dispatch(applyRequestMailEvent(requestKey, event));
    },
    {
      query: realtimeChangeDocuments.onRequestMail,
      onError: (error) => {
        if (isAccessRevoked(error)) setRevokedKey(threadKey);
      },
      // A mail sent while the subscription was starting is fetched once the server acknowledges it.
      onStarted: refreshThread,
    },
  );
  useMarkReadWhileVisible(requestKey, unread);

  const own = context.side === 'client' ? 'toOffice' : 'toClient';
  // Opening the thread marks the other side's mails read, so a later fetch (a new mail, focus, the
  // subscription's start) says they are read: the mails that were unread when this view showed
  // them keep their 新着 mark until the reader leaves.
  const [shownUnread, setShownUnread] = useState({
    threadKey,
    ids: new Set<string>(),
  });
  const shown = shownUnread.threadKey === threadKey ? shownUnread.ids : new Set<string>();
  const arrived = (data?.items ?? [])
    .filter((mail) => mail.direction !== own && mail.readAt === null && !shown.has(mail.id))
    .map((mail) => mail.id);
  // Remembered as they are shown (React's "adjust state while rendering"), before any later fetch.
  if (shownUnread.threadKey !== threadKey || arrived.length > 0) {
    setShownUnread({ threadKey, ids: new Set([...shown, ...arrived]) });
  }
  const isNew = (mail: RequestMail) => mail.direction !== own && (mail.readAt === null || shown.has(mail.id));

  return (
    <section aria-labelledby="request-mails-heading">
      <Heading>
        <h2 id="request-mails-heading">{t('requestDetail.mails.heading')}</h2>
        {unread > 0 && (
          <Badge count={unread} tone="danger" label={t('requestDetail.mails.unread', { count: unread })} />
        )}
      </Heading>
      {revokedKey === threadKey ? (
        <EmptyState
          headingLevel={3}
          title={t('requestDetail.mails.accessRevoked')}
          description={t('requestDetail.mails.accessRevokedDetail')}
        />
      ) : isLoading ? (
        <LoadingText block>{t('requestDetail.common.loading')}</LoadingText>
      ) : isError || !data ? (
        <EmptyState
          headingLevel={3}
          title={t('requestDetail.common.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('requestDetail.common.retry')}</Button>}
        />
      ) : data.items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('requestDetail.mails.empty')}
          description={t(
            context.side === 'client'
              ? 'requestDetail.mails.emptyDetail'
              : 'requestDetail.mails.emptyDetailOffice',
          )}
        />
      ) : (
        <Thread aria-label={t('requestDetail.mails.heading')}>
          {data.items.map((mail) => (
            <MailItem
              key={mail.id}
              mail={mail}
              context={context}
              own={mail.direction === own}
              isNew={isNew(mail)}
            />
          ))}
        </Thread>
      )}
      <MailComposer context={context} />
    </section>
  );
}
