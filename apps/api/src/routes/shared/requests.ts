import { refuse, requestEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { getRequest, listRequests, unreadMailSummary } from '../../repositories/requests.js';

/** Reading requests, in both namespaces: a page of the caller's requests, their unread mails, one request. */
export const requestReadRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    requestEndpoints.listRequests,
    async ({ principal, query }) => {
      const { items, ...page } = await listRequests(app.db, principal, query);
      return itemsAnswer(items, page);
    },
    { namespace },
  );

  route(
    app,
    requestEndpoints.getRequestUnreadSummary,
    async ({ principal }) => itemAnswer(await unreadMailSummary(app.db, principal)),
    { namespace },
  );

  route(
    app,
    requestEndpoints.getRequest,
    async ({ principal, params }) => {
      const item = await getRequest(app.db, principal, params.projectId, params.requestId);
      return item ? itemAnswer(item) : refuse('requestNotFound');
    },
    { namespace },
  );
});
