import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../plugins/auth.js';
import { firmRoutes } from './firm.js';
import { patentRequestRoutes } from './requests.js';
import { userProfileRoutes } from '../shared/user.js';
import { patentProjectRoutes } from './projects.js';

/** /patent/*: PATENT users (firms); every route needs an ID token of the PATENT pool. */
export const patentNamespace: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate(app, 'PATENT'));
  await app.register(userProfileRoutes, { tag: 'patent' });
  await app.register(patentProjectRoutes);
  await app.register(patentRequestRoutes);
  await app.register(firmRoutes);
};
