import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { pendingMigrations } from '../db/pending-migrations.js';

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

/** With MIGRATE_ON_START=false a separate step migrates; a process must not serve an older schema. */
async function refuseWhenBehind(handle: DatabaseHandle): Promise<void> {
  const pending = await pendingMigrations(handle);
  if (pending.length > 0) {
    throw new Error(
      `The database is ${pending.length} migration(s) behind (${pending.join(', ')}) and MIGRATE_ON_START is false: ` +
        'run `node apps/api/dist/cli/migrate.js` (or `pnpm migrate`) first.',
    );
  }
}

/**
 * Opens PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL), applies the checked-in migrations (or,
 * with MIGRATE_ON_START=false, checks that none is pending) and
 * decorates `app.db`. Closed last on shutdown, after in-flight requests finished.
 * A handle passed in (tests) is migrated too but closed by its owner.
 */
export const databasePlugin = fp<{ handle?: DatabaseHandle | undefined }>(
  async (app, { handle: given }) => {
    const options = app.config.database;
    const handle = given ?? (await openDatabase(options));
    try {
      if (app.config.migrateOnStart) await migrateDatabase(handle, options);
      else await refuseWhenBehind(handle);
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
