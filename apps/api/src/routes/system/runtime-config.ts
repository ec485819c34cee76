import { systemEndpoints } from '@ipportal/domain';
import { routePlugin } from '../../http/route.js';
import { runtimeConfig } from '../../http/runtime-config.js';

const { runtimeConfig: definition } = systemEndpoints;

/**
 * GET /config.json, read once at start by the web app: public, plain JSON (no envelope), and
 * revalidated on every load (no-cache) so a new deployment's settings apply at once.
 */
export const runtimeConfigRoutes = routePlugin((app) => {
  const body = runtimeConfig(app.config);
  app.route({
    method: definition.method,
    url: definition.path,
    schema: {
      tags: ['system'],
      summary: definition.summary,
      response: { 200: definition.response },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  });
});
