import { requestUnreadSummaryRoute } from '@ipportal/domain';
import type { ItemEnvelope, RequestUnreadSummary } from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';

/**
 * The caller's unread request mails (the sidebar's badge), apart from the requests slice: the
 * sidebar is part of every page, /login included, and importing the requests slice there would
 * bring the matter list's cache code into the first download (the /login size budget).
 */
const unreadTagged = api.enhanceEndpoints({ addTagTypes: ['Request', 'RequestUnread'] });

/** The unread summary's tag: marking a thread read and sending a mail refresh it. */
export const requestUnreadTag = { type: 'RequestUnread' as const, id: 'SUMMARY' };

export const unreadSummaryApi = unreadTagged.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The caller's unread mails over every request they see (and, for an office, its requests
     * awaiting an answer). When a fetch finds other numbers than the cache had (new mail or a new
     * request came in, or someone on the same side read some), the cached request lists are
     * refetched so their rows agree.
     */
    getRequestUnreadSummary: build.query<RequestUnreadSummary, void>({
      query: () => apiRequest(requestUnreadSummaryRoute, {}),
      transformResponse: (response: ItemEnvelope<RequestUnreadSummary>) => response.item,
      providesTags: [requestUnreadTag],
      async onQueryStarted(_arg, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const before = lifecycle.getCacheEntry().data;
        try {
          const { data } = await queryFulfilled;
          if (
            before &&
            (before.unreadMailCount !== data.unreadMailCount ||
              before.requestsWithUnread !== data.requestsWithUnread ||
              before.awaitingRequestCount !== data.awaitingRequestCount)
          ) {
            dispatch(unreadSummaryApi.util.invalidateTags([{ type: 'Request', id: 'LIST' }]));
          }
        } catch {
          // The query's own error state reports the failure.
        }
      },
    }),
  }),
});

export const { useGetRequestUnreadSummaryQuery } = unreadSummaryApi;
