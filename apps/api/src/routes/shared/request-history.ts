import { requestHistoryEndpoints } from '@ipportal/domain';
import { itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { listRequestHistory } from '../../repositories/request-history.js';

/** A request's history (append-only), mounted in both namespaces. */
export const requestHistoryRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    requestHistoryEndpoints.listRequestHistory,
    async ({ principal, params }) =>
      answerWith(
        itemsAnswer,
        await listRequestHistory(app.db, principal, params.projectId, params.requestId),
      ),
    { namespace },
  );
});
