import { ApiErrorMessage } from '../i18n/api-errors.js';
import type { EndpointRoute } from './endpoint.js';

/*
 * Routes of the calls every signed-in page makes from the first download: the signed-in user and
 * the unread badge of the sidebar. Their endpoint definitions (`userEndpoints` in user.ts,
 * `requestUnreadSummaryEndpoint` in request-unread.ts) spread these, so each path is still written
 * once; this module imports no zod, so the api-client's slices for these calls add no schema
 * code to /login.
 */

export const userRoutes = {
  getUser: {
    method: 'GET',
    path: '/user',
    namespaces: ['user', 'patent'],
    failureMessage: ApiErrorMessage.userFetchFailed,
  },
  updateUser: {
    method: 'PATCH',
    path: '/user',
    namespaces: ['user', 'patent'],
    failureMessage: ApiErrorMessage.userUpdateFailed,
  },
} as const satisfies Record<string, EndpointRoute>;

export const requestUnreadSummaryRoute = {
  method: 'GET',
  path: '/requests/unread-summary',
  namespaces: ['user', 'patent'],
} as const satisfies EndpointRoute;
