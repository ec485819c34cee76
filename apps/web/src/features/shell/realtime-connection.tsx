import {
  applyChatRoomEntry,
  applyChatUnreadSummary,
  applyRequestUnreadEvent,
  billingApi,
  chatApi,
  chatUnreadTag,
  requestDetailApi,
  requestUnreadTag,
} from '@ipportal/api-client';
import type { ApiClientDeps } from '@ipportal/api-client';
import { realtimeChangeDocuments, type BillingEvent } from '@ipportal/domain';
import { RealtimeClient } from '@ipportal/realtime';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { AppThunk } from '../../app/store';
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

/** The money's part of it: estimates, invoices, payments and the concierge state they move. */
const billingShownByTopics = ['Deal', 'Invoice', 'Payment', 'Concierge'] as const;

/** Every estimate, invoice and payment list. */
const billingLists = [
  { type: 'Deal' as const, id: 'LIST' },
  { type: 'Invoice' as const, id: 'LIST' },
  { type: 'Payment' as const, id: 'LIST' },
];

/**
 * What one billing change refetches on screen: every estimate, invoice and payment list (a
 * payment moves invoices from unpaid to paid, an acceptance lets the office invoice), the
 * document itself, and for a document of a request its history, the request (an accepted
 * estimate moves it) and its concierge state (its fee invoice). A payment may pay several
 * invoices of several requests: every invoice and concierge state shown is refetched.
 */
function billingTagsOf(event: BillingEvent) {
  const lists = billingLists;
  if (event.kind === 'payment') {
    return [
      ...lists,
      { type: 'Payment' as const, id: event.entityId },
      'Invoice' as const,
      'Concierge' as const,
    ];
  }
  const own = {
    type: event.kind === 'estimate' ? ('Deal' as const) : ('Invoice' as const),
    id: event.entityId,
  };
  if (event.projectId === null || event.requestId === null) return [...lists, own];
  const id = `${event.projectId}/${event.requestId}`;
  return [
    ...lists,
    own,
    { type: 'RequestHistory' as const, id },
    { type: 'Request' as const, id },
    { type: 'Concierge' as const, id },
  ];
}

/**
 * The signed-in user's one realtime connection (loaded lazily by AppRoot once signed in, closed
 * on sign-out): the unread counts, the notifications and the billing changes for every page; pages add their own
 * topics through `useRealtimeSubscription` (the request mail thread, the open chat room).
 */
export function RealtimeConnection() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const { apiClient, realtimeUrl } = dispatch(connectionDeps());
    if (!realtimeUrl) return;
    let client: RealtimeClient;
    try {
      client = new RealtimeClient({
        url: realtimeUrl,
        getToken: (options) => apiClient.getIdToken(options),
        onReconnect: () => {
          dispatch(requestDetailApi.util.invalidateTags([...shownByTopics]));
          dispatch(chatApi.util.invalidateTags([...chatShownByTopics]));
          dispatch(billingApi.util.invalidateTags([...billingShownByTopics]));
        },
      });
    } catch (error) {
      // Live updates are an addition: pages still load and refetch on their own without them.
      console.error('The realtime connection could not start', error);
      return;
    }
    setRealtimeClient(client);
    return () => {
      setRealtimeClient(null);
      client.dispose();
    };
  }, [dispatch]);

  // Each subscription, once started, refetches what it speaks of: an event sent while it was
  // starting (the page had just loaded) came after the page's own fetch and is not sent again.
  // The request mails' counts (the sidebar's badges) and the request whose thread moved them, as
  // the request lists show it: both written into the cache (ADR 0055). A frame with the counts
  // only refetches the summary, which refetches the request lists when the numbers moved.
  const refreshUnread = () => dispatch(requestDetailApi.util.invalidateTags([requestUnreadTag]));
  useRealtimeSubscription(
    'onUnreadCounts',
    {},
    (event) => {
      if (event.request === undefined) refreshUnread();
      else dispatch(applyRequestUnreadEvent(event));
    },
    { onStarted: refreshUnread, query: realtimeChangeDocuments.onUnreadCounts },
  );
  // The chat's unread counts (the sidebar badge) and the room that moved them, as the room list
  // shows it: both written into the cache. A frame with the counts only refetches the summary,
  // which refetches the room list when the numbers moved.
  const refreshChatUnread = () => dispatch(chatApi.util.invalidateTags([chatUnreadTag]));
  useRealtimeSubscription(
    'onChatUnread',
    {},
    (event) => {
      if (event.room === undefined) {
        refreshChatUnread();
        return;
      }
      dispatch(applyChatUnreadSummary(event));
      if (event.room) dispatch(applyChatRoomEntry(event.room));
    },
    { onStarted: refreshChatUnread, query: realtimeChangeDocuments.onChatUnread },
  );
  // A request's status changed, or a request arrived at the caller's office (sent to it, or the
  // concierge turned on): the request lists, the request and its history. The sidebar's count of
  // requests waiting for the office's answer comes with the same signal on onUnreadCounts.
  useRealtimeSubscription(
    'onNotification',
    {},
    (event) => {
      const id = `${event.projectId}/${event.requestId}`;
      dispatch(
        requestDetailApi.util.invalidateTags([
          { type: 'Request', id: 'LIST' },
          { type: 'Request', id },
          { type: 'RequestHistory', id },
        ]),
      );
    },
    { onStarted: () => dispatch(requestDetailApi.util.invalidateTags([{ type: 'Request', id: 'LIST' }])) },
  );
  // An estimate, invoice or payment the caller sees changed (the server sends only those).
  useRealtimeSubscription(
    'onBillingChanged',
    {},
    (event) => {
      dispatch(billingApi.util.invalidateTags(billingTagsOf(event)));
    },
    { onStarted: () => dispatch(billingApi.util.invalidateTags(billingLists)) },
  );
  return null;
}
