import { refuse, requestEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { listAssigneeCandidates, setRequestAssignee } from '../../repositories/request-assignee.js';

/**
 * The client side changes who answers for a request. Only under /user: offices never choose the
 * client's assignee.
 */
export const requestAssigneeRoutes = routePlugin((app) => {
  route(app, requestEndpoints.listRequestAssigneeCandidates, async ({ principal, params }) => {
    const items = await listAssigneeCandidates(app.db, principal, params.projectId, params.requestId);
    return items ? itemsAnswer(items) : refuse('requestNotFound');
  });

  route(app, requestEndpoints.updateRequestAssignee, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await setRequestAssignee(
        app.db,
        principal,
        params.projectId,
        params.requestId,
        body.assigneeUserId,
        actor,
      ),
    ),
  );
});
