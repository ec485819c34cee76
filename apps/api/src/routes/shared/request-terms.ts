import { requestTermEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { addTermItem, getTerms, updatePeriods, updateTermItem } from '../../repositories/request-terms.js';

/**
 * A request's deadlines, mounted in both namespaces. The legal and the user deadline are the
 * client's to set (the office reads them: 403); further items are kept by both sides. Every change
 * is in the request's history.
 */
export const requestTermRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    requestTermEndpoints.getRequestTerms,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getTerms(app.db, principal, params.projectId, params.requestId)),
    { namespace },
  );

  route(
    app,
    requestTermEndpoints.updateRequestPeriods,
    async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await updatePeriods(app.db, principal, params.projectId, params.requestId, body, actor),
      ),
    { namespace },
  );

  route(
    app,
    requestTermEndpoints.addRequestTermItem,
    async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await addTermItem(app.db, principal, params.projectId, params.requestId, body, actor),
      ),
    { namespace },
  );

  route(
    app,
    requestTermEndpoints.updateRequestTermItem,
    async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await updateTermItem(
          app.db,
          principal,
          params.projectId,
          params.requestId,
          params.termId,
          body,
          actor,
        ),
      ),
    { namespace },
  );

  route(
    app,
    requestTermEndpoints.removeRequestTermItem,
    async ({ principal, params, actor }) =>
      answerWith(
        itemAnswer,
        await updateTermItem(
          app.db,
          principal,
          params.projectId,
          params.requestId,
          params.termId,
          'remove',
          actor,
        ),
      ),
    { namespace },
  );
});
