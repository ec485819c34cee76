import type { Executor } from '../db/client.js';

/**
 * A kind of background job: its queue's retry policy and its handler. Handlers must be
 * idempotent: a job runs at least once (a worker that dies mid-job has it run again elsewhere).
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Retries after the first failure, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A worker that stops beating for this long is taken for dead and its job retried. Minimum 10.
   * Keep it short for quick jobs: it is how a job survives a killed process.
   */
  heartbeatSeconds: number;
  /** How long one attempt may take before it counts as failed. */
  expireInSeconds: number;
  /**
   * How long a finished job (completed or failed) is kept, and with it a failure's report
   * (`jobs failed`). Default 30 days.
   */
  keepFinishedDays?: number;
  /**
   * Run on a schedule as well (worker processes register it; pg-boss fires each tick once across
   * all of them): a cron expression in the given time zone, with empty data.
   */
  cron?: { expression: string; timeZone: string };
  handler: (data: Data, attempt: JobAttempt) => Promise<void>;
}

export interface JobAttempt {
  jobId: string;
  /** 0 on the first run, then 1, 2, ... */
  retryCount: number;
  /** True when a failure now would not be retried. */
  isLastAttempt: boolean;
}

export interface EnqueueOptions {
  /** Only one job per key waiting or running (a second enqueue with the key is dropped). */
  singletonKey?: string;
  startAfter?: Date;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

export interface Jobs {
  /** Whether this process runs workers (role `worker` or `all`). */
  readonly runsWorkers: boolean;
  define<Data extends object>(definition: JobDefinition<Data>): void;
  /**
   * Adds a job through `executor`: inside a transaction it exists only if that commits.
   * Returns the job id, or null when a singleton key dropped it.
   */
  enqueue<Data extends object>(
    executor: Executor,
    name: string,
    data: Data,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Adds one job per item of `data`, in one statement through `executor` (as `enqueue` without
   * options): for a job that queues thousands at once, such as a day's reminder mails.
   */
  enqueueMany<Data extends object>(executor: Executor, name: string, data: readonly Data[]): Promise<void>;
  /** Jobs whose retries are used up, newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Queues a failed job again. */
  retry(name: string, id: string): Promise<void>;
  /** Creates the queues and, for a worker, starts taking jobs. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish up to `timeoutMs`, then hands the rest back. */
  stop(timeoutMs: number): Promise<void>;
}
