import {
  requestListQuerySchema,
  requestListResponseSchema,
  requestParamsSchema,
  requestResponseSchema,
  requestUnreadSummaryResponseSchema,
} from '@ipportal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { getRequest, listRequests, unreadMailSummary } from '../../repositories/requests.js';

const security = [{ idToken: [] }];

const namespaceNote = {
  user: ' Clients see the requests of the matters they see.',
  patent: ' Offices see the requests addressed to their firm on live matters.',
} as const;

/** GET /requests in a namespace: one page of the caller's requests (each with its unread mails) and the total. */
export function requestListRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/requests',
    {
      schema: {
        tags: [tag],
        summary: 'One page of requests',
        description: `Filters: status (0 all, 1, 2, 3), concierge, projectId, free text q; sort, order, offset, limit.${namespaceNote[tag]}`,
        security,
        querystring: requestListQuerySchema,
        response: { 200: requestListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listRequests(app.db, principalOf(request), request.query);
      return { hasError: false, message: ok, ...page };
    },
  );
}

/** GET /requests/unread-summary: the caller's unread mails over every request they see. */
export function requestUnreadSummaryRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/requests/unread-summary',
    {
      schema: {
        tags: [tag],
        summary: "Unread mails over the caller's requests",
        description: `Mails sent to the caller's side and not read yet (opening a thread marks them read), counted over every request the caller sees, and how many requests have any. Each row of GET /requests carries its own unreadMailCount.${namespaceNote[tag]}`,
        security,
        response: { 200: requestUnreadSummaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const item = await unreadMailSummary(app.db, principalOf(request));
      return { hasError: false, message: ok, item };
    },
  );
}

/** GET /requests/{projectId}/{number}: one request with its content; invisible ones answer 404. */
export function requestDetailRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/requests/:projectId/:number',
    {
      schema: {
        tags: [tag],
        summary: 'One request',
        description: `A request the caller may not see answers 404.${namespaceNote[tag]}`,
        security,
        params: requestParamsSchema,
        response: { 200: requestResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const item = await getRequest(
        app.db,
        principalOf(request),
        request.params.projectId,
        request.params.number,
      );
      if (!item) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, item };
    },
  );
}
