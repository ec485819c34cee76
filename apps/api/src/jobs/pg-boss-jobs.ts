import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { EnqueueOptions, JobDefinition, Jobs } from './types.js';

export interface JobsLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PgBossJobsOptions {
  runsWorkers: boolean;
  logger: JobsLogger;
  /** How often dead workers and expired jobs are looked for (pg-boss supervise/monitor), seconds. */
  superviseSeconds?: number;
}

/** pg-boss keeps its tables in their own schema of the portal's database. */
const schema = 'pgboss';

function bossOptions(handle: DatabaseHandle, options: PgBossJobsOptions): ConstructorOptions {
  const supervise = options.superviseSeconds ?? 10;
  const common = {
    schema,
    // Workers are woken by NOTIFY when a job is added, so a sign-up code does not wait for a poll.
    useListenNotify: true,
    supervise: options.runsWorkers,
    schedule: options.runsWorkers,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
  } satisfies ConstructorOptions;
  const { connection } = handle;
  if (connection.driver === 'pglite')
    return { ...common, backend: 'pglite', db: fromPglite(connection.client) };
  return {
    ...common,
    connectionString: connection.url,
    max: 4,
    application_name: 'ipportal-jobs',
  };
}

/**
 * Jobs on the portal's own database through pg-boss: PGlite in the embedded default (same
 * process), PostgreSQL with DATABASE_URL. pg-boss claims each job with SKIP LOCKED, so several
 * worker processes never run one job at the same time; a job whose worker stopped beating is
 * retried by another. See docs/adr/0004-jobs-and-mail-outbox.md.
 */
export function createPgBossJobs(handle: DatabaseHandle, options: PgBossJobsOptions): Jobs {
  const definitions = new Map<string, JobDefinition>();
  const boss = new PgBoss(bossOptions(handle, options));
  const { logger } = options;
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let started = false;

  const runOne = async (definition: JobDefinition, job: JobWithMetadata<object>) => {
    const attempt = {
      jobId: job.id,
      retryCount: job.retryCount,
      isLastAttempt: job.retryCount >= job.retryLimit,
    };
    try {
      await definition.handler(job.data, attempt);
    } catch (error) {
      const log = attempt.isLastAttempt ? logger.error.bind(logger) : logger.warn.bind(logger);
      log(
        { err: error, job: { id: job.id, name: job.name, retryCount: job.retryCount } },
        attempt.isLastAttempt
          ? `job ${job.name} failed for good after ${job.retryCount + 1} attempts`
          : `job ${job.name} failed (attempt ${job.retryCount + 1}); it will be retried`,
      );
      throw error;
    }
  };

  return {
    runsWorkers: options.runsWorkers,

    define(definition) {
      if (started) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as JobDefinition);
    },

    async enqueue(executor: Executor, name, data, enqueueOptions: EnqueueOptions = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, data, {
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        db: fromDrizzle(executor as Parameters<typeof fromDrizzle>[0], sql),
      });
    },

    async enqueueMany(executor: Executor, name, data) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      if (data.length === 0) return;
      // insert() writes the rows send() writes (the same statement, the queue's policy), all at once.
      await boss.insert(
        name,
        data.map((item) => ({ data: item })),
        { db: fromDrizzle(executor as Parameters<typeof fromDrizzle>[0], sql) },
      );
    },

    async failed(limit = 100) {
      // pg-boss has no query by state; its job table (partitioned by queue) is read directly.
      const rows = await handle.db.execute<FailedJobRow>(sql`
        select id, name, data, output, retry_count, created_on, completed_on
        from ${sql.identifier(schema)}.job
        where state = 'failed'
        order by completed_on desc nulls last
        limit ${limit}`);
      return rowsOf<FailedJobRow>(rows).map((row) => ({
        id: row.id,
        name: row.name,
        data: row.data,
        error: describeOutput(row.output),
        retryCount: Number(row.retry_count),
        createdOn: new Date(row.created_on),
        completedOn: row.completed_on === null ? null : new Date(row.completed_on),
      }));
    },

    async retry(name, id) {
      await boss.retry(name, id);
    },

    async start() {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const queue = {
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          heartbeatSeconds: Math.max(10, definition.heartbeatSeconds),
          expireInSeconds: definition.expireInSeconds,
          deleteAfterSeconds: (definition.keepFinishedDays ?? 30) * 24 * 60 * 60,
          notify: true,
        };
        if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
        else await boss.createQueue(definition.name, queue);
        // Enqueueing happens inside the caller's transaction; on PGlite (one connection) a queue
        // lookup outside it would wait for that very transaction. Look each queue up now.
        await boss.findJobs(definition.name, { id: '00000000-0000-0000-0000-000000000000' });
        if (options.runsWorkers && definition.cron)
          await boss.schedule(
            definition.name,
            definition.cron.expression,
            {},
            { tz: definition.cron.timeZone },
          );
      }
      if (!options.runsWorkers) return;
      for (const definition of definitions.values()) {
        await boss.work(
          definition.name,
          {
            includeMetadata: true,
            // Up to 10 jobs per fetch, run side by side and settled one by one; a full batch
            // fetches again at once, so a burst of mails does not wait a poll interval per mail.
            batchSize: 10,
            perJobResults: true,
            burstWhenBatchFull: true,
            // NOTIFY wakes a worker for a new job; retries are found by polling, so poll often.
            pollingIntervalSeconds: 2,
            notifyPollingIntervalSeconds: 2,
          },
          async (jobs: JobWithMetadata<object>[]) =>
            Promise.all(
              jobs.map(async (job) => {
                try {
                  await runOne(definition, job);
                  return { id: job.id, status: 'completed' as const };
                } catch (error) {
                  return { id: job.id, status: 'failed' as const, output: failureOutput(error) };
                }
              }),
            ),
        );
      }
    },

    async stop(timeoutMs) {
      if (!started) return;
      started = false;
      // The PGlite instance belongs to the database handle: pg-boss must not close it.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: handle.driver === 'postgres' });
    },
  };
}

interface FailedJobRow extends Record<string, unknown> {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retry_count: number | string;
  created_on: string | Date;
  completed_on: string | Date | null;
}

/** postgres-js returns the rows themselves, PGlite an object with `rows`. */

/** What pg-boss stores for a failed attempt: the message (shown by `jobs failed`) and the stack. */
function failureOutput(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}

function describeOutput(output: unknown): string {
  if (output && typeof output === 'object') {
    const value = output as { message?: unknown; stack?: unknown };
    if (typeof value.message === 'string') return value.message;
    return JSON.stringify(output);
  }
  return typeof output === 'string' ? output : JSON.stringify(output ?? '');
}
