import { epGrantEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { getEpGrant, updateEpGrant } from '../../repositories/projects/ep-grant.js';

/** A granted European patent's validation states and unitary effect, on the matter page. */
export const epGrantRoutes = routePlugin((app) => {
  route(app, epGrantEndpoints.getEpGrant, async ({ principal, params }) =>
    answerWith(itemAnswer, await getEpGrant(app.db, principal, params.projectId)),
  );

  route(app, epGrantEndpoints.updateEpGrant, async ({ principal, params, body, actor }) =>
    answerWith(itemAnswer, await updateEpGrant(app.db, principal, params.projectId, body, actor)),
  );
});
