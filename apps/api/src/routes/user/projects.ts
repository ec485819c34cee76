import {
  ApiErrorMessage,
  createProjectBodySchema,
  deleteProjectResponseSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectResponseSchema,
  updateProjectBodySchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import {
  createProject,
  listProjects,
  softDeleteProject,
  updateProject,
} from '../../repositories/projects.js';

const security = [{ idToken: [] }];

/** Matters of a REGULAR user (spec section 7): list, create, update, soft delete. */
export const projectRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/projects',
    {
      schema: {
        tags: ['user'],
        summary: 'One page of matters, with per-tab counts',
        description:
          'Cursor pagination: pass `nextCursor` as `cursor` with the same sort and order for the next page.',
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

  app.post(
    '/projects',
    {
      schema: {
        tags: ['user'],
        summary: 'Create a matter',
        security,
        body: createProjectBodySchema,
        response: { 201: projectResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectRegistrationFailed },
    },
    async (request, reply) => {
      const project = await createProject(app.db, principalOf(request), request.body, actorOf(request));
      return reply.code(201).send({ hasError: false, message: ok, item: project });
    },
  );

  app.patch(
    '/projects/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Update a matter',
        security,
        params: projectIdParamsSchema,
        body: updateProjectBodySchema,
        response: { 200: projectResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request) => {
      const outcome = await updateProject(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (outcome.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      if (outcome.kind === 'deleted') throw HttpError.conflict('projectDeleted');
      return { hasError: false, message: ok, item: outcome.project };
    },
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Move a matter to the deleted tab',
        security,
        params: projectIdParamsSchema,
        response: { 200: deleteProjectResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectDeletionFailed },
    },
    async (request) => {
      const deleted = await softDeleteProject(
        app.db,
        principalOf(request),
        request.params.id,
        actorOf(request),
      );
      if (!deleted) throw HttpError.notFound('projectNotFound');
      return { hasError: false, message: ok, item: deleted };
    },
  );
  done();
};
