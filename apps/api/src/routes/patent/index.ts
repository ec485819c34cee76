import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../plugins/auth.js';
import { userProfileRoutes } from '../shared/user.js';
import { patentProjectRoutes } from './projects.js';

/** /patent/*: PATENT users (firms); every route needs an ID token of the PATENT pool. */
export const patentNamespace: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', authenticate(app, 'PATENT'));
  await app.register(userProfileRoutes, { tag: 'patent' });
  await app.register(patentProjectRoutes);
};
