import { paymentEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { getPayment, listCounterparties, listPayments } from '../../repositories/billing/payments/index.js';
import { confirmPayment } from '../../use-cases/confirm-payment.js';
import { matchPayment } from '../../use-cases/match-payment.js';
import type { PaymentDeps } from '../../use-cases/payment-mails.js';
import { recordClientPayment } from '../../use-cases/record-client-payment.js';
import { recordReceivedPayment } from '../../use-cases/record-received-payment.js';

/**
 * Payments (一括支払い), mounted in both namespaces: both sides read their payment history and
 * counterparties; the client side records its transfers (/user), the issuing office records
 * incoming ones, matches and confirms them (/patent). Anyone else's payment answers 404.
 */
export const paymentRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  const deps = (request: Parameters<typeof portalLink>[1]): PaymentDeps => ({
    db: app.db,
    queue: mailQueueOf(app.jobs),
    link: (path: string) => portalLink(app.config, request, path),
    bus: app.bus,
  });

  route(
    app,
    paymentEndpoints.getPayment,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getPayment(app.db, principal, params.paymentId)),
    { namespace },
  );

  route(
    app,
    paymentEndpoints.listPayments,
    async ({ principal, query }) => {
      const { items, total } = await listPayments(app.db, principal, query);
      return itemsAnswer(items, { total });
    },
    { namespace },
  );

  route(
    app,
    paymentEndpoints.listCounterparties,
    async ({ principal }) => itemsAnswer(await listCounterparties(app.db, principal)),
    { namespace },
  );

  if (namespace === 'user') {
    route(app, paymentEndpoints.recordPayment, async ({ principal, actor, body, request }) =>
      answerWith(itemAnswer, await recordClientPayment(deps(request), { principal, actor, body })),
    );
  }

  if (namespace === 'patent') {
    route(app, paymentEndpoints.recordReceivedPayment, async ({ principal, actor, body }) =>
      answerWith(
        itemAnswer,
        await recordReceivedPayment({ db: app.db, bus: app.bus }, { principal, actor, body }),
      ),
    );
    route(app, paymentEndpoints.matchPayment, async ({ principal, actor, params, body }) =>
      answerWith(
        itemAnswer,
        await matchPayment(
          { db: app.db, bus: app.bus },
          { principal, actor, paymentId: params.paymentId, allocations: body.allocations },
        ),
      ),
    );
    route(app, paymentEndpoints.confirmPayment, async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await confirmPayment(deps(request), { principal, actor, paymentId: params.paymentId }),
      ),
    );
  }
});
