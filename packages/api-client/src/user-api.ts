import { userRoutes } from '@ipportal/domain';
import type { ItemEnvelope, UpdateUserBody, User } from '@ipportal/domain';
import { api } from './api.js';
import { apiRequest } from './endpoint-request.js';

/**
 * GET and PATCH /user in the namespace of the signed-in user's type. Part of the first download:
 * it imports the zod-free routes, not the endpoint definitions.
 */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => apiRequest(userRoutes.getUser, {}),
      transformResponse: (response: ItemEnvelope<User>) => response.item,
      providesTags: ['User'],
    }),
    updateUser: build.mutation<User, UpdateUserBody>({
      query: (body) => apiRequest(userRoutes.updateUser, { body }),
      transformResponse: (response: ItemEnvelope<User>) => response.item,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the whole user: put it in the cache instead of fetching it again.
          await dispatch(userApi.util.upsertQueryData('getUser', undefined, data));
        } catch {
          // The mutation's own error state reports the failure.
        }
      },
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation } = userApi;
