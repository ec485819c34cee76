import { chatApi, chatUnreadTag, requestDetailApi, requestUnreadTag } from '@ipportal/api-client';
import type { ApiClientDeps } from '@ipportal/api-client';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { AppThunk } from '../../app/store';
import { RealtimeClient } from '../../shared/realtime/realtime-client';
import { setRealtimeClient, useRealtimeSubscription } from '../../shared/realtime/realtime-hub';

/** What the connection needs from the store's thunk extra argument: the token and the address. */
const connectionDeps =
  (): AppThunk<{ apiClient: ApiClientDeps; realtimeUrl: string | undefined }> =>
  (_dispatch, _getState, extra) => ({ apiClient: extra.apiClient, realtimeUrl: extra.realtimeUrl });

/**
 * What a reconnect refetches: everything the realtime topics speak of (events during the gap are
 * lost). Invalidating a tag type refetches only the queries on screen; the rest refetch when shown.
 */
const shownByTopics = [
  'Request',
  'RequestUnread',
  'RequestMail',
  'RequestHistory',
  'RequestTerms',
  'RequestDeliverable',
] as const;

/** The chat's part of it: the room list, the open room and its messages, the unread summary. */
const chatShownByTopics = ['ChatRoomList', 'ChatRoom', 'ChatMessages', 'ChatUnread'] as const;

/**
 * The signed-in user's one realtime connection (loaded lazily by AppRoot once signed in, closed
 * on sign-out): the unread counts and the notifications for every page; pages add their own
 * topics through `useRealtimeSubscription` (the request mail thread, the open chat room).
 */
export function RealtimeConnection() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const { apiClient, realtimeUrl } = dispatch(connectionDeps());
    if (!realtimeUrl) return;
    const client = new RealtimeClient({
      url: realtimeUrl,
      getToken: (options) => apiClient.getIdToken(options),
      onReconnect: () => {
        dispatch(requestDetailApi.util.invalidateTags([...shownByTopics]));
        dispatch(chatApi.util.invalidateTags([...chatShownByTopics]));
      },
    });
    setRealtimeClient(client);
    return () => {
      setRealtimeClient(null);
      client.dispose();
    };
  }, [dispatch]);

  // The counts are the summary's own shape; the summary is refetched (rows stay the truth), which
  // also refreshes the request lists when the numbers moved.
  useRealtimeSubscription('onUnreadCounts', {}, () => {
    dispatch(requestDetailApi.util.invalidateTags([requestUnreadTag]));
  });
  // The chat's unread counts (the sidebar badge; a change refetches the room list too).
  useRealtimeSubscription('onChatUnread', {}, () => {
    dispatch(chatApi.util.invalidateTags([chatUnreadTag]));
  });
  useRealtimeSubscription('onNotification', {}, (event) => {
    const id = `${event.projectId}/${event.requestId}`;
    dispatch(
      requestDetailApi.util.invalidateTags([
        { type: 'Request', id: 'LIST' },
        { type: 'Request', id },
        { type: 'RequestHistory', id },
      ]),
    );
  });
  return null;
}
