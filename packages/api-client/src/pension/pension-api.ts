import { pensionEndpoints } from '@ipportal/domain';
import type {
  ItemEnvelope,
  PensionMatter,
  PensionOverview,
  RecordPensionPaymentBody,
  SetPensionDecisionBody,
  UpdatePensionSettingsBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Pension', 'Deadline'] });

/** What /terms lists changes with a payment (the years paid leave it) and a decision (the year's deadline state). */
const overviewAndDeadlines = (_result: unknown, error: unknown) =>
  error
    ? []
    : [
        { type: 'Pension' as const, id: 'OVERVIEW' },
        { type: 'Deadline' as const, id: 'LIST' },
      ];

/**
 * Annuities (/pension): the overview of every visible right's schedule, and the writes that record
 * a payment, a decision or the fee reduction. Each write answers the matter's new schedule; the
 * overview is refetched because its totals move too, and /terms' deadline pages (`Deadline:LIST`)
 * after a payment or a decision: a year's decision is its deadline's state, shared with /terms.
 */
export const pensionApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getPensionOverview: build.query<PensionOverview, void>({
      query: () => apiRequest(pensionEndpoints.getPensionOverview, {}),
      transformResponse: (response: ItemEnvelope<PensionOverview>) => response.item,
      providesTags: [{ type: 'Pension', id: 'OVERVIEW' }],
    }),
    recordPensionPayment: build.mutation<
      PensionMatter,
      { projectId: string; body: RecordPensionPaymentBody }
    >({
      query: ({ projectId, body }) =>
        apiRequest(pensionEndpoints.recordPensionPayment, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<PensionMatter>) => response.item,
      invalidatesTags: overviewAndDeadlines,
    }),
    setPensionDecision: build.mutation<
      PensionMatter,
      { projectId: string; year: number; body: SetPensionDecisionBody }
    >({
      query: ({ projectId, year, body }) =>
        apiRequest(pensionEndpoints.setPensionDecision, { params: { projectId, year }, body }),
      transformResponse: (response: ItemEnvelope<PensionMatter>) => response.item,
      invalidatesTags: overviewAndDeadlines,
    }),
    updatePensionSettings: build.mutation<
      PensionMatter,
      { projectId: string; body: UpdatePensionSettingsBody }
    >({
      query: ({ projectId, body }) =>
        apiRequest(pensionEndpoints.updatePensionSettings, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<PensionMatter>) => response.item,
      invalidatesTags: [{ type: 'Pension', id: 'OVERVIEW' }],
    }),
  }),
});

export const {
  useGetPensionOverviewQuery,
  useRecordPensionPaymentMutation,
  useSetPensionDecisionMutation,
  useUpdatePensionSettingsMutation,
} = pensionApi;
