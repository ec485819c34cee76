import {
  applyChatMessage,
  applyChatRead,
  chatApi,
  chatFilePaths,
  chatRoomId,
  chatRoomListTag,
  chatUnreadTag,
  fetchChatFile,
  isApiError,
  useGetChatRoomQuery,
  useGetUserQuery,
  useListChatMessagesInfiniteQuery,
  useMarkChatReadMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import { realtimeChangeDocuments, type ChatMessage, type ChatRoom } from '@ipportal/domain';
import { Button, EmptyState, LoadingText, useToast } from '@ipportal/ui';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { useLocale } from '../../i18n/use-locale';
import { hrefTo, pathTo } from '../../routes/paths';
import { isAccessRevoked } from '@ipportal/realtime';
import { isRealtimeLive, useRealtimeSubscription } from '../../shared/realtime/realtime-hub';
import { saveFile } from '../../shared/save-file';
import { VisuallyHidden } from '../../shared/visually-hidden';
import { dayKey, useChatFormats } from './chat-format';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import type { MessageContext } from './chat-message-item';
import { useNow } from './use-now';

const Root = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  height: 100%;
`;

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  & h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
    overflow-wrap: anywhere;
  }
  & p {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${({ theme }) => theme.space.md}px;
    margin: ${({ theme }) => theme.space.xs}px 0 0;
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Scroller = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  background: ${({ theme }) => theme.colors.background};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Messages = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Day = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  margin: ${({ theme }) => theme.space.sm}px 0;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  color: ${({ theme }) => theme.colors.textMuted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
`;

const Older = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space.sm}px;
`;

const ReadOnly = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** How long an announcement of new messages stays in the live region. */
const announcementMs = 10_000;

/** How close to the bottom (px) counts as "reading the newest": new messages then scroll into view. */
const stickThreshold = 80;

function messagesOf(pages: readonly { items: ChatMessage[] }[] | undefined): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const page of pages ?? []) for (const message of page.items) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Messages arriving this close together are marked read with one request. */
const readBatchMs = 300;
/** A steady stream is still marked read this often. */
const readBatchMaxMs = 2_000;

/**
 * Marks the room read up to `throughSeq` while it is open and the tab visible: one request per
 * batch of messages that came into view together (waiting `readBatchMs` after the last, at most
 * `readBatchMaxMs`, and never while one is on its way), not one per message.
 */
function useMarkReadWhileVisible(requestKey: RequestKey, room: ChatRoom | undefined, throughSeq: number) {
  const [markRead, { isLoading: marking }] = useMarkChatReadMutation();
  const waitingSince = useRef<number | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const sent = useRef(0);
  // The mark waiting for its batch, if one is: leaving the room sends it at once.
  const waitingMark = useRef<(() => void) | null>(null);
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const myLastReadSeq = room?.myLastReadSeq ?? null;
  const dispatch = useAppDispatch();
  useEffect(() => {
    waitingMark.current = null;
    if (!visible || myLastReadSeq === null || marking) return;
    if (throughSeq <= myLastReadSeq || throughSeq <= sent.current) {
      waitingSince.current = null;
      return;
    }
    const since = (waitingSince.current ??= Date.now());
    const wait = Math.max(0, Math.min(readBatchMs, since + readBatchMaxMs - Date.now()));
    const send = () => {
      waitingMark.current = null;
      waitingSince.current = null;
      sent.current = throughSeq;
      void markRead({ ...requestKey, throughSeq }).then((result) => {
        // Without the socket no counts are pushed: the badge and the list ask again.
        if (!('error' in result) && !isRealtimeLive())
          dispatch(chatApi.util.invalidateTags([chatUnreadTag, chatRoomListTag]));
      });
    };
    waitingMark.current = send;
    const timer = setTimeout(send, wait);
    return () => clearTimeout(timer);
  }, [visible, myLastReadSeq, throughSeq, markRead, requestKey, marking, dispatch]);
  // The reader saw those messages: leaving the room before the batch was due still marks them
  // read, so the room list and the badge do not keep counting them.
  useEffect(() => () => waitingMark.current?.(), [requestKey]);
}

/**
 * New messages of others, told to screen readers politely ("sender: text"), once the room has
 * shown its first page (the history itself is not read out).
 */
function useAnnouncements(messages: readonly ChatMessage[], myUserId: string | null, ready: boolean) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const seen = useRef<number | null>(null);
  const last = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!ready) return;
    if (seen.current === null) {
      seen.current = last;
      return;
    }
    if (last <= seen.current) return;
    const since = seen.current;
    seen.current = last;
    const fresh = messages.filter((m) => m.seq > since && m.senderUserId !== myUserId);
    if (fresh.length === 0) return;
    setText(
      fresh
        .map((m) =>
          t('chat.live.message', {
            name: m.senderName,
            text:
              m.withdrawnAt !== null
                ? t('chat.message.withdrawn')
                : m.body !== ''
                  ? m.body.slice(0, 200)
                  : t('chat.rooms.files', { count: m.attachments.length }),
          }),
        )
        .join('\n'),
    );
  }, [messages, last, myUserId, ready, t]);
  // Said once, then gone: a message withdrawn later must not linger in the page's text.
  useEffect(() => {
    if (text === '') return;
    const timer = setTimeout(() => setText(''), announcementMs);
    return () => clearTimeout(timer);
  }, [text]);
  return text;
}

/**
 * One request's room: its header (the matter and the request, the transcript), the messages
 * with older pages on scroll up, and the composer (read-only for a deleted matter). Live: the
 * room's topic `onChatRoom` brings each change itself (the message, a read: the "既読" marks),
 * written into the cache without a request (a frame with ids only refetches), a reconnect
 * refetches everything (RealtimeConnection); the room is marked read while open and visible.
 */
export function ChatRoomView({ requestKey }: { requestKey: RequestKey }) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const formats = useChatFormats();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data: user } = useGetUserQuery();
  const myUserId = user?.id ?? null;
  const roomQuery = useGetChatRoomQuery(requestKey, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const messagesQuery = useListChatMessagesInfiniteQuery(requestKey, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const room = roomQuery.data;
  const pages = messagesQuery.data?.pages;
  const messages = useMemo(() => messagesOf(pages), [pages]);
  const firstPage = pages?.[0];
  const lastPage = pages?.at(-1);
  const hasOlder = firstPage?.hasOlder ?? false;
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const firstSeq = messages[0]?.seq ?? 0;
  const { fetchNextPage, fetchPreviousPage, isFetchingPreviousPage, isFetchingNextPage } = messagesQuery;

  // Access taken away while the room is open (unassigned, removed, the matter deleted): the
  // server ends the subscription, and the room stops showing what its user may no longer read.
  const roomKey = `${requestKey.projectId}/${requestKey.requestId}`;
  const [revokedKey, setRevokedKey] = useState<string | null>(null);
  useRealtimeSubscription(
    'onChatRoom',
    { projectId: requestKey.projectId, requestId: requestKey.requestId },
    (event) => {
      if (event.message) {
        dispatch(applyChatMessage(requestKey, event.message));
        return;
      }
      if (event.kind === 'read' && event.side !== undefined) {
        dispatch(applyChatRead(requestKey, event, myUserId));
        return;
      }
      const id = chatRoomId(requestKey);
      dispatch(
        chatApi.util.invalidateTags(
          event.kind === 'read'
            ? [{ type: 'ChatRoom', id }]
            : // The list shows the last message's excerpt: an edit or withdrawal changes it.
              [{ type: 'ChatMessages', id }, { type: 'ChatRoom', id }, chatRoomListTag],
        ),
      );
    },
    {
      query: realtimeChangeDocuments.onChatRoom,
      onError: (error) => {
        if (isAccessRevoked(error)) setRevokedKey(roomKey);
      },
      // A message sent while the subscription was starting came after the room was fetched.
      onStarted: () => {
        const id = chatRoomId(requestKey);
        dispatch(
          chatApi.util.invalidateTags([
            { type: 'ChatMessages', id },
            { type: 'ChatRoom', id },
          ]),
        );
      },
    },
  );

  // A refetch brings at most a page after each page it had: fetch on while more follow.
  const moreNewer = lastPage?.hasNewer ?? false;
  useEffect(() => {
    if (moreNewer && !isFetchingNextPage) void fetchNextPage();
  }, [moreNewer, isFetchingNextPage, fetchNextPage]);

  // Only the other side's messages are ever unread: the caller's own new message needs no mark.
  const othersUnread = room
    ? messages.some((m) => m.seq > room.myLastReadSeq && m.side !== room.mySide)
    : false;
  useMarkReadWhileVisible(requestKey, room, othersUnread ? lastSeq : 0);
  const announcement = useAnnouncements(messages, myUserId, messagesQuery.isSuccess);
  const now = useNow(10_000, room?.writable ?? false);

  // Scrolling: the newest in view at first and when new ones come while reading the newest (or
  // after sending); the same place kept when older ones are put above.
  const scroller = useRef<HTMLDivElement>(null);
  const position = useRef({ first: 0, last: 0, fromBottom: 0, nearBottom: true, stick: false });
  const remember = () => {
    const el = scroller.current;
    if (!el) return;
    const fromBottom = el.scrollHeight - el.scrollTop;
    position.current.fromBottom = fromBottom;
    position.current.nearBottom = fromBottom - el.clientHeight < stickThreshold;
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = position.current;
    if (!el || lastSeq === 0) return;
    if (before.last === 0 || (lastSeq > before.last && (before.nearBottom || before.stick))) {
      el.scrollTop = el.scrollHeight;
      before.stick = false;
    } else if (firstSeq < before.first) {
      el.scrollTop = el.scrollHeight - before.fromBottom;
    }
    before.first = firstSeq;
    before.last = lastSeq;
    remember();
  }, [firstSeq, lastSeq]);

  const loadOlder = () => {
    if (!hasOlder || isFetchingPreviousPage) return;
    remember();
    void fetchPreviousPage();
  };

  const downloadTranscript = async () => {
    const result = await dispatch(fetchChatFile(chatFilePaths.transcript(requestKey), locale));
    if ('error' in result) {
      toast.error(t('chat.room.transcriptFailed'), { detail: result.error.serverMessage ?? undefined });
      return;
    }
    saveFile(result.data.filename ?? `chat-${requestKey.requestId}.txt`, result.data.blob);
  };

  if (revokedKey === roomKey) {
    return (
      <EmptyState
        headingLevel={2}
        title={t('chat.room.accessRevoked')}
        description={t('chat.room.accessRevokedDetail')}
        action={<Link to={pathTo('chat')}>{t('chat.room.backToList')}</Link>}
      />
    );
  }
  if (roomQuery.isLoading) return <LoadingText block>{t('chat.loading')}</LoadingText>;
  if (!room) {
    const missing =
      isApiError(roomQuery.error) && (roomQuery.error.status === 404 || roomQuery.error.status === 400);
    return (
      <EmptyState
        headingLevel={2}
        title={missing ? t('chat.room.notFound') : t('chat.loadFailed')}
        description={missing ? t('chat.room.notFoundDetail') : undefined}
        action={
          missing ? (
            <Link to={pathTo('chat')}>{t('chat.room.backToList')}</Link>
          ) : (
            <Button onClick={() => void roomQuery.refetch()}>{t('chat.retry')}</Button>
          )
        }
      />
    );
  }

  const context: MessageContext = {
    requestKey,
    room,
    myUserId,
    mentionable: room.members.filter((m) => m.userId !== myUserId),
    now,
  };
  const params = { projectId: requestKey.projectId, requestId: String(requestKey.requestId) };
  return (
    <Root aria-labelledby="chat-room-heading">
      <Head>
        <div>
          <h2 id="chat-room-heading">{room.requestName}</h2>
          <p>
            <span>{t('chat.room.counterpart', { name: room.counterpartName })}</span>
            <Link to={hrefTo('projects', undefined, { 'project-id': room.projectId })}>
              {t('chat.room.matter', {
                title: room.referenceCode ? `${room.referenceCode} ${room.projectTitle}` : room.projectTitle,
              })}
            </Link>
            <Link to={pathTo('requestMails', params)}>{t('chat.room.request')}</Link>
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void downloadTranscript()}>
          {t('chat.room.transcript')}
        </Button>
      </Head>
      <Scroller
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('chat.room.messages')}
        onScroll={(event) => {
          remember();
          if (event.currentTarget.scrollTop < 40) loadOlder();
        }}
      >
        {hasOlder && (
          <Older>
            <Button variant="tertiary" size="sm" loading={isFetchingPreviousPage} onClick={loadOlder}>
              {t('chat.room.older')}
            </Button>
          </Older>
        )}
        {messagesQuery.isLoading ? (
          <LoadingText block>{t('chat.loading')}</LoadingText>
        ) : messagesQuery.isError && messages.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title={t('chat.loadFailed')}
            action={<Button onClick={() => void messagesQuery.refetch()}>{t('chat.retry')}</Button>}
          />
        ) : messages.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title={t('chat.room.empty')}
            description={t('chat.room.emptyDetail')}
          />
        ) : (
          <Messages aria-label={t('chat.room.messages')}>
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              const newDay = !previous || dayKey(previous.sentAt) !== dayKey(message.sentAt);
              return (
                <Fragment key={message.id}>
                  {newDay && (
                    <Day>
                      <time dateTime={dayKey(message.sentAt)}>{formats.day(message.sentAt)}</time>
                    </Day>
                  )}
                  <ChatMessageItem message={message} context={context} />
                </Fragment>
              );
            })}
          </Messages>
        )}
      </Scroller>
      <VisuallyHidden aria-live="polite" data-testid="chat-announcer">
        {announcement}
      </VisuallyHidden>
      {room.writable ? (
        <ChatComposer
          requestKey={requestKey}
          members={context.mentionable}
          onSent={() => {
            position.current.stick = true;
          }}
        />
      ) : (
        <ReadOnly>{t('chat.room.readOnly')}</ReadOnly>
      )}
    </Root>
  );
}
