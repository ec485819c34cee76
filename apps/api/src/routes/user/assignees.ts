import { projectAssigneeEndpoints } from '@ipportal/domain';
import { itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { listAssignees, setAssignees } from '../../repositories/projects/index.js';

/**
 * Who of an organization's members works on a matter. Administrators are assignees of every
 * matter and never listed; members see the matters assigned to them.
 */
export const assigneeRoutes = routePlugin((app) => {
  route(app, projectAssigneeEndpoints.listProjectAssignees, async ({ principal, params }) =>
    answerWith(itemsAnswer, await listAssignees(app.db, principal, params.projectId)),
  );

  route(app, projectAssigneeEndpoints.setProjectAssignees, async ({ principal, params, body, actor }) =>
    answerWith(
      itemsAnswer,
      await setAssignees(app.db, principal, params.projectId, body.userIds, actor, app.bus),
    ),
  );
});
