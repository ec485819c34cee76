import type { FastifyRequest } from 'fastify';
import { dealEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { dealsCsv } from '../../billing/csv.js';
import { sendCsv } from '../../http/send-csv.js';
import { getDeal, listDeals, listRequestDeals, searchAllDeals } from '../../repositories/billing/deals.js';
import type { BillingDeps } from '../../use-cases/billing-deps.js';
import { acceptEstimate, declineEstimate } from '../../use-cases/decide-estimate.js';
import { deleteDraft, updateDraft } from '../../use-cases/draft-document.js';
import { createEstimate } from '../../use-cases/draft-estimate.js';
import { reviseEstimate } from '../../use-cases/revise-estimate.js';
import { sendEstimate } from '../../use-cases/send-estimate.js';
import { withdrawEstimate } from '../../use-cases/withdraw-estimate.js';

/** The most rows one CSV export holds. */
const exportCap = 10_000;

/**
 * Estimates, mounted in both namespaces: both sides read and search; the office drafts, sends,
 * revises and withdraws (/patent only); the client side accepts and declines (/user only).
 */
export const dealRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  const queue = mailQueueOf(app.jobs);

  route(
    app,
    dealEndpoints.listRequestDeals,
    async ({ principal, params }) =>
      answerWith(itemsAnswer, await listRequestDeals(app.db, principal, params)),
    { namespace },
  );

  route(
    app,
    dealEndpoints.getDeal,
    async ({ principal, params }) => answerWith(itemAnswer, await getDeal(app.db, principal, params)),
    { namespace },
  );

  route(
    app,
    dealEndpoints.listDeals,
    async ({ principal, query }) => {
      const { items, total } = await listDeals(app.db, principal, query);
      return itemsAnswer(items, { total });
    },
    { namespace },
  );

  route(
    app,
    dealEndpoints.exportDeals,
    async ({ principal, query, reply }) =>
      sendCsv(
        reply,
        dealsCsv(
          await searchAllDeals(app.db, principal, query, exportCap),
          namespace === 'patent' ? 'office' : 'client',
        ),
        'estimates',
      ),
    { namespace },
  );

  const deps = (request: FastifyRequest): BillingDeps => ({
    db: app.db,
    queue,
    link: (path) => portalLink(app.config, request, path),
    bus: app.bus,
  });

  if (namespace === 'patent') {
    route(app, dealEndpoints.createDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await createEstimate(app, { principal, actor, params, body })),
    );
    route(app, dealEndpoints.updateDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await updateDraft(app, 'deal', { principal, actor, target: params, body })),
    );
    route(app, dealEndpoints.deleteDeal, async ({ principal, params, reply }) =>
      answerWith(() => reply.code(204).send(), await deleteDraft(app, 'deal', { principal, target: params })),
    );
    route(app, dealEndpoints.sendDeal, async ({ principal, params, actor, request }) =>
      answerWith(itemAnswer, await sendEstimate(deps(request), { principal, actor, params })),
    );
    route(app, dealEndpoints.reviseDeal, async ({ principal, params, actor }) =>
      answerWith(itemAnswer, await reviseEstimate(app, { principal, actor, params })),
    );
    route(app, dealEndpoints.withdrawDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await withdrawEstimate(app, { principal, actor, params, reason: body.reason })),
    );
  } else {
    route(app, dealEndpoints.acceptDeal, async ({ principal, params, actor, request }) =>
      answerWith(itemAnswer, await acceptEstimate(deps(request), { principal, actor, params })),
    );
    route(app, dealEndpoints.declineDeal, async ({ principal, params, body, actor, request }) =>
      answerWith(
        itemAnswer,
        await declineEstimate(deps(request), { principal, actor, params, reason: body.reason }),
      ),
    );
  }
});
