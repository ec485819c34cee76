import { requestEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { createRequest } from '../../repositories/requests.js';

/** A client sends a request about a matter it sees. */
export const requestCreationRoutes = routePlugin((app) => {
  route(app, requestEndpoints.createRequest, async ({ principal, params, body, actor }) =>
    answerWith(itemAnswer, await createRequest(app.db, principal, params.projectId, body, actor)),
  );
});
