import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { projectDetailRoute, projectListRoute, projectUpdateRoute } from '../shared/project-routes.js';
import { trademarkImageRoutes } from '../shared/project-trademark-image.js';

/**
 * Matters as a requested office (PATENT user) sees them: only live matters with a live request
 * addressed to its firm; others answer 404. It may change the matter information (PATCH, the
 * trademark image) only where the matter's setting allows it (403 otherwise), never the settings
 * or the family. No create, duplicate, delete, and no user space: those are the client's.
 */
export const patentProjectRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  projectListRoute(app, 'patent');
  projectDetailRoute(app, 'patent');
  projectUpdateRoute(app, 'patent');
  void app.register(trademarkImageRoutes, { tag: 'patent' });
  done();
};
