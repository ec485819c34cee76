import {
  createRequestTermItemBodySchema,
  requestParamsSchema,
  requestTermItemParamsSchema,
  requestTermsResponseSchema,
  updateRequestPeriodsBodySchema,
  updateRequestTermItemBodySchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import {
  addTermItem,
  getTerms,
  updatePeriods,
  updateTermItem,
  type TermsOutcome,
} from '../../repositories/request-terms.js';
import { requestRefusalError } from './request-mails-http.js';

const security = [{ idToken: [] }];

function answer(outcome: TermsOutcome) {
  switch (outcome.kind) {
    case 'ok':
      return { hasError: false, message: ok, item: outcome.terms };
    case 'forbidden':
      throw HttpError.forbidden('periodsClientOnly');
    case 'itemNotFound':
      throw HttpError.notFound('termNotFound');
    default:
      throw requestRefusalError(outcome);
  }
}

/**
 * A request's deadlines, mounted in both namespaces. The legal and the user deadline are the
 * client's to set (the office reads them: 403); further items are kept by both sides. Every change
 * is in the request's history.
 */
export const requestTermRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (
  app,
  { tag },
  done,
) => {
  app.get(
    '/requests/:projectId/:requestId/terms',
    {
      schema: {
        tags: [tag],
        summary: "A request's legal and user deadline and its further dated items",
        security,
        params: requestParamsSchema,
        response: { 200: requestTermsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      const terms = await getTerms(app.db, principalOf(request), projectId, requestId);
      if (!terms) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, item: terms };
    },
  );

  app.patch(
    '/requests/:projectId/:requestId/terms',
    {
      schema: {
        tags: [tag],
        summary: 'Set the legal and/or the user deadline (the client side)',
        description: 'null clears a deadline. A user deadline after the legal one is kept and flagged.',
        security,
        params: requestParamsSchema,
        body: updateRequestPeriodsBodySchema,
        response: { 200: requestTermsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      return answer(
        await updatePeriods(
          app.db,
          principalOf(request),
          projectId,
          requestId,
          request.body,
          actorOf(request),
        ),
      );
    },
  );

  app.post(
    '/requests/:projectId/:requestId/terms/items',
    {
      schema: {
        tags: [tag],
        summary: 'Add a dated item to a request',
        security,
        params: requestParamsSchema,
        body: createRequestTermItemBodySchema,
        response: { 201: requestTermsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { projectId, requestId } = request.params;
      const body = answer(
        await addTermItem(app.db, principalOf(request), projectId, requestId, request.body, actorOf(request)),
      );
      return reply.code(201).send(body);
    },
  );

  app.patch(
    '/requests/:projectId/:requestId/terms/items/:termId',
    {
      schema: {
        tags: [tag],
        summary: 'Rename, re-date, or mark done / open a dated item',
        security,
        params: requestTermItemParamsSchema,
        body: updateRequestTermItemBodySchema,
        response: { 200: requestTermsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId, termId } = request.params;
      return answer(
        await updateTermItem(
          app.db,
          principalOf(request),
          projectId,
          requestId,
          termId,
          request.body,
          actorOf(request),
        ),
      );
    },
  );

  app.delete(
    '/requests/:projectId/:requestId/terms/items/:termId',
    {
      schema: {
        tags: [tag],
        summary: 'Remove a dated item (kept as cancelled; the history names it)',
        security,
        params: requestTermItemParamsSchema,
        response: { 200: requestTermsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId, termId } = request.params;
      return answer(
        await updateTermItem(
          app.db,
          principalOf(request),
          projectId,
          requestId,
          termId,
          'remove',
          actorOf(request),
        ),
      );
    },
  );
  done();
};
