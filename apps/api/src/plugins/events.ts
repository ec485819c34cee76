import fp from 'fastify-plugin';
import { openEventBus, type EventBus } from '../events/index.js';

/**
 * `app.bus`: signals between API processes (LISTEN/NOTIFY on PostgreSQL, PGlite's own in the
 * embedded default). Closed before the database.
 */
export const eventsPlugin = fp(
  async (app) => {
    const { database } = app.config;
    const bus = await openEventBus(app.database, {
      listenUrl: database.driver === 'postgres' ? database.listenUrl : undefined,
      onHandlerError: (error) => app.log.error({ err: error }, 'event bus subscriber failed'),
      // Each is a real break that made every subscriber resync; the realtime benches count this
      // line (bench/lib/api-process.ts).
      onReconnect: (reason) => app.log.warn(`event bus: listening again (${reason})`),
    });
    app.decorate('bus', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events', dependencies: ['config', 'database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}
