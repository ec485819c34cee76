import {
  ApiErrorMessage,
  declineRequestBodySchema,
  requestParamsSchema,
  requestResponseSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { transitionRequest, type RequestAction } from '../../repositories/requests.js';
import { requestDetailRoute, requestListRoute, requestUnreadSummaryRoute } from '../shared/requests.js';

const security = [{ idToken: [] }];

const summaries: Record<RequestAction, string> = {
  accept: 'Accept a request (status 1 -> 2, external handling in progress)',
  complete: 'Mark a request supported (status 2 -> 3)',
  decline: 'Decline a request with a reason (the status stays 1)',
};

/**
 * Requests addressed to the caller's firm (issue 9): list, read, and move them on. A move from
 * the wrong status answers 409 with the reason; another firm's request 404.
 */
export const patentRequestRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  requestListRoute(app, 'patent');
  requestUnreadSummaryRoute(app, 'patent');
  requestDetailRoute(app, 'patent');

  for (const action of ['accept', 'complete'] as const) {
    app.post(
      `/requests/:projectId/:number/${action}`,
      {
        schema: {
          tags: ['patent'],
          summary: summaries[action],
          security,
          params: requestParamsSchema,
          response: { 200: requestResponseSchema, ...errorResponses },
        },
        config: { failureMessage: ApiErrorMessage.requestUpdateFailed },
      },
      async (request) => {
        const { projectId, number } = request.params;
        const outcome = await transitionRequest(
          app.db,
          principalOf(request),
          projectId,
          number,
          action,
          actorOf(request),
        );
        if (outcome.kind === 'notFound') throw HttpError.notFound('requestNotFound');
        if (outcome.kind === 'conflict') throw HttpError.conflict(outcome.reason);
        return { hasError: false, message: ok, item: outcome.request };
      },
    );
  }

  app.post(
    '/requests/:projectId/:number/decline',
    {
      schema: {
        tags: ['patent'],
        summary: summaries.decline,
        security,
        params: requestParamsSchema,
        body: declineRequestBodySchema,
        response: { 200: requestResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.requestUpdateFailed },
    },
    async (request) => {
      const { projectId, number } = request.params;
      const outcome = await transitionRequest(
        app.db,
        principalOf(request),
        projectId,
        number,
        'decline',
        actorOf(request),
        request.body.reason,
      );
      if (outcome.kind === 'notFound') throw HttpError.notFound('requestNotFound');
      if (outcome.kind === 'conflict') throw HttpError.conflict(outcome.reason);
      return { hasError: false, message: ok, item: outcome.request };
    },
  );
  done();
};
