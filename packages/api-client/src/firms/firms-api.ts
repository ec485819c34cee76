import { ApiErrorMessage } from '@ipportal/domain';
import type {
  Firm,
  FirmDirectoryEntry,
  FirmDirectoryQuery,
  ItemEnvelope,
  ItemsEnvelope,
  UpdateFirmBody,
} from '@ipportal/domain';
import { api } from '../api.js';

const firmTagged = api.enhanceEndpoints({ addTagTypes: ['Firm', 'User'] });

/**
 * Offices (issue 9): the PATENT user's own office (GET/PUT /patent/firm; null until the first
 * save creates it) and the REGULAR user's office directory (GET /user/firms).
 */
export const firmsApi = firmTagged.injectEndpoints({
  endpoints: (build) => ({
    getOwnFirm: build.query<Firm | null, void>({
      query: () => ({ url: '/firm', namespace: 'patent' }),
      transformResponse: (response: ItemEnvelope<Firm | null>) => response.item,
      providesTags: ['Firm'],
    }),
    saveOwnFirm: build.mutation<Firm, UpdateFirmBody>({
      query: (body) => ({
        url: '/firm',
        method: 'PUT',
        namespace: 'patent',
        body,
        failureMessage: ApiErrorMessage.firmUpdateFailed,
      }),
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
      query: (params) => ({ url: '/firms', namespace: 'user', params: { ...params } }),
      transformResponse: (response: ItemsEnvelope<FirmDirectoryEntry>) => response.items,
    }),
  }),
});

export const { useGetOwnFirmQuery, useSaveOwnFirmMutation, useListFirmDirectoryQuery } = firmsApi;
