import { firmDirectoryQuerySchema, firmDirectoryResponseSchema } from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/route-helpers.js';
import { listDirectory } from '../../repositories/firms.js';
import { parsingSerializerCompiler } from '../shared/project-http.js';

/** GET /user/firms: the office directory of the request form (complete profiles only). */
export const firmDirectoryRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/firms',
    {
      schema: {
        tags: ['user'],
        summary: 'The office directory',
        description:
          'Offices with a complete profile that accept requests, optionally of one country (regionCode) and office type, by name.',
        security: [{ idToken: [] }],
        querystring: firmDirectoryQuerySchema,
        response: { 200: firmDirectoryResponseSchema, ...errorResponses },
      },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const items = await listDirectory(app.db, request.query);
      return { hasError: false, message: ok, items };
    },
  );
  done();
};
