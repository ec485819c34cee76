import { createApi } from '@reduxjs/toolkit/query/react';
import { portalBaseQuery } from './base-query.js';

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` (one file per
 * resource) and tags for cache invalidation.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: portalBaseQuery,
  // ProjectListWindow: the matter list's pages by position (projects-api.ts).
  tagTypes: ['User', 'ProjectListWindow'],
  endpoints: () => ({}),
});
