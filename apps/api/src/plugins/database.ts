import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

const analyzeIntervalMs = 15 * 60 * 1000;

/**
 * PGlite has no autovacuum daemon, so without this the planner never gets statistics and, for
 * example, sorts every matter instead of reading the first page from its index. ANALYZE once at
 * start-up and then every 15 minutes (a few milliseconds for thousands of rows).
 */
function schedulePgliteAnalyze(app: FastifyInstance, handle: DatabaseHandle): void {
  const analyze = () => handle.db.execute(sql`analyze`);
  app.addHook('onReady', async () => {
    await analyze();
  });
  const timer = setInterval(() => {
    analyze().catch((error: unknown) => app.log.warn({ err: error }, 'PGlite ANALYZE failed'));
  }, analyzeIntervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/**
 * Opens PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL), applies the checked-in migrations and
 * decorates `app.db`. Closed last on shutdown, after in-flight requests finished.
 * A handle passed in (tests) is migrated too but closed by its owner.
 */
export const databasePlugin = fp<{ handle?: DatabaseHandle | undefined }>(
  async (app, { handle: given }) => {
    const options = app.config.database;
    const handle = given ?? (await openDatabase(options));
    try {
      await migrateDatabase(handle, options);
    } catch (error) {
      if (!given) await handle.close();
      throw error;
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
    if (handle.driver === 'pglite') schedulePgliteAnalyze(app, handle);
    if (!given) app.addHook('onClose', async () => handle.close());
  },
  { name: 'database', dependencies: ['config'] },
);
