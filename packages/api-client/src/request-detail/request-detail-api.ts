import {
  deliverableEndpoints,
  requestHistoryEndpoints,
  requestMailEndpoints,
  requestTermEndpoints,
} from '@ipportal/domain';
import type {
  CreateRequestTermItemBody,
  ItemEnvelope,
  ItemsEnvelope,
  RequestDeliverableListResponse,
  RequestHistoryEntry,
  RequestMailListResponse,
  RequestTerms,
  UpdateRequestPeriodsBody,
  UpdateRequestTermItemBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { markedReadInCaches, type RequestKey } from '../requests/requests-api.js';

/** Tags of the request detail pages; `Request` is the requests slice's (its lists show the deadlines). */
export const requestDetailTagged = api.enhanceEndpoints({
  addTagTypes: [
    'Request',
    'RequestUnread',
    'RequestMail',
    'RequestTerms',
    'RequestDeliverable',
    'RequestHistory',
    'Deliverable',
  ],
});

export const requestDetailId = (key: RequestKey): string => `${key.projectId}/${key.requestId}`;

export type UpdatePeriodsArgs = RequestKey & { body: UpdateRequestPeriodsBody };
export type AddTermItemArgs = RequestKey & { body: CreateRequestTermItemBody };
export type UpdateTermItemArgs = RequestKey & { termId: string; body: UpdateRequestTermItemBody };
export type RemoveTermItemArgs = RequestKey & { termId: string };

/**
 * The request detail pages in the signed-in user's namespace: the mail thread (refetched
 * when the window regains focus: live updates come with the realtime work), deadlines,
 * deliverables and history. Uploads with bytes are thunks in `binary.ts`.
 */
export const requestDetailApi = requestDetailTagged.injectEndpoints({
  endpoints: (build) => ({
    listRequestMails: build.query<RequestMailListResponse, RequestKey>({
      query: (params) => apiRequest(requestMailEndpoints.listRequestMails, { params }),
      providesTags: (_result, _error, key) => [{ type: 'RequestMail', id: requestDetailId(key) }],
    }),
    markRequestMailsRead: build.mutation<{ marked: number }, RequestKey>({
      query: (params) => apiRequest(requestMailEndpoints.markRequestMailsRead, { params }),
      transformResponse: (response: ItemEnvelope<{ marked: number }>) => response.item,
      async onQueryStarted(key, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          const { data } = await queryFulfilled;
          if (data.marked === 0) return;
          // The count drops at once; the mails keep their "new" marks for this visit.
          dispatch(
            requestDetailApi.util.updateQueryData('listRequestMails', key, (draft) => {
              draft.unreadCount = 0;
            }),
          );
          // The request lists' row drops too (the sidebar's total: see `unreadSummaryAfterMark`).
          markedReadInCaches(lifecycle, key);
        } catch {
          // Nothing to undo: the marks stay as the server has them.
        }
      },
    }),
    getRequestTerms: build.query<RequestTerms, RequestKey>({
      query: (params) => apiRequest(requestTermEndpoints.getRequestTerms, { params }),
      transformResponse: (response: ItemEnvelope<RequestTerms>) => response.item,
      providesTags: (_result, _error, key) => [{ type: 'RequestTerms', id: requestDetailId(key) }],
    }),
    updateRequestPeriods: build.mutation<RequestTerms, UpdatePeriodsArgs>({
      query: ({ body, ...params }) => apiRequest(requestTermEndpoints.updateRequestPeriods, { params, body }),
      transformResponse: (response: ItemEnvelope<RequestTerms>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error
          ? []
          : [
              { type: 'RequestTerms', id: requestDetailId(key) },
              { type: 'RequestHistory', id: requestDetailId(key) },
              { type: 'Request', id: requestDetailId(key) },
              { type: 'Request', id: 'LIST' },
            ],
    }),
    addRequestTermItem: build.mutation<RequestTerms, AddTermItemArgs>({
      query: ({ body, ...params }) => apiRequest(requestTermEndpoints.addRequestTermItem, { params, body }),
      transformResponse: (response: ItemEnvelope<RequestTerms>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error
          ? []
          : [
              { type: 'RequestTerms', id: requestDetailId(key) },
              { type: 'RequestHistory', id: requestDetailId(key) },
            ],
    }),
    updateRequestTermItem: build.mutation<RequestTerms, UpdateTermItemArgs>({
      query: ({ body, ...params }) =>
        apiRequest(requestTermEndpoints.updateRequestTermItem, { params, body }),
      transformResponse: (response: ItemEnvelope<RequestTerms>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error
          ? []
          : [
              { type: 'RequestTerms', id: requestDetailId(key) },
              { type: 'RequestHistory', id: requestDetailId(key) },
            ],
    }),
    removeRequestTermItem: build.mutation<RequestTerms, RemoveTermItemArgs>({
      query: (params) => apiRequest(requestTermEndpoints.removeRequestTermItem, { params }),
      transformResponse: (response: ItemEnvelope<RequestTerms>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error
          ? []
          : [
              { type: 'RequestTerms', id: requestDetailId(key) },
              { type: 'RequestHistory', id: requestDetailId(key) },
            ],
    }),
    listRequestDeliverables: build.query<RequestDeliverableListResponse, RequestKey>({
      query: (params) => apiRequest(deliverableEndpoints.listRequestDeliverables, { params }),
      providesTags: (_result, _error, key) => [{ type: 'RequestDeliverable', id: requestDetailId(key) }],
    }),
    listRequestHistory: build.query<RequestHistoryEntry[], RequestKey>({
      query: (params) => apiRequest(requestHistoryEndpoints.listRequestHistory, { params }),
      transformResponse: (response: ItemsEnvelope<RequestHistoryEntry>) => response.items,
      providesTags: (_result, _error, key) => [{ type: 'RequestHistory', id: requestDetailId(key) }],
    }),
  }),
});

export const {
  useListRequestMailsQuery,
  useMarkRequestMailsReadMutation,
  useGetRequestTermsQuery,
  useUpdateRequestPeriodsMutation,
  useAddRequestTermItemMutation,
  useUpdateRequestTermItemMutation,
  useRemoveRequestTermItemMutation,
  useListRequestDeliverablesQuery,
  useListRequestHistoryQuery,
} = requestDetailApi;
