import { chatEndpoints } from '@ipportal/domain';
import type { ChatMessage, ItemEnvelope } from '@ipportal/domain';
import { apiRequest } from '../endpoint-request.js';
import type { RequestKey } from '../requests/requests-api.js';
import {
  chatApi,
  type EditChatMessageArgs,
  type MarkChatReadArgs,
  type WithdrawChatMessageArgs,
} from './chat-api.js';
import { applyChatMessage, applyOwnMessageToList, updateChatRoomEntry } from './chat-cache.js';

type ApiState = Parameters<typeof chatApi.util.selectCachedArgsForQuery>[0];

/**
 * The caller's own changes to a room: edit, withdraw and the read pointer. Their answers are
 * written into the cache (`chat-cache.ts`), not refetched (ADR 0050): the message as stored, the
 * pointer where the server has it.
 */
export const chatWritesApi = chatApi.injectEndpoints({
  endpoints: (build) => ({
    editChatMessage: build.mutation<ChatMessage, EditChatMessageArgs>({
      query: ({ messageId, body, ...key }) =>
        apiRequest(chatEndpoints.editChatMessage, { params: { ...key, messageId }, body }),
      transformResponse: (response: ItemEnvelope<ChatMessage>) => response.item,
      async onQueryStarted({ messageId: _id, body: _body, ...key }, { dispatch, queryFulfilled }) {
        await applyAnswer(key, queryFulfilled, dispatch);
      },
    }),

    withdrawChatMessage: build.mutation<ChatMessage, WithdrawChatMessageArgs>({
      query: ({ messageId, ...key }) =>
        apiRequest(chatEndpoints.withdrawChatMessage, { params: { ...key, messageId } }),
      transformResponse: (response: ItemEnvelope<ChatMessage>) => response.item,
      async onQueryStarted({ messageId: _id, ...key }, { dispatch, queryFulfilled }) {
        await applyAnswer(key, queryFulfilled, dispatch);
      },
    }),

    /**
     * Moves the read pointer; the room's own pointer follows at once, and the room's entry in the
     * list counts nothing unread once read through the room's last message. The unread summary
     * comes with the realtime counts (the screen refetches it when the socket is down).
     */
    markChatRead: build.mutation<{ lastReadSeq: number }, MarkChatReadArgs>({
      query: ({ throughSeq, ...params }) =>
        apiRequest(chatEndpoints.markChatRead, { params, body: { throughSeq } }),
      transformResponse: (response: ItemEnvelope<{ lastReadSeq: number }>) => response.item,
      async onQueryStarted({ throughSeq: _seq, ...key }, lifecycle) {
        const { dispatch } = lifecycle;
        try {
          const { data } = await lifecycle.queryFulfilled;
          dispatch(
            chatApi.util.updateQueryData('getChatRoom', key, (draft) => {
              draft.myLastReadSeq = Math.max(draft.myLastReadSeq, data.lastReadSeq);
            }),
          );
          const room = chatApi.endpoints.getChatRoom.select(key)(lifecycle.getState() as ApiState).data;
          if (room && data.lastReadSeq >= room.lastSeq) {
            dispatch(
              updateChatRoomEntry(key, (entry) => {
                entry.unreadCount = 0;
                entry.unreadMentionCount = 0;
              }),
            );
          }
        } catch {
          // The pointer stays where the server has it; the next visit tries again.
        }
      },
    }),
  }),
});

/** The answer to the caller's own edit or withdrawal, written into the room and the list. */
async function applyAnswer(
  key: RequestKey,
  answered: Promise<{ data: ChatMessage }>,
  dispatch: (action: ReturnType<typeof applyChatMessage>) => unknown,
): Promise<void> {
  try {
    const { data } = await answered;
    dispatch(applyChatMessage(key, data));
    dispatch(applyOwnMessageToList(key, data));
  } catch {
    // The mutation's own error state reports the failure; the cache stays as it was.
  }
}

export const { useEditChatMessageMutation, useWithdrawChatMessageMutation, useMarkChatReadMutation } =
  chatWritesApi;
