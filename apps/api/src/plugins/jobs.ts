import fp from 'fastify-plugin';
import { defineOverdueInvoicesJob } from '../billing/overdue-invoices.js';
import { defineEstimateExpiry } from '../billing/estimate-expiry.js';
import { defineChatDigestJob } from '../chat-digest/digest-job.js';
import { defineIdempotencyExpiry } from '../idempotency/expiry-job.js';
import { createPgBossJobs, type Jobs } from '../jobs/index.js';
import { defineMailDelivery, mailQueueOf } from '../mail/index.js';
import { defineReminderJobs, refreshAllDeadlinesJob } from '../reminders/jobs.js';
import { defineUploadCheck } from '../storage/upload-check.js';

/**
 * `app.jobs`: background jobs on the portal's database (pg-boss). Every process can enqueue;
 * processes with the role `worker` or `all` (the default) also run them. Job kinds are defined
 * before the app is ready (mail delivery and the upload check here); workers start when it is, and on close they stop
 * taking jobs and let running ones finish (up to SHUTDOWN_TIMEOUT_MS) before the database closes.
 */
export const jobsPlugin = fp<{ jobs?: Jobs | undefined }>(
  (app, { jobs: given }, done) => {
    const jobs =
      given ??
      createPgBossJobs(app.database, {
        runsWorkers: app.config.role !== 'api',
        logger: app.log,
      });
    defineMailDelivery(jobs, {
      db: app.db,
      mailer: app.mailer,
      retryLimit: app.config.mail.retryLimit,
      retryDelaySeconds: app.config.mail.retryDelaySeconds,
    });
    defineUploadCheck(jobs, { db: app.db, storage: app.storage, logger: app.log });
    defineReminderJobs(jobs, {
      db: app.db,
      config: app.config,
      queueMail: mailQueueOf(jobs),
      logger: app.log,
    });
    defineOverdueInvoicesJob(jobs, {
      db: app.db,
      config: app.config,
      queueMail: mailQueueOf(jobs),
      logger: app.log,
    });
    defineEstimateExpiry(jobs, { db: app.db, logger: app.log });
    defineIdempotencyExpiry(jobs, { db: app.db, logger: app.log });
    defineChatDigestJob(jobs, {
      db: app.db,
      config: app.config,
      queueMail: mailQueueOf(jobs),
      logger: app.log,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.start();
      // One refresh of every matter's stored deadlines per start-up wave (singleton: several
      // processes starting together queue one), so a changed rule table reaches every matter.
      if (jobs.runsWorkers)
        await jobs.enqueue(app.db, refreshAllDeadlinesJob, {}, { singletonKey: refreshAllDeadlinesJob });
    });
    // preClose: before the server and the database close, so a running job can still write.
    app.addHook('preClose', async () => jobs.stop(Math.max(1000, app.config.timeouts.shutdownMs - 1000)));
    done();
  },
  { name: 'jobs', dependencies: ['config', 'database', 'storage', 'mail'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}
