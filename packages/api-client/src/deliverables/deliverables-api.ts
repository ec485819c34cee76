import {
  deliverableEndpoints,
  type DeliverableListQuery,
  type DeliverableListResponse,
} from '@ipportal/domain';
import { apiRequest } from '../endpoint-request.js';
import { requestDetailTagged } from '../request-detail/request-detail-api.js';

/** GET /deliverables: every deliverable the user may see, filtered and paged (the /deliverables page). */
export const deliverablesApi = requestDetailTagged.injectEndpoints({
  endpoints: (build) => ({
    listDeliverables: build.query<DeliverableListResponse, DeliverableListQuery>({
      query: (query) => apiRequest(deliverableEndpoints.listDeliverables, { query }),
      providesTags: [{ type: 'Deliverable', id: 'LIST' }],
    }),
  }),
});

export const { useListDeliverablesQuery } = deliverablesApi;
