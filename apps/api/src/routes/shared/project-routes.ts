import {
  ApiErrorMessage,
  projectDetailResponseSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  updateProjectBodySchema,
  updateProjectDetailBodySchema,
} from '@ipportal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { getProjectDetail, updateProjectDetail } from '../../repositories/project-details.js';
import { listProjects } from '../../repositories/projects.js';
import { parsingSerializerCompiler, problemsError, refusalError } from './project-http.js';

const security = [{ idToken: [] }];

/** PATCH body: the list-level fields and/or detail groups (the web app sends one group at a time). */
export const updateProjectDetailRequestSchema = updateProjectBodySchema.extend(
  updateProjectDetailBodySchema.shape,
);

const namespaceNote = {
  user: '',
  patent: ' Offices see the matters of requests addressed to their firm.',
} as const;

/** GET /projects in a namespace: one page of the caller's matters with per-tab counts. */
export function projectListRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/projects',
    {
      schema: {
        tags: [tag],
        summary: 'One page of matters, with per-tab counts',
        description: `Cursor pagination: pass \`nextCursor\` as \`cursor\` with the same sort and order for the next page.${namespaceNote[tag]}`,
        security,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectListFetchFailed },
    },
    async (request) => {
      const page = await listProjects(app.db, principalOf(request), request.query);
      return { hasError: false, message: ok, ...page };
    },
  );
}

/** GET /projects/{id}: the detail (deleted matters too, for the client side; read-only). */
export function projectDetailRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/projects/:id',
    {
      schema: {
        tags: [tag],
        summary: 'The detail of a matter',
        description: `A matter the caller may not see answers 404.${namespaceNote[tag]}`,
        security,
        params: projectIdParamsSchema,
        response: { 200: projectDetailResponseSchema, ...errorResponses },
      },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const detail = await getProjectDetail(app.db, principalOf(request), request.params.id);
      if (!detail) throw HttpError.notFound('projectNotFound');
      return { hasError: false, message: ok, item: detail };
    },
  );
}

/** PATCH /projects/{id}: list fields and/or detail groups; answers the updated detail. */
export function projectUpdateRoute(app: FastifyInstance, tag: 'user' | 'patent'): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/projects/:id',
    {
      schema: {
        tags: [tag],
        summary: 'Update a matter',
        description:
          tag === 'patent'
            ? 'Only where the matter allows the requested office to edit it (else 403); never `settings` or `family` (403). A deleted matter answers 404.'
            : 'Arrays (applicants, priorityClaims) are replaced whole. A deleted matter answers 409.',
        security,
        params: projectIdParamsSchema,
        body: updateProjectDetailRequestSchema,
        response: { 200: projectDetailResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const outcome = await updateProjectDetail(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (outcome.kind === 'invalid') throw problemsError(request, outcome.problems);
      if (outcome.kind !== 'updated') throw refusalError(outcome);
      return { hasError: false, message: ok, item: outcome.detail };
    },
  );
}
