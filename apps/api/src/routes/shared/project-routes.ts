import { projectDetailEndpoints, projectEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import {
  getProjectDetail,
  listFamilyGroups,
  listProjects,
  updateProjectDetail,
} from '../../repositories/projects/index.js';
import { projectCsvRoutes } from './project-csv.js';

/**
 * Matters in both namespaces: the caller's list and its family groups, a matter's detail and its
 * PATCH. Which matters
 * a caller sees and may change is the repositories' concern (an office only where the matter
 * allows it).
 */
export const sharedProjectRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  void app.register(projectCsvRoutes, { namespace });

  route(
    app,
    projectEndpoints.listProjects,
    async ({ principal, query }) =>
      answerWith(
        ({ items, ...page }) => itemsAnswer(items, page),
        await listProjects(app.db, principal, query),
      ),
    { namespace },
  );

  route(
    app,
    projectEndpoints.listProjectFamilyGroups,
    async ({ principal, query }) => itemsAnswer(await listFamilyGroups(app.db, principal, query)),
    { namespace },
  );

  route(
    app,
    projectDetailEndpoints.getProject,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getProjectDetail(app.db, principal, params.projectId)),
    { namespace },
  );

  route(
    app,
    projectDetailEndpoints.updateProject,
    async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await updateProjectDetail(app.db, principal, params.projectId, body, actor)),
    { namespace },
  );
});
