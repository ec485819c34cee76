import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RequestUnreadEvent } from '@ipportal/domain';
import { requestsApi } from './requests-api.js';
import { requestUnreadTag, unreadSummaryApi } from './unread-summary-api.js';

/*
 * The caller's unread request mails as the realtime counts bring them (ADR 0055): the sidebar's
 * summary and the request's row in every cached request list written in place, not refetched.
 */

// Any state and extra, as RTK Query's own thunks are typed: the app's store has more slices.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UnreadThunk = ThunkAction<void, any, any, UnknownAction>;
type ApiState = Parameters<typeof requestsApi.util.selectCachedArgsForQuery>[0];
type SummaryState = Parameters<
  ReturnType<typeof unreadSummaryApi.endpoints.getRequestUnreadSummary.select>
>[0];

/**
 * The counts a frame of the change document carries, and the row of the request whose thread
 * moved them. Counts that no single request moved (`request` null: a request arrived, the user's
 * access changed) refetch the lists when the numbers differ from the cache's, as a fetched
 * summary does.
 */
export function applyRequestUnreadEvent(event: RequestUnreadEvent): UnreadThunk {
  return (dispatch, getState) => {
    const state = getState() as ApiState;
    const before = unreadSummaryApi.endpoints.getRequestUnreadSummary.select()(
      getState() as SummaryState,
    ).data;
    dispatch(
      unreadSummaryApi.util.updateQueryData('getRequestUnreadSummary', undefined, (draft) => {
        draft.unreadMailCount = event.unreadMailCount;
        draft.requestsWithUnread = event.requestsWithUnread;
        draft.awaitingRequestCount = event.awaitingRequestCount;
      }),
    );
    const { request } = event;
    if (request) {
      for (const args of requestsApi.util.selectCachedArgsForQuery(state, 'listRequests')) {
        dispatch(
          requestsApi.util.updateQueryData('listRequests', args, (draft) => {
            const row = draft.items.find(
              (r) => r.projectId === request.projectId && r.requestId === request.requestId,
            );
            if (row) row.unreadMailCount = request.unreadMailCount;
          }),
        );
      }
      return;
    }
    if (
      before &&
      (before.unreadMailCount !== event.unreadMailCount ||
        before.requestsWithUnread !== event.requestsWithUnread ||
        before.awaitingRequestCount !== event.awaitingRequestCount)
    ) {
      dispatch(requestsApi.util.invalidateTags([{ type: 'Request', id: 'LIST' }]));
    }
  };
}

/**
 * Without a live socket no counts are pushed after a read: the summary drops by the mails just
 * marked at once, then is fetched again to confirm (in that order, so an equal answer does not
 * refetch the lists).
 */
export function unreadSummaryAfterMark(marked: number): UnreadThunk {
  return (dispatch) => {
    dispatch(
      unreadSummaryApi.util.updateQueryData('getRequestUnreadSummary', undefined, (draft) => {
        draft.unreadMailCount = Math.max(0, draft.unreadMailCount - marked);
        draft.requestsWithUnread = Math.max(0, draft.requestsWithUnread - 1);
      }),
    );
    dispatch(requestsApi.util.invalidateTags([requestUnreadTag]));
  };
}
