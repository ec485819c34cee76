import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../auth/authenticate.js';
import { billingProfileRoutes } from './billing-profile.js';
import { firmRoutes } from './firm.js';
import { requestTransitionRoutes } from './requests.js';
import { requestReadRoutes } from '../shared/requests.js';
import { conciergeRoutes } from '../shared/concierge.js';
import { deliverableRoutes } from '../shared/deliverables.js';
import { paymentRoutes } from '../shared/payments.js';
import { dealRoutes } from '../shared/deals.js';
import { invoiceRoutes } from '../shared/invoices.js';
import { requestHistoryRoutes } from '../shared/request-history.js';
import { requestMailRoutes } from '../shared/request-mails.js';
import { chatRoutes } from '../shared/chat.js';
import { requestTermRoutes } from '../shared/request-terms.js';
import { userProfileRoutes } from '../shared/user.js';
import { patentProjectRoutes } from './projects.js';

/** /patent/*: PATENT users (firms); every route needs an ID token of the PATENT pool. */
export const patentNamespace: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate(app, 'PATENT'));
  await app.register(userProfileRoutes, { namespace: 'patent' });
  await app.register(patentProjectRoutes);
  await app.register(requestTransitionRoutes);
  await app.register(requestReadRoutes, { namespace: 'patent' });
  await app.register(firmRoutes);
  await app.register(requestMailRoutes, { namespace: 'patent' });
  await app.register(chatRoutes, { namespace: 'patent' });
  await app.register(requestTermRoutes, { namespace: 'patent' });
  await app.register(deliverableRoutes, { namespace: 'patent' });
  await app.register(requestHistoryRoutes, { namespace: 'patent' });
  await app.register(paymentRoutes, { namespace: 'patent' });
  await app.register(conciergeRoutes, { namespace: 'patent' });
  await app.register(dealRoutes, { namespace: 'patent' });
  await app.register(invoiceRoutes, { namespace: 'patent' });
  await app.register(billingProfileRoutes);
};
