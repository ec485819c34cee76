import type { DeliverableListQuery, DeliverableListResponse } from '@ipportal/domain';
import { requestDetailTagged } from '../request-detail/request-detail-api.js';

/** GET /deliverables: every deliverable the user may see, filtered and paged (the /deliverables page). */
export const deliverablesApi = requestDetailTagged.injectEndpoints({
  endpoints: (build) => ({
    listDeliverables: build.query<DeliverableListResponse, DeliverableListQuery>({
      query: (params) => ({ url: '/deliverables', params: { ...params } }),
      providesTags: [{ type: 'Deliverable', id: 'LIST' }],
    }),
  }),
});

export const { useListDeliverablesQuery } = deliverablesApi;
