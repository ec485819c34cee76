import { routePlugin } from '../../http/route.js';
import { sharedProjectRoutes } from '../shared/project-routes.js';
import { trademarkImageRoutes } from '../shared/project-trademark-image.js';

/**
 * Matters as a requested office (PATENT user) sees them: only live matters with a live request
 * addressed to its firm; others answer 404. It may change the matter information (PATCH, the
 * trademark image) only where the matter's setting allows it (403 otherwise), never the settings
 * or the family. No create, duplicate, delete, and no user space: those are the client's.
 */
export const patentProjectRoutes = routePlugin((app) => {
  void app.register(sharedProjectRoutes, { namespace: 'patent' });
  void app.register(trademarkImageRoutes, { namespace: 'patent' });
});
