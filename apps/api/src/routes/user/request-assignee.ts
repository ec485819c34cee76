import {
  ApiErrorMessage,
  requestAssigneeCandidatesResponseSchema,
  requestParamsSchema,
  requestResponseSchema,
  updateRequestAssigneeBodySchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { listAssigneeCandidates, setRequestAssignee } from '../../repositories/request-assignee.js';
import { problemsError } from '../shared/project-http.js';
import { requestRefusalError } from '../shared/request-mails-http.js';

const security = [{ idToken: [] }];
const tags = ['user'];

/**
 * The client side changes who answers for a request. Only under /user: offices never choose the
 * client's assignee. Invisible requests answer 404, a deleted matter's 409.
 */
export const requestAssigneeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/requests/:projectId/:number/assignee-candidates',
    {
      schema: {
        tags,
        summary: 'Who a request may be assigned to',
        description:
          "The people who see the matter: its organization's administrators and the members assigned to it; outside an organization, its owner (the caller).",
        security,
        params: requestParamsSchema,
        response: { 200: requestAssigneeCandidatesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, number } = request.params;
      const items = await listAssigneeCandidates(app.db, principalOf(request), projectId, number);
      if (!items) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, items };
    },
  );

  app.patch(
    '/requests/:projectId/:number',
    {
      schema: {
        tags,
        summary: "Change a request's assignee",
        description:
          'assigneeUserId: one of the assignee candidates (people who see the matter), or null. 400 for anyone else, including a member of the organization not assigned to the matter (nothing changes), 409 on a deleted matter. Recorded in the history as request.assignee.',
        security,
        params: requestParamsSchema,
        body: updateRequestAssigneeBodySchema,
        response: { 200: requestResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.requestUpdateFailed },
    },
    async (request) => {
      const { projectId, number } = request.params;
      const outcome = await setRequestAssignee(
        app.db,
        principalOf(request),
        projectId,
        number,
        request.body.assigneeUserId,
        actorOf(request),
      );
      if (outcome.kind === 'ok') return { hasError: false, message: ok, item: outcome.request };
      if (outcome.kind === 'notAllowed') {
        throw problemsError(request, [{ path: 'assigneeUserId', reason: 'requestAssigneeNotAllowed' }]);
      }
      if (outcome.kind === 'cannotSeeMatter') {
        throw problemsError(request, [{ path: 'assigneeUserId', reason: 'requestAssigneeCannotSeeMatter' }]);
      }
      throw requestRefusalError(outcome);
    },
  );
  done();
};
