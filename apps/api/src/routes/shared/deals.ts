import { dealEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { dealsCsv } from '../../billing/csv.js';
import { sendCsv } from '../../http/send-csv.js';
import {
  createDeal,
  decideDeal,
  deleteDeal,
  getDeal,
  listDeals,
  listRequestDeals,
  reviseDeal,
  searchAllDeals,
  sendDeal,
  updateDeal,
  withdrawDeal,
} from '../../repositories/billing/deals.js';

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
      answerWith(itemsAnswer, await listRequestDeals(app.db, principal, params.projectId, params.requestId)),
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

  if (namespace === 'patent') {
    route(app, dealEndpoints.createDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await createDeal(app.db, principal, params, body, actor)),
    );
    route(app, dealEndpoints.updateDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await updateDeal(app.db, principal, params, body, actor)),
    );
    route(app, dealEndpoints.deleteDeal, async ({ principal, params, reply }) =>
      answerWith(() => reply.code(204).send(), await deleteDeal(app.db, principal, params)),
    );
    route(app, dealEndpoints.sendDeal, async ({ principal, params, actor, request }) =>
      answerWith(
        itemAnswer,
        await sendDeal(app.db, principal, params, actor, {
          queue,
          link: (path) => portalLink(app.config, request, path),
          bus: app.bus,
        }),
      ),
    );
    route(app, dealEndpoints.reviseDeal, async ({ principal, params, actor }) =>
      answerWith(itemAnswer, await reviseDeal(app.db, principal, params, actor)),
    );
    route(app, dealEndpoints.withdrawDeal, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await withdrawDeal(app.db, principal, params, body.reason, actor, app.bus)),
    );
  } else {
    route(app, dealEndpoints.acceptDeal, async ({ principal, params, actor, request }) =>
      answerWith(
        itemAnswer,
        await decideDeal(app.db, principal, params, { accept: true }, actor, {
          queue,
          link: (path) => portalLink(app.config, request, path),
          bus: app.bus,
        }),
      ),
    );
    route(app, dealEndpoints.declineDeal, async ({ principal, params, body, actor, request }) =>
      answerWith(
        itemAnswer,
        await decideDeal(app.db, principal, params, { accept: false, reason: body.reason }, actor, {
          queue,
          link: (path) => portalLink(app.config, request, path),
          bus: app.bus,
        }),
      ),
    );
  }
});
