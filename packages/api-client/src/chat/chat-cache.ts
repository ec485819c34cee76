import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ChatMessage, ChatRoomEvent, ChatRoomSummary, ChatUnreadSummary } from '@ipportal/domain';
import type { RequestKey } from '../requests/requests-api.js';
import { chatApi, chatRoomId } from './chat-api.js';

/*
 * Changes the chat already knows (a realtime frame that carries the change, ADR 0050, or the answer
 * to the caller's own POST) written into the cache instead of refetched: the room's messages, the
 * room's read state and last seq, the room list and the unread summary. Only a gap (a message
 * after one the cache has not seen: a frame was lost) is refetched.
 */

// Any state and extra, as RTK Query's own thunks are typed: the app's store has more slices.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ChatThunk = ThunkAction<void, any, any, UnknownAction>;
type ApiState = Parameters<typeof chatApi.util.selectCachedArgsForQuery>[0];

const sameRoom = (a: RequestKey, b: RequestKey) => a.projectId === b.projectId && a.requestId === b.requestId;

/**
 * A sent, edited or withdrawn message into the room's loaded pages (replaced where it is, added
 * after the last one when it follows it) and the room's last seq. A message beyond the next seq
 * means the cache missed one: the pages are refetched.
 */
export function applyChatMessage(key: RequestKey, message: ChatMessage): ChatThunk {
  return (dispatch, getState) => {
    const state = getState() as ApiState;
    const cached = chatApi.endpoints.listChatMessages.select(key)(state).data;
    if (cached) {
      const lastSeq = Math.max(0, ...cached.pages.flatMap((page) => page.items.map((item) => item.seq)));
      if (message.seq > lastSeq + 1) {
        dispatch(chatApi.util.invalidateTags([{ type: 'ChatMessages', id: chatRoomId(key) }]));
      } else {
        dispatch(
          chatApi.util.updateQueryData('listChatMessages', key, (draft) => {
            for (const page of draft.pages) {
              const at = page.items.findIndex((item) => item.id === message.id || item.seq === message.seq);
              if (at >= 0) {
                page.items[at] = message;
                return;
              }
            }
            if (message.seq === lastSeq + 1) draft.pages.at(-1)?.items.push(message);
          }),
        );
      }
    }
    dispatch(
      chatApi.util.updateQueryData('getChatRoom', key, (room) => {
        room.lastSeq = Math.max(room.lastSeq, message.seq);
      }),
    );
  };
}

/**
 * A moved read pointer: the other side's (the caller's 既読 marks, when that side shares them) or
 * the caller's own (read in another tab).
 */
export function applyChatRead(key: RequestKey, event: ChatRoomEvent, myUserId: string | null): ChatThunk {
  return (dispatch) => {
    dispatch(
      chatApi.util.updateQueryData('getChatRoom', key, (room) => {
        if (event.side !== undefined && event.side !== room.mySide && room.otherSideSharesReadReceipts) {
          room.otherSideReadSeq = Math.max(room.otherSideReadSeq ?? 0, event.seq);
        }
        if (event.userId !== null && event.userId === myUserId) {
          room.myLastReadSeq = Math.max(room.myLastReadSeq, event.seq);
        }
      }),
    );
  };
}

const newestFirst = (a: ChatRoomSummary, b: ChatRoomSummary) =>
  (b.lastMessage?.sentAt ?? '').localeCompare(a.lastMessage?.sentAt ?? '');

/**
 * A room's entry as the caller's room list shows it, in every cached list: replaced where it is
 * (and moved up to keep the newest message first), added on top of the unfiltered list when that
 * list did not have it. A searched list keeps only the rooms its search found.
 */
export function applyChatRoomEntry(entry: ChatRoomSummary): ChatThunk {
  return (dispatch, getState) => {
    const state = getState() as ApiState;
    for (const args of chatApi.util.selectCachedArgsForQuery(state, 'listChatRooms')) {
      dispatch(
        chatApi.util.updateQueryData('listChatRooms', args, (draft) => {
          const first = draft.pages[0];
          if (!first) return;
          let found = false;
          for (const page of draft.pages) {
            const at = page.items.findIndex((room) => sameRoom(room, entry));
            if (at < 0) continue;
            found = true;
            page.items.splice(at, 1);
            break;
          }
          if (!found && args.q) return;
          first.items.push(entry);
          first.items.sort(newestFirst);
        }),
      );
    }
  };
}

/** Changes the room's entry in every cached list, where it is. */
export function updateChatRoomEntry(key: RequestKey, change: (entry: ChatRoomSummary) => void): ChatThunk {
  return (dispatch, getState) => {
    const state = getState() as ApiState;
    for (const args of chatApi.util.selectCachedArgsForQuery(state, 'listChatRooms')) {
      dispatch(
        chatApi.util.updateQueryData('listChatRooms', args, (draft) => {
          for (const page of draft.pages) {
            const entry = page.items.find((room) => sameRoom(room, key));
            if (entry) change(entry);
          }
        }),
      );
    }
  };
}

/**
 * The caller's own message, as their room list shows it at once (the newest message first), when
 * it is the room's last (an edit of an older one leaves the list as it is).
 */
export function applyOwnMessageToList(key: RequestKey, message: ChatMessage): ChatThunk {
  return (dispatch, getState) => {
    const state = getState() as ApiState;
    const room = chatApi.endpoints.getChatRoom.select(key)(state).data;
    if (room && message.seq < room.lastSeq) return;
    for (const args of chatApi.util.selectCachedArgsForQuery(state, 'listChatRooms')) {
      dispatch(
        chatApi.util.updateQueryData('listChatRooms', args, (draft) => {
          const first = draft.pages[0];
          for (const page of draft.pages) {
            const at = page.items.findIndex((room) => sameRoom(room, key));
            const entry = page.items[at];
            if (!entry || !first) continue;
            entry.lastMessage = {
              senderName: message.senderName,
              excerpt: Array.from(message.body).slice(0, 100).join(''),
              withdrawn: message.withdrawnAt !== null,
              attachmentCount: message.attachments.length,
              sentAt: message.sentAt,
            };
            page.items.splice(at, 1);
            first.items.push(entry);
            first.items.sort(newestFirst);
            return;
          }
        }),
      );
    }
  };
}

/** The unread summary the server pushed (the sidebar's badge), without asking for it again. */
export function applyChatUnreadSummary(summary: ChatUnreadSummary): ChatThunk {
  return (dispatch) => {
    dispatch(
      chatApi.util.updateQueryData('getChatUnreadSummary', undefined, (draft) => {
        draft.unreadMessageCount = summary.unreadMessageCount;
        draft.roomsWithUnread = summary.roomsWithUnread;
        draft.unreadMentionCount = summary.unreadMentionCount;
      }),
    );
  };
}
