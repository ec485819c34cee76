import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

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
    if (!given) app.addHook('onClose', async () => handle.close());
  },
  { name: 'database', dependencies: ['config'] },
);
