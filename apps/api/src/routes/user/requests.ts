import {
  ApiErrorMessage,
  createRequestBodySchema,
  projectRequestsParamsSchema,
  requestResponseSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { createRequest } from '../../repositories/requests.js';
import { problemsError } from '../shared/project-http.js';
import { requestDetailRoute, requestListRoute, requestUnreadSummaryRoute } from '../shared/requests.js';

/**
 * Requests of a REGULAR user (issue 9): send one about a matter they see, list them, read one.
 * The office must be in the directory for the chosen country and type (400 otherwise); a
 * deleted matter answers 409, an invisible one 404.
 */
export const requestRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.post(
    '/projects/:projectId/requests',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a request about a matter',
        description:
          'The request form: name, type (estimate or other), content, office country, office type and the office (from GET /user/firms). The number is the next of the matter.',
        security: [{ idToken: [] }],
        params: projectRequestsParamsSchema,
        body: createRequestBodySchema,
        response: { 201: requestResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.requestRegistrationFailed },
    },
    async (request, reply) => {
      const outcome = await createRequest(
        app.db,
        principalOf(request),
        request.params.projectId,
        request.body,
        actorOf(request),
      );
      if (outcome.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      if (outcome.kind === 'deleted') throw HttpError.conflict('projectDeleted');
      if (outcome.kind === 'forbidden') throw HttpError.forbidden(outcome.reason);
      if (outcome.kind === 'officeNotAvailable') {
        throw problemsError(request, [{ path: 'officeId', reason: 'officeNotAvailable' }]);
      }
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.request });
    },
  );

  requestListRoute(app, 'user');
  requestUnreadSummaryRoute(app, 'user');
  requestDetailRoute(app, 'user');
  done();
};
