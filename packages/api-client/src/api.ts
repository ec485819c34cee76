import { createApi } from '@reduxjs/toolkit/query/react';
import { portalBaseQuery } from './base-query.js';

/** The header the API sends with 403 twoFactorRequired (apps/api/src/auth/two-factor-requirement.ts). */
const twoFactorRequiredHeader = 'x-two-factor-required';

/**
 * A call refused because the organization now requires two-factor sign-in of a caller without
 * it reads the signed-in user again: its `twoFactorSetupRequired` sends the web app to set-up.
 */
const baseQuery: typeof portalBaseQuery = async (request, queryApi, extraOptions) => {
  const result = await portalBaseQuery(request, queryApi, extraOptions);
  const response = result.meta?.response;
  if (response?.status === 403 && response.headers.get(twoFactorRequiredHeader) === '1')
    queryApi.dispatch(api.util.invalidateTags(['User']));
  return result;
};

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` (one file per
 * resource) and tags for cache invalidation.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // ProjectListWindow: the matter list's pages by position (projects-api.ts).
  tagTypes: ['User', 'ProjectListWindow'],
  endpoints: () => ({}),
});
