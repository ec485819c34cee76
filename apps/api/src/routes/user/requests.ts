import { requestEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { createRequest } from '../../repositories/requests.js';

/** A client sends a request about a matter it sees; the addressed office is mailed and told live. */
export const requestCreationRoutes = routePlugin((app) => {
  route(app, requestEndpoints.createRequest, async ({ principal, params, body, actor, request }) =>
    answerWith(
      itemAnswer,
      await createRequest(app.db, principal, params.projectId, body, actor, {
        queue: mailQueueOf(app.jobs),
        bus: app.bus,
        link: (path) => portalLink(app.config, request, path),
      }),
    ),
  );
});
