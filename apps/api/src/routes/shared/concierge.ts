import { conciergeEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { getConcierge, startConcierge } from '../../repositories/billing/concierge.js';

/**
 * The concierge of a request (ADR 0019): whoever reads the request reads its state (the client,
 * the addressed office, the coordinating concierge); only the client side turns it on (/user).
 */
export const conciergeRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    conciergeEndpoints.getConcierge,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getConcierge(app.db, principal, params.projectId, params.requestId)),
    { namespace },
  );

  if (namespace === 'user') {
    route(app, conciergeEndpoints.startConcierge, async ({ principal, actor, params }) =>
      answerWith(
        itemAnswer,
        await startConcierge(app.db, principal, params.projectId, params.requestId, actor, {
          feeYen: app.config.concierge.feeYen,
        }),
      ),
    );
  }
});
