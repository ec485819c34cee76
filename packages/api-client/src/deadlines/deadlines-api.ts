import { deadlineEndpoints } from '@ipportal/domain';
import type {
  CalendarFeed,
  ConfirmDeadlineBody,
  DeadlineFilterOptions,
  DeadlineItem,
  DeadlineListQuery,
  DeadlineListResponse,
  ItemEnvelope,
  ItemsEnvelope,
  OfficeDeadlineFilterOptions,
  ReminderScope,
  ReminderSettings,
  ReminderSettingsBody,
  SetDeadlineStateBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';

const tagged = api.enhanceEndpoints({
  addTagTypes: ['Deadline', 'ReminderSettings', 'CalendarFeed', 'Pension'],
});

export type DeadlineDecisionArgs = { projectId: string; body: SetDeadlineStateBody };
export type ConfirmDeadlineArgs = { projectId: string; body: ConfirmDeadlineBody };

/**
 * /terms: deadline pages (tagged `Deadline:LIST`, refetched after a decision), decisions, the
 * reminder settings per scope and the calendar feeds. A decision on an annuity (scope 'pension')
 * is that year's decision on /pension too, so its overview (`Pension:OVERVIEW`) is refetched. A
 * new feed's URL exists only in the mutation's answer: the list never carries it.
 *
 * `listDeadlinesPages` is the list page after page (`fetchNextPage` while `hasNextPage`): a
 * decision refetches every page loaded, so one decided on a further page leaves it too.
 * `listDeadlines` is one page (a matter's own deadlines; the rest of a list for its CSV).
 */
export const deadlinesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listDeadlines: build.query<DeadlineListResponse, DeadlineListQuery>({
      query: (query) => apiRequest(deadlineEndpoints.listDeadlines, { query }),
      providesTags: [{ type: 'Deadline', id: 'LIST' }],
    }),
    listDeadlinesPages: build.infiniteQuery<DeadlineListResponse, DeadlineListQuery, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        apiRequest(deadlineEndpoints.listDeadlines, {
          query: pageParam === null ? queryArg : { ...queryArg, cursor: pageParam },
        }),
      providesTags: [{ type: 'Deadline', id: 'LIST' }],
    }),
    deadlineFilterOptions: build.query<DeadlineFilterOptions, void>({
      query: () => apiRequest(deadlineEndpoints.deadlineFilterOptions, {}),
      transformResponse: (response: ItemEnvelope<DeadlineFilterOptions>) => response.item,
    }),
    /** The office's docket filters: its clients and its own members (PATENT users only). */
    officeDeadlineFilterOptions: build.query<OfficeDeadlineFilterOptions, void>({
      query: () => apiRequest(deadlineEndpoints.officeDeadlineFilterOptions, {}),
      transformResponse: (response: ItemEnvelope<OfficeDeadlineFilterOptions>) => response.item,
    }),
    setDeadlineState: build.mutation<DeadlineItem, DeadlineDecisionArgs>({
      query: ({ projectId, body }) =>
        apiRequest(deadlineEndpoints.setDeadlineState, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<DeadlineItem>) => response.item,
      invalidatesTags: (result, error) =>
        error
          ? []
          : [
              { type: 'Deadline', id: 'LIST' },
              ...(result?.scope === 'pension' ? [{ type: 'Pension' as const, id: 'OVERVIEW' }] : []),
            ],
    }),
    confirmDeadline: build.mutation<DeadlineItem, ConfirmDeadlineArgs>({
      query: ({ projectId, body }) =>
        apiRequest(deadlineEndpoints.confirmDeadline, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<DeadlineItem>) => response.item,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Deadline', id: 'LIST' }]),
    }),
    getReminderSettings: build.query<ReminderSettings, ReminderScope>({
      query: (scope) => apiRequest(deadlineEndpoints.getReminderSettings, { params: { scope } }),
      transformResponse: (response: ItemEnvelope<ReminderSettings>) => response.item,
      providesTags: (_result, _error, scope) => [{ type: 'ReminderSettings', id: scope }],
    }),
    updateReminderSettings: build.mutation<
      ReminderSettings,
      { scope: ReminderScope; body: ReminderSettingsBody }
    >({
      query: ({ scope, body }) =>
        apiRequest(deadlineEndpoints.updateReminderSettings, { params: { scope }, body }),
      transformResponse: (response: ItemEnvelope<ReminderSettings>) => response.item,
      invalidatesTags: (_result, error, { scope }) =>
        error ? [] : [{ type: 'ReminderSettings', id: scope }],
    }),
    listCalendarFeeds: build.query<CalendarFeed[], void>({
      query: () => apiRequest(deadlineEndpoints.listCalendarFeeds, {}),
      transformResponse: (response: ItemsEnvelope<CalendarFeed>) => response.items,
      providesTags: [{ type: 'CalendarFeed', id: 'LIST' }],
    }),
    createCalendarFeed: build.mutation<CalendarFeed & { url: string }, void>({
      query: () => apiRequest(deadlineEndpoints.createCalendarFeed, {}),
      transformResponse: (response: ItemEnvelope<CalendarFeed & { url: string }>) => response.item,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'CalendarFeed', id: 'LIST' }]),
    }),
    revokeCalendarFeed: build.mutation<void, string>({
      query: (feedId) => apiRequest(deadlineEndpoints.revokeCalendarFeed, { params: { feedId } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'CalendarFeed', id: 'LIST' }]),
    }),
  }),
});

export const {
  useListDeadlinesQuery,
  useLazyListDeadlinesQuery,
  useListDeadlinesPagesInfiniteQuery,
  useDeadlineFilterOptionsQuery,
  useOfficeDeadlineFilterOptionsQuery,
  useSetDeadlineStateMutation,
  useConfirmDeadlineMutation,
  useGetReminderSettingsQuery,
  useUpdateReminderSettingsMutation,
  useListCalendarFeedsQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = deadlinesApi;
