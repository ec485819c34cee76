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

const withTags = api.enhanceEndpoints({ addTagTypes: ['Pension'] });

/**
 * Annuities (/pension): the overview of every visible right's schedule, and the writes that record
 * a payment, a decision or the fee reduction. Each write answers the matter's new schedule; the
 * overview is refetched because its totals move too.
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
      invalidatesTags: [{ type: 'Pension', id: 'OVERVIEW' }],
    }),
    setPensionDecision: build.mutation<
      PensionMatter,
      { projectId: string; year: number; body: SetPensionDecisionBody }
    >({
      query: ({ projectId, year, body }) =>
        apiRequest(pensionEndpoints.setPensionDecision, { params: { projectId, year }, body }),
      transformResponse: (response: ItemEnvelope<PensionMatter>) => response.item,
      invalidatesTags: [{ type: 'Pension', id: 'OVERVIEW' }],
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
