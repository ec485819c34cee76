import { projectEndpoints } from '@ipportal/domain';
import { itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { renameProjectFamily } from '../../repositories/projects/index.js';

/** A matter's family name, or its whole family's. REGULAR users only: the client names its families, offices never do. */
export const projectFamilyRoutes = routePlugin((app) => {
  route(app, projectEndpoints.renameProjectFamily, async ({ principal, params, body, actor }) =>
    answerWith(itemsAnswer, await renameProjectFamily(app.db, principal, params.projectId, body, actor)),
  );
});
