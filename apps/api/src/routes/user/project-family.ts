import {
  ApiErrorMessage,
  projectFamilyResponseSchema,
  projectIdParamsSchema,
  renameProjectFamilyBodySchema,
} from '@ipportal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { renameProjectFamily } from '../../repositories/project-family.js';
import { refusalError } from '../shared/project-http.js';

/**
 * PUT /projects/{id}/family: set or change a matter's family name, or (allOfFamily) the name of
 * its whole family. REGULAR users only: the client names its families, firms never do.
 */
export function projectFamilyRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/projects/:id/family',
    {
      schema: {
        tags: ['user'],
        summary: "Set a matter's family name, or rename its whole family",
        description:
          'With `allOfFamily`, every live matter the caller can see that has this matter’s current family name gets the new one (one history entry per matter). Answers the changed matters, this one first. A deleted matter answers 409.',
        security: [{ idToken: [] }],
        params: projectIdParamsSchema,
        body: renameProjectFamilyBodySchema,
        response: { 200: projectFamilyResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request) => {
      const outcome = await renameProjectFamily(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (outcome.kind !== 'renamed') throw refusalError(outcome);
      return { hasError: false, message: ok, items: outcome.items };
    },
  );
}
