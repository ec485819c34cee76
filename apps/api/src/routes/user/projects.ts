import {
  ApiErrorMessage,
  createProjectBodySchema,
  deleteProjectResponseSchema,
  projectIdParamsSchema,
  projectResponseSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { duplicateProject } from '../../repositories/project-details.js';
import { createProject, softDeleteProject } from '../../repositories/projects.js';
import { projectDetailRoute, projectListRoute, projectUpdateRoute } from '../shared/project-routes.js';
import { trademarkImageRoutes } from '../shared/project-trademark-image.js';
import { projectFamilyRoute } from './project-family.js';
import { userSpaceRoutes } from './project-user-space.js';

const security = [{ idToken: [] }];

/**
 * Matters of a REGULAR user (spec sections 3, 4, 7): list, create, detail, update, duplicate,
 * soft delete, the family name (of one matter or a whole family), the trademark image and the
 * user space. Deleted matters stay readable; every
 * write to one answers 409.
 */
export const projectRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  projectListRoute(app, 'user');

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

  projectDetailRoute(app, 'user');
  projectUpdateRoute(app, 'user');
  projectFamilyRoute(app);

  app.post(
    '/projects/:id/duplicate',
    {
      schema: {
        tags: ['user'],
        summary: 'Duplicate a matter',
        description:
          "A new matter with the same data (not its requests, concierge state or user space); the title is marked as a copy in the caller's saved language. A deleted matter answers 409.",
        security,
        params: projectIdParamsSchema,
        response: { 201: projectResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectRegistrationFailed },
    },
    async (request, reply) => {
      const outcome = await duplicateProject(
        app.db,
        principalOf(request),
        request.params.id,
        actorOf(request),
      );
      if (outcome.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      if (outcome.kind === 'deleted') throw HttpError.conflict('projectDeleted');
      if (outcome.kind === 'forbidden') throw HttpError.forbidden(outcome.reason);
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.project });
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

  void app.register(trademarkImageRoutes, { tag: 'user' });
  void app.register(userSpaceRoutes);
  done();
};
