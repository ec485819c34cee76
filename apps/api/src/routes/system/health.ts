import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('ok') });
const notReadySchema = z.object({ status: z.literal('unavailable') });

/** GET /healthz: the process is up. GET /readyz: the database answers. */
export const healthRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthSchema } } },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness (database reachable)',
        response: { 200: healthSchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
  done();
};
