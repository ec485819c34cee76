import { projectDetailEndpoints, projectEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { createProject, duplicateProject, softDeleteProject } from '../../repositories/projects/index.js';
import { sharedProjectRoutes } from '../shared/project-routes.js';
import { trademarkImageRoutes } from '../shared/project-trademark-image.js';
import { projectFamilyRoutes } from './project-family.js';
import { userSpaceRoutes } from './project-user-space.js';

/**
 * Matters of a REGULAR user: list, create, detail, update, duplicate, soft delete, the family
 * name (of one matter or a whole family), the trademark image and the user space. Deleted
 * matters stay readable; every write to one answers 409.
 */
export const projectRoutes = routePlugin((app) => {
  void app.register(sharedProjectRoutes, { namespace: 'user' });

  route(app, projectEndpoints.createProject, async ({ principal, body, actor }) =>
    itemAnswer(await createProject(app.db, principal, body, actor)),
  );

  route(app, projectDetailEndpoints.duplicateProject, async ({ principal, params, actor }) =>
    answerWith(itemAnswer, await duplicateProject(app.db, principal, params.projectId, actor)),
  );

  route(app, projectEndpoints.deleteProject, async ({ principal, params, actor }) =>
    answerWith(itemAnswer, await softDeleteProject(app.db, principal, params.projectId, actor, app.bus)),
  );

  void app.register(projectFamilyRoutes);
  void app.register(trademarkImageRoutes, { namespace: 'user' });
  void app.register(userSpaceRoutes);
});
