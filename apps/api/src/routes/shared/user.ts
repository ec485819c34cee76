import { ApiErrorMessage, updateUserBodySchema, userResponseSchema } from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { getUser, updateUser } from '../../repositories/users.js';

/** GET and PATCH /user: the signed-in user, in both namespaces. */
export const userProfileRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (
  app,
  { tag },
  done,
) => {
  app.get(
    '/user',
    {
      schema: {
        tags: [tag],
        summary: 'The signed-in user',
        security: [{ idToken: [] }],
        response: { 200: userResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.userFetchFailed },
    },
    async (request) => {
      const user = await getUser(app.db, principalOf(request).userId);
      if (!user) throw HttpError.notFound('routeNotFound');
      return { hasError: false, message: ok, item: user };
    },
  );

  app.patch(
    '/user',
    {
      schema: {
        tags: [tag],
        summary: 'Update the profile fields the portal keeps',
        security: [{ idToken: [] }],
        body: updateUserBodySchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.userUpdateFailed },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await app.withPrincipalChange(
        principal.userId,
        (tx) => updateUser(tx, principal.userId, request.body, actorOf(request)),
        (updated) => updated !== undefined,
      );
      if (!user) throw HttpError.notFound('routeNotFound');
      return { hasError: false, message: ok, item: user };
    },
  );
  done();
};
