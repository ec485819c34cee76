import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../auth/authenticate.js';
import { requireTwoFactorSetUp } from '../../auth/two-factor-requirement.js';
import { firmDirectoryRoutes } from './firms.js';
import { requestCreationRoutes } from './requests.js';
import { requestReadRoutes } from '../shared/requests.js';
import { requestAssigneeRoutes } from './request-assignee.js';
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
import { assigneeRoutes } from './assignees.js';
import { deadlineRoutes } from './deadlines.js';
import { deadlineListRoutes } from '../shared/deadlines.js';
import { organizationInvitationRoutes } from './organization-invitations.js';
import { organizationRoutes } from './organizations.js';
import { chatSettingsRoutes } from './chat-settings.js';
import { pensionForecastRoutes } from './pension-forecast.js';
import { pensionRoutes } from './pension.js';
import { epGrantRoutes } from './ep-grant.js';
import { projectRoutes } from './projects.js';

/**
 * /user/*: REGULAR users; every route needs an ID token of the REGULAR pool and, where the
 * caller's organization requires it, two-factor sign-in set up (their profile excepted).
 */
export const userNamespace: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate(app, 'REGULAR'));
  app.addHook('onRequest', requireTwoFactorSetUp(app));
  await app.register(userProfileRoutes, { namespace: 'user' });
  await app.register(projectRoutes);
  await app.register(epGrantRoutes);
  await app.register(organizationRoutes);
  await app.register(chatSettingsRoutes);
  await app.register(organizationInvitationRoutes);
  await app.register(assigneeRoutes);
  await app.register(requestMailRoutes, { namespace: 'user' });
  await app.register(chatRoutes, { namespace: 'user' });
  await app.register(requestTermRoutes, { namespace: 'user' });
  await app.register(deliverableRoutes, { namespace: 'user' });
  await app.register(requestHistoryRoutes, { namespace: 'user' });
  await app.register(paymentRoutes, { namespace: 'user' });
  await app.register(conciergeRoutes, { namespace: 'user' });
  await app.register(dealRoutes, { namespace: 'user' });
  await app.register(invoiceRoutes, { namespace: 'user' });
  await app.register(requestCreationRoutes);
  await app.register(requestReadRoutes, { namespace: 'user' });
  await app.register(requestAssigneeRoutes);
  await app.register(firmDirectoryRoutes);
  await app.register(pensionRoutes);
  await app.register(pensionForecastRoutes);
  await app.register(deadlineListRoutes, { namespace: 'user' });
  await app.register(deadlineRoutes);
};
