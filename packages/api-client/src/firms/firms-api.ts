import { firmEndpoints } from '@ipportal/domain';
import type {
  Firm,
  FirmDirectoryEntry,
  FirmDirectoryQuery,
  ItemEnvelope,
  ItemsEnvelope,
  UpdateFirmBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';

const firmTagged = api.enhanceEndpoints({ addTagTypes: ['Firm', 'User'] });

/**
 * Offices: the PATENT user's own office (GET/PUT /patent/firm; null until the first save creates
 * it) and the REGULAR user's office directory (GET /user/firms).
 */
export const firmsApi = firmTagged.injectEndpoints({
  endpoints: (build) => ({
    getOwnFirm: build.query<Firm | null, void>({
      query: () => apiRequest(firmEndpoints.getOwnFirm, {}),
      transformResponse: (response: ItemEnvelope<Firm | null>) => response.item,
      providesTags: ['Firm'],
    }),
    saveOwnFirm: build.mutation<Firm, UpdateFirmBody>({
      query: (body) => apiRequest(firmEndpoints.saveOwnFirm, { body }),
      transformResponse: (response: ItemEnvelope<Firm>) => response.item,
      // The first save links the user to the new office (User.firmId).
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(firmsApi.util.upsertQueryData('getOwnFirm', undefined, data));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),
    listFirmDirectory: build.query<FirmDirectoryEntry[], FirmDirectoryQuery>({
      query: (query) => apiRequest(firmEndpoints.listFirmDirectory, { query }),
      transformResponse: (response: ItemsEnvelope<FirmDirectoryEntry>) => response.items,
    }),
  }),
});

export const { useGetOwnFirmQuery, useSaveOwnFirmMutation, useListFirmDirectoryQuery } = firmsApi;
