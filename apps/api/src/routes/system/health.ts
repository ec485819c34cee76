import { notReadySchema, systemEndpoints } from '@ipportal/domain';
import { routePlugin } from '../../http/route.js';

const { liveness, readiness } = systemEndpoints;

/**
 * The probes. Registered without `route()`: they are outside the user and patent APIs (no token,
 * no envelope), and readiness answers a 503 body of its own.
 */
export const healthRoutes = routePlugin((app) => {
  app.route({
    method: liveness.method,
    url: liveness.path,
    schema: {
      tags: ['system'],
      summary: liveness.summary,
      description: liveness.description,
      response: { 200: liveness.response },
    },
    handler: () => ({ status: 'ok' as const }),
  });

  app.route({
    method: readiness.method,
    url: readiness.path,
    schema: {
      tags: ['system'],
      summary: readiness.summary,
      description: readiness.description,
      response: { 200: readiness.response, 503: notReadySchema },
    },
    handler: async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  });
});
