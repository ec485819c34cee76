import { conciergeEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { getConcierge } from '../../repositories/billing/concierge/index.js';
import { startConcierge } from '../../use-cases/start-concierge.js';
import { invoiceIssueDeps } from './invoices.js';

/**
 * The concierge of a request (ADR 0019): whoever reads the request reads its state (the client,
 * the addressed office, the coordinating concierge); only the client side turns it on (/user),
 * which issues the concierge office's fee invoice as an office's issue does.
 */
export const conciergeRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    conciergeEndpoints.getConcierge,
    async ({ principal, params }) =>
      answerWith(
        itemAnswer,
        await getConcierge(
          app.db,
          principal,
          params.projectId,
          params.requestId,
          app.config.concierge.feeYen,
        ),
      ),
    { namespace },
  );

  if (namespace === 'user') {
    route(app, conciergeEndpoints.startConcierge, async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await startConcierge(
          { ...invoiceIssueDeps(app, request), feeYen: app.config.concierge.feeYen },
          { principal, actor, projectId: params.projectId, requestId: params.requestId },
        ),
      ),
    );
  }
});
