import { chatEndpoints } from '@ipportal/domain';
import type {
  ChatMessageListResponse,
  ChatRoom,
  ChatRoomListResponse,
  ChatSettings,
  ChatUnreadSummary,
  EditChatMessageBody,
  ItemEnvelope,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import type { RequestKey } from '../requests/requests-api.js';

/**
 * Tags of the chat: the room list (`ChatRoomList:LIST`), a room (`ChatRoom:<key>`), its messages
 * (`ChatMessages:<key>`), the caller's unread summary (`ChatUnread:SUMMARY`, the sidebar badge)
 * and an organization's settings (`ChatSettings:<organizationId>`).
 */
export const chatTagged = api.enhanceEndpoints({
  addTagTypes: ['ChatRoomList', 'ChatRoom', 'ChatMessages', 'ChatUnread', 'ChatSettings'],
});

/** A room is addressed by its request, like the mail thread. */
export const chatRoomId = (key: RequestKey): string => `${key.projectId}/${key.requestId}`;

export const chatUnreadTag = { type: 'ChatUnread' as const, id: 'SUMMARY' };
export const chatRoomListTag = { type: 'ChatRoomList' as const, id: 'LIST' };

/** The room list's search; the cursor is the infinite query's page param. */
export interface ChatRoomListArgs {
  q?: string;
}

/**
 * A page of a room's messages: `{}` the newest page, `before` an older page (scrolling up),
 * `after` the messages following a page (when a refetch finds more than a page of new ones).
 */
export type ChatMessagePageParam = { before?: number; after?: number };

export type EditChatMessageArgs = RequestKey & { messageId: string; body: EditChatMessageBody };
export type WithdrawChatMessageArgs = RequestKey & { messageId: string };
export type MarkChatReadArgs = RequestKey & { throughSeq: number };
export type UpdateChatSettingsArgs = { organizationId: string; body: ChatSettings };

/**
 * The chat (ADR 0031): the room list page by page (newest message first, by cursor), a room,
 * its messages page by page, the unread summary (the sidebar's badge) and an organization's
 * read-receipt setting. Edit, withdraw and the read pointer are in `chat-writes.ts`; sending
 * (multipart) and the downloads are thunks in `binary.ts`.
 *
 * Messages are never deleted and a seq never changes, so a page fetched with `before` covers the
 * same messages whenever it is refetched: refetching the pages in order (RTK Query's default)
 * chains each following page with `after` the last seq before it. The caller's own edits,
 * withdrawals and read marks are written into the cache from their answers (`chat-cache.ts`), as
 * are the realtime frames that carry a change; a plain frame (ids only) and a reconnect refetch.
 */
export const chatApi = chatTagged.injectEndpoints({
  endpoints: (build) => ({
    listChatRooms: build.infiniteQuery<ChatRoomListResponse, ChatRoomListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        apiRequest(chatEndpoints.listChatRooms, {
          query: {
            ...(queryArg.q ? { q: queryArg.q } : {}),
            ...(pageParam === null ? {} : { cursor: pageParam }),
          },
        }),
      providesTags: [chatRoomListTag],
    }),

    /**
     * The caller's unread messages over every room. When a fetch finds other numbers than the
     * cache had, the room list is refetched too, so its counts agree with the badge.
     */
    getChatUnreadSummary: build.query<ChatUnreadSummary, void>({
      query: () => apiRequest(chatEndpoints.getChatUnreadSummary, {}),
      transformResponse: (response: ItemEnvelope<ChatUnreadSummary>) => response.item,
      providesTags: [chatUnreadTag],
      async onQueryStarted(_arg, lifecycle) {
        const before = lifecycle.getCacheEntry().data;
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (
            before &&
            (before.unreadMessageCount !== data.unreadMessageCount ||
              before.unreadMentionCount !== data.unreadMentionCount)
          ) {
            lifecycle.dispatch(chatApi.util.invalidateTags([chatRoomListTag]));
          }
        } catch {
          // The query's own error state reports the failure.
        }
      },
    }),

    getChatRoom: build.query<ChatRoom, RequestKey>({
      query: (params) => apiRequest(chatEndpoints.getChatRoom, { params }),
      transformResponse: (response: ItemEnvelope<ChatRoom>) => response.item,
      providesTags: (_result, _error, key) => [{ type: 'ChatRoom', id: chatRoomId(key) }],
    }),

    listChatMessages: build.infiniteQuery<ChatMessageListResponse, RequestKey, ChatMessagePageParam>({
      infiniteQueryOptions: {
        initialPageParam: {},
        getPreviousPageParam: (firstPage) => {
          const first = firstPage.items[0];
          return firstPage.hasOlder && first ? { before: first.seq } : undefined;
        },
        // Whatever follows the last page: a refetch builds every page after the first this way.
        getNextPageParam: (lastPage, _pages, lastParam) => {
          const last = lastPage.items.at(-1);
          if (last) return { after: last.seq };
          return lastParam.after === undefined ? undefined : lastParam;
        },
      },
      query: ({ queryArg, pageParam }) =>
        apiRequest(chatEndpoints.listChatMessages, { params: queryArg, query: pageParam }),
      providesTags: (_result, _error, key) => [{ type: 'ChatMessages', id: chatRoomId(key) }],
    }),

    getChatSettings: build.query<ChatSettings, string>({
      query: (organizationId) => apiRequest(chatEndpoints.getChatSettings, { params: { organizationId } }),
      transformResponse: (response: ItemEnvelope<ChatSettings>) => response.item,
      providesTags: (_result, _error, id) => [{ type: 'ChatSettings', id }],
    }),

    updateChatSettings: build.mutation<ChatSettings, UpdateChatSettingsArgs>({
      query: ({ organizationId, body }) =>
        apiRequest(chatEndpoints.updateChatSettings, { params: { organizationId }, body }),
      transformResponse: (response: ItemEnvelope<ChatSettings>) => response.item,
      async onQueryStarted({ organizationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(chatApi.util.upsertQueryData('getChatSettings', organizationId, data));
        } catch {
          // The page shows the failure; the cached setting stays.
        }
      },
    }),
  }),
});

export const {
  useListChatRoomsInfiniteQuery,
  useGetChatUnreadSummaryQuery,
  useGetChatRoomQuery,
  useListChatMessagesInfiniteQuery,
  useGetChatSettingsQuery,
  useUpdateChatSettingsMutation,
} = chatApi;
