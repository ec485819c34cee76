import { useListChatRoomsInfiniteQuery } from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { ChatRoomSummary } from '@ipportal/domain';
import { Badge, Button, LoadingText, TextField } from '@ipportal/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { pathTo } from '../../routes/paths';
import { useChatFormats } from './chat-format';
import type { ChatFormats } from './chat-format';

const Root = styled.nav`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  & > h2 {
    margin: 0;
    padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px 0`};
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
`;

const Search = styled.div`
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.lg}px ${theme.space.md}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const List = styled.ul`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const RoomLink = styled(Link)<{ $current: boolean; $unread: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 2px ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.lg}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  border-left: 4px solid transparent;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  ${({ theme, $current }) =>
    $current &&
    css`
      border-left-color: ${theme.colors.primary};
      background: ${theme.colors.surfaceSelected};
    `}
  & strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: ${({ theme, $unread }) => ($unread ? theme.typography.fontWeight.bold : theme.typography.fontWeight.medium)};
  }
  & .meta,
  & .excerpt {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: ${({ theme }) => theme.typography.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .excerpt {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme, $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
  }
  & time {
    font-size: ${({ theme }) => theme.typography.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: right;
  }
  & .marks {
    display: flex;
    gap: ${({ theme }) => theme.space.xs}px;
    justify-content: flex-end;
  }
`;

const Mention = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.textOnPrimary};
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.lg}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

const More = styled.div`
  padding: ${({ theme }) => theme.space.sm}px;
  display: flex;
  justify-content: center;
`;

/** Waits this long after the last keystroke before searching. */
const searchDelayMs = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const keyOf = (room: { projectId: string; requestId: number }) => `${room.projectId}/${room.requestId}`;

function RoomEntry({
  room,
  current,
  formats,
  now,
}: {
  room: ChatRoomSummary;
  current: boolean;
  formats: ChatFormats;
  now: Date;
}) {
  const { t } = useTranslation();
  const last = room.lastMessage;
  const excerpt = !last
    ? t('chat.rooms.noMessages')
    : last.withdrawn
      ? t('chat.rooms.withdrawn', { name: last.senderName })
      : last.excerpt !== ''
        ? t('chat.rooms.excerpt', { name: last.senderName, text: last.excerpt })
        : t('chat.rooms.filesFrom', { name: last.senderName, count: last.attachmentCount });
  const matter = room.referenceCode ? `${room.referenceCode} ${room.projectTitle}` : room.projectTitle;
  return (
    <li>
      <RoomLink
        to={pathTo('chatRoom', { projectId: room.projectId, requestId: String(room.requestId) })}
        aria-current={current ? 'page' : undefined}
        $current={current}
        $unread={room.unreadCount > 0}
      >
        <strong>{room.requestName}</strong>
        {last ? <time dateTime={last.sentAt}>{formats.listTime(last.sentAt, now)}</time> : <span />}
        <span className="meta">
          {room.counterpartName} · {matter}
        </span>
        <span className="marks">
          {room.unreadMentionCount > 0 && (
            <Mention role="img" aria-label={t('chat.rooms.mentions', { count: room.unreadMentionCount })}>
              @
            </Mention>
          )}
          {room.unreadCount > 0 && (
            <Badge
              tone="primary"
              count={room.unreadCount}
              label={t('chat.rooms.unread', { count: room.unreadCount })}
            />
          )}
        </span>
        <span className="excerpt">{excerpt}</span>
      </RoomLink>
    </li>
  );
}

/**
 * The caller's rooms with messages, newest message first, searchable (request, matter, reference
 * code, counterpart), a page at a time ("more" by cursor). Counts follow the unread summary: when
 * it changes (realtime `onChatUnread`), the list is refetched.
 */
export function ChatRoomList({ selected }: { selected: RequestKey | null }) {
  const { t } = useTranslation();
  const formats = useChatFormats();
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), searchDelayMs);
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useListChatRoomsInfiniteQuery(q ? { q } : {}, { refetchOnFocus: true, refetchOnMountOrArgChange: true });
  const rooms = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((room) => {
        const key = keyOf(room);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }, [data]);
  const now = new Date();
  const selectedKey = selected ? keyOf(selected) : null;
  return (
    <Root aria-labelledby="chat-rooms-heading">
      <h2 id="chat-rooms-heading">{t('chat.rooms.heading')}</h2>
      <Search role="search">
        <TextField
          type="search"
          label={t('chat.rooms.search')}
          placeholder={t('chat.rooms.searchPlaceholder')}
          fullWidth
          maxLength={100}
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
      </Search>
      {isLoading ? (
        <LoadingText block>{t('chat.loading')}</LoadingText>
      ) : isError && rooms.length === 0 ? (
        <Note>
          {t('chat.loadFailed')}{' '}
          <Button variant="tertiary" size="sm" onClick={() => void refetch()}>
            {t('chat.retry')}
          </Button>
        </Note>
      ) : rooms.length === 0 ? (
        <Note>{q ? t('chat.rooms.noMatch') : t('chat.rooms.none')}</Note>
      ) : (
        <List aria-label={t('chat.rooms.heading')}>
          {rooms.map((room) => (
            <RoomEntry
              key={keyOf(room)}
              room={room}
              current={keyOf(room) === selectedKey}
              formats={formats}
              now={now}
            />
          ))}
          {hasNextPage && (
            <li>
              <More>
                <Button
                  variant="tertiary"
                  size="sm"
                  loading={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {t('chat.rooms.more')}
                </Button>
              </More>
            </li>
          )}
        </List>
      )}
    </Root>
  );
}
