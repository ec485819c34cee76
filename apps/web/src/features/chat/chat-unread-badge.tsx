import { useGetChatUnreadSummaryQuery } from '@ipportal/api-client';
import { Badge } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../shared/lazy-messages';
import { useRealtimeState } from '../../shared/realtime/realtime-hub';
import { chatTexts } from './chat-texts';

/**
 * How often the unread total is asked for while the sidebar shows it and no socket is connected:
 * a fallback, since the realtime topic `onChatUnread` brings it at once (RealtimeConnection).
 */
const unreadPollingMs = 60_000;

/**
 * The chat entry's count in the sidebar: the caller's unread messages over every room. The shell
 * loads it lazily (nothing of the chat loads with /login); nothing shows while there are none.
 */
export function ChatUnreadBadge() {
  useMessages(chatTexts);
  const { t } = useTranslation();
  const live = useRealtimeState() === 'connected';
  const { data } = useGetChatUnreadSummaryQuery(undefined, {
    pollingInterval: live ? 0 : unreadPollingMs,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });
  if (!data || data.unreadMessageCount === 0) return null;
  return (
    <Badge
      count={data.unreadMessageCount}
      tone={data.unreadMentionCount > 0 ? 'danger' : 'primary'}
      label={t('chat.badge.unread', {
        count: data.unreadMessageCount,
        rooms: data.roomsWithUnread,
        mentions: data.unreadMentionCount,
      })}
    />
  );
}
