import { requestEndpoints } from '@ipportal/domain';
import type {
  CreateRequestBody,
  DeclineRequestBody,
  ItemEnvelope,
  RequestDetail,
  ItemsEnvelope,
  RequestAssigneeCandidate,
  RequestListQuery,
  RequestListResponse,
  UpdateRequestAssigneeBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { listUpdates } from '../projects/list-cache.js';
import { cachedProject, projectsApi, updateEveryList, type CacheAccess } from '../projects/projects-api.js';

const requestTagged = api.enhanceEndpoints({ addTagTypes: ['Request', 'RequestUnread'] });

/** One request: its matter and its number within the matter (its "No."). */
export interface RequestKey {
  projectId: string;
  requestId: number;
}

export type CreateRequestArgs = { projectId: string; body: CreateRequestBody };
export type DeclineRequestArgs = RequestKey & DeclineRequestBody;
export type UpdateRequestAssigneeArgs = RequestKey & UpdateRequestAssigneeBody;

const itemTag = (key: RequestKey) => ({ type: 'Request' as const, id: `${key.projectId}/${key.requestId}` });

/**
 * Requests in the signed-in user's namespace: lists and one request for both user
 * types, create for clients, accept/complete/decline for the addressed office. Lists are
 * tagged `Request:LIST` and refetched after any change; a changed request replaces its cache.
 */
export const requestsApi = requestTagged.injectEndpoints({
  endpoints: (build) => ({
    listRequests: build.query<RequestListResponse, RequestListQuery>({
      query: (query) => apiRequest(requestEndpoints.listRequests, { query }),
      providesTags: (result) => [
        { type: 'Request', id: 'LIST' },
        ...(result?.items ?? []).map((r) => itemTag({ projectId: r.projectId, requestId: r.requestId })),
      ],
    }),
    getRequest: build.query<RequestDetail, RequestKey>({
      query: (params) => apiRequest(requestEndpoints.getRequest, { params }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      providesTags: (_result, _error, key) => [itemTag(key)],
    }),
    createRequest: build.mutation<RequestDetail, CreateRequestArgs>({
      query: ({ projectId, body }) =>
        apiRequest(requestEndpoints.createRequest, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Request', id: 'LIST' }]),
      async onQueryStarted({ projectId }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          await queryFulfilled;
          // Every cached matter list shows the matter's request count (and may sort by it): the
          // matter is replaced there with one more request, read before the detail changes.
          const previous = cachedProject(lifecycle, projectId);
          if (previous) {
            const counted = { ...previous, requestCount: previous.requestCount + 1 };
            updateEveryList(lifecycle, (list, args) => listUpdates.replace(list, counted, args, previous));
          }
          // The open matter's header counts its requests.
          dispatch(
            projectsApi.util.updateQueryData('getProject', projectId, (draft) => {
              draft.requestCount += 1;
            }),
          );
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),
    acceptRequest: build.mutation<RequestDetail, RequestKey>({
      query: (params) => apiRequest(requestEndpoints.acceptRequest, { params }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error ? [] : [{ type: 'Request', id: 'LIST' }, itemTag(key)],
    }),
    completeRequest: build.mutation<RequestDetail, RequestKey>({
      query: (params) => apiRequest(requestEndpoints.completeRequest, { params }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error ? [] : [{ type: 'Request', id: 'LIST' }, itemTag(key)],
    }),
    declineRequest: build.mutation<RequestDetail, DeclineRequestArgs>({
      query: ({ reason, ...params }) =>
        apiRequest(requestEndpoints.declineRequest, { params, body: { reason } }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error ? [] : [{ type: 'Request', id: 'LIST' }, itemTag(key)],
    }),
    /** Who the request may be handed to (client side). */
    listRequestAssigneeCandidates: build.query<RequestAssigneeCandidate[], RequestKey>({
      query: (params) => apiRequest(requestEndpoints.listRequestAssigneeCandidates, { params }),
      transformResponse: (response: ItemsEnvelope<RequestAssigneeCandidate>) => response.items,
    }),
    /** Hands the request to another person; the answer replaces the cached request. */
    updateRequestAssignee: build.mutation<RequestDetail, UpdateRequestAssigneeArgs>({
      query: ({ assigneeUserId, ...params }) =>
        apiRequest(requestEndpoints.updateRequestAssignee, { params, body: { assigneeUserId } }),
      transformResponse: (response: ItemEnvelope<RequestDetail>) => response.item,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Request', id: 'LIST' }]),
      async onQueryStarted({ projectId, requestId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(requestsApi.util.upsertQueryData('getRequest', { projectId, requestId }, data));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),
  }),
});

/**
 * After mails of one request were marked read: its rows in every cached list show none. The
 * summary comes with the realtime counts, or is dropped and refetched by the screen without a
 * socket (`unreadSummaryAfterMark`).
 */
export function markedReadInCaches({ dispatch, getState }: CacheAccess, key: RequestKey): void {
  const state = getState() as Parameters<typeof requestsApi.util.selectCachedArgsForQuery>[0];
  for (const args of requestsApi.util.selectCachedArgsForQuery(state, 'listRequests')) {
    dispatch(
      requestsApi.util.updateQueryData('listRequests', args, (draft) => {
        const row = draft.items.find((r) => r.projectId === key.projectId && r.requestId === key.requestId);
        if (row) row.unreadMailCount = 0;
      }),
    );
  }
}

export const {
  useListRequestsQuery,
  useGetRequestQuery,
  useCreateRequestMutation,
  useAcceptRequestMutation,
  useCompleteRequestMutation,
  useDeclineRequestMutation,
  useListRequestAssigneeCandidatesQuery,
  useUpdateRequestAssigneeMutation,
} = requestsApi;
