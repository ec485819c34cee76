import { requestHistoryResponseSchema, requestParamsSchema } from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { listRequestHistory } from '../../repositories/request-history.js';

const security = [{ idToken: [] }];

/** A request's history (append-only), mounted in both namespaces. */
export const requestHistoryRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (
  app,
  { tag },
  done,
) => {
  app.get(
    '/requests/:projectId/:requestId/history',
    {
      schema: {
        tags: [tag],
        summary: 'Every recorded event of a request with who and when, oldest first',
        security,
        params: requestParamsSchema,
        response: { 200: requestHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      const items = await listRequestHistory(app.db, principalOf(request), projectId, requestId);
      if (!items) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, items };
    },
  );
  done();
};
