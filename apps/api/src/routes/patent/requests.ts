import { requestEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { transitionRequest } from '../../repositories/requests.js';

/** The addressed office moves a request on: accept, complete, decline. */
export const requestTransitionRoutes = routePlugin((app) => {
  route(app, requestEndpoints.acceptRequest, async ({ principal, params, actor }) =>
    answerWith(
      itemAnswer,
      await transitionRequest(
        app.db,
        principal,
        params.projectId,
        params.requestId,
        'accept',
        actor,
        app.bus,
      ),
    ),
  );
  route(app, requestEndpoints.completeRequest, async ({ principal, params, actor }) =>
    answerWith(
      itemAnswer,
      await transitionRequest(
        app.db,
        principal,
        params.projectId,
        params.requestId,
        'complete',
        actor,
        app.bus,
      ),
    ),
  );
  route(app, requestEndpoints.declineRequest, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await transitionRequest(
        app.db,
        principal,
        params.projectId,
        params.requestId,
        'decline',
        actor,
        app.bus,
        body.reason,
      ),
    ),
  );
});
