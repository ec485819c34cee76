import type { FastifyPluginAsync } from 'fastify';
import { calendarFeedRoutes } from './calendar-feed.js';
import { healthRoutes } from './health.js';
import { runtimeConfigRoutes } from './runtime-config.js';

export const systemRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(calendarFeedRoutes);
};
