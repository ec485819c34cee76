import fp from 'fastify-plugin';
import { createPgBossJobs, type Jobs } from '../jobs/index.js';
import { defineMailDelivery } from '../mail/index.js';
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
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.start());
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
