export { api } from './api.js';
export { apiErrorText, isApiError } from './api-error.js';
export type { ApiError } from './api-error.js';
export { portalBaseQuery } from './base-query.js';
export type { ApiMeta, ApiRequest, HttpMethod } from './base-query.js';
export { namespaceForUserType } from './deps.js';
export type { ApiClientDeps, ApiClientExtra, ApiNamespace } from './deps.js';
export { useGetUserQuery, useUpdateUserMutation, userApi } from './user-api.js';
export * from './projects/index.js';
