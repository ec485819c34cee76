export { createPgBossJobs, type JobsLogger, type PgBossJobsOptions } from './pg-boss-jobs.js';
export type { EnqueueOptions, FailedJob, JobAttempt, JobDefinition, Jobs } from './types.js';
