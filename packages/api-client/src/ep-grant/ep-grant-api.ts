import { epGrantEndpoints, type EpGrantBody, type EpGrantRead, type ItemEnvelope } from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';

const withTags = api.enhanceEndpoints({ addTagTypes: ['EpGrant', 'Pension', 'Deadline'] });

/**
 * A granted European patent's validation states and unitary effect (matter page). Saving them
 * changes the renewal fees /pension prices and the deadlines /terms lists, so both refetch.
 */
export const epGrantApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getEpGrant: build.query<EpGrantRead, string>({
      query: (projectId) => apiRequest(epGrantEndpoints.getEpGrant, { params: { projectId } }),
      transformResponse: (response: ItemEnvelope<EpGrantRead>) => response.item,
      providesTags: (_result, _error, projectId) => [{ type: 'EpGrant', id: projectId }],
    }),
    updateEpGrant: build.mutation<EpGrantRead, { projectId: string; body: EpGrantBody }>({
      query: ({ projectId, body }) =>
        apiRequest(epGrantEndpoints.updateEpGrant, { params: { projectId }, body }),
      transformResponse: (response: ItemEnvelope<EpGrantRead>) => response.item,
      invalidatesTags: (_result, error, { projectId }) =>
        error
          ? []
          : [
              { type: 'EpGrant', id: projectId },
              { type: 'Pension', id: 'OVERVIEW' },
              { type: 'Deadline', id: 'LIST' },
            ],
    }),
  }),
});

export const { useGetEpGrantQuery, useUpdateEpGrantMutation } = epGrantApi;
