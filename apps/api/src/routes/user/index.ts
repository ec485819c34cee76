import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../auth/authenticate.js';
import { firmDirectoryRoutes } from './firms.js';
import { requestCreationRoutes } from './requests.js';
import { requestReadRoutes } from '../shared/requests.js';
import { requestAssigneeRoutes } from './request-assignee.js';
import { deliverableRoutes } from '../shared/deliverables.js';
import { requestHistoryRoutes } from '../shared/request-history.js';
import { requestMailRoutes } from '../shared/request-mails.js';
import { requestTermRoutes } from '../shared/request-terms.js';
import { userProfileRoutes } from '../shared/user.js';
import { assigneeRoutes } from './assignees.js';
import { deadlineRoutes } from './deadlines.js';
import { organizationInvitationRoutes } from './organization-invitations.js';
import { organizationRoutes } from './organizations.js';
import { pensionRoutes } from './pension.js';
import { projectRoutes } from './projects.js';

/** /user/*: REGULAR users; every route needs an ID token of the REGULAR pool. */
export const userNamespace: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate(app, 'REGULAR'));
  await app.register(userProfileRoutes, { namespace: 'user' });
  await app.register(projectRoutes);
  await app.register(organizationRoutes);
  await app.register(organizationInvitationRoutes);
  await app.register(assigneeRoutes);
  await app.register(requestMailRoutes, { namespace: 'user' });
  await app.register(requestTermRoutes, { namespace: 'user' });
  await app.register(deliverableRoutes, { namespace: 'user' });
  await app.register(requestHistoryRoutes, { namespace: 'user' });
  await app.register(requestCreationRoutes);
  await app.register(requestReadRoutes, { namespace: 'user' });
  await app.register(requestAssigneeRoutes);
  await app.register(firmDirectoryRoutes);
  await app.register(pensionRoutes);
  await app.register(deadlineRoutes);
};
