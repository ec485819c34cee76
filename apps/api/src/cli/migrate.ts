/**
 * Applies the checked-in database migrations, then exits:
 *
 *   node apps/api/dist/cli/migrate.js        (also `pnpm migrate` from the repository root)
 *
 * It reads the same environment as the server (DATABASE_URL, or DATA_DIR for the embedded PGlite).
 * Deployments with several processes run it once per release before starting them with
 * MIGRATE_ON_START=false, so processes never race to migrate. On PostgreSQL it holds an advisory
 * lock meanwhile, so a second run waits and then finds nothing to do. The embedded PGlite database
 * belongs to one process: stop the server first.
 */
import { loadConfig } from '../config.js';
import { runCli } from './run-cli.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { pendingMigrations } from '../db/pending-migrations.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const pending = await pendingMigrations(database);
    await migrateDatabase(database, config.database);
    if (pending.length === 0) process.stdout.write('migrations: the database is up to date\n');
    else process.stdout.write(`migrations: applied ${pending.length} (${pending.join(', ')})\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
