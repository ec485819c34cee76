/**
 * The administrator's view of background jobs that failed for good (retries used up):
 *
 *   node apps/api/dist/cli/jobs.js failed [--limit 50]     list them, newest first
 *   node apps/api/dist/cli/jobs.js retry <name> <id>       queue one again
 *
 * In development: `pnpm --filter @ipportal/api jobs failed`. It reads the same environment as the
 * server (DATABASE_URL, DATA_DIR). The embedded PGlite database belongs to one process: stop the
 * server first; with PostgreSQL it runs beside the servers.
 */
import { loadConfig } from '../config.js';
import { runCli } from './run-cli.js';
import { openDatabase } from '../db/client.js';
import { createPgBossJobs } from '../jobs/index.js';

const usage = 'usage: jobs failed [--limit N] | jobs retry <name> <id>';

const quietLogger = {
  info: () => undefined,
  warn: (_object: object, message: string) => process.stderr.write(`${message}\n`),
  error: (_object: object, message: string) => process.stderr.write(`${message}\n`),
};

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const jobs = createPgBossJobs(database, { runsWorkers: false, logger: quietLogger });
  try {
    await jobs.start();
    if (command === 'failed') {
      const limitIndex = rest.indexOf('--limit');
      const limit = limitIndex >= 0 ? Number(rest[limitIndex + 1]) : 50;
      if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit: expected a whole number above 0');
      const failed = await jobs.failed(limit);
      if (failed.length === 0) process.stdout.write('no failed jobs\n');
      for (const job of failed) {
        process.stdout.write(
          [
            `${job.completedOn?.toISOString() ?? job.createdOn.toISOString()}  ${job.name}  ${job.id}`,
            `  attempts: ${job.retryCount + 1}`,
            `  error: ${job.error}`,
            `  data: ${JSON.stringify(job.data)}`,
            '',
          ].join('\n'),
        );
      }
      return 0;
    }
    if (command === 'retry' && rest.length === 2) {
      const [name, id] = rest as [string, string];
      await jobs.retry(name, id);
      process.stdout.write(`job ${name} ${id} queued again\n`);
      return 0;
    }
    process.stderr.write(`${usage}\n`);
    return 2;
  } finally {
    await jobs.stop(1000);
    await database.close();
  }
}

runCli(main);
