import { japanTimeZone } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import type { Jobs, JobsLogger } from '../jobs/index.js';
import { deleteExpiredKeys } from './store.js';

export const expireIdempotencyKeysJob = 'idempotency.expire';

export interface ExpireIdempotencyKeysData {
  /** The instant to expire at (ISO); now when the schedule leaves it out (tests name one). */
  now?: string;
}

/**
 * Every hour: idempotency keys past their 24 hours are deleted (a request meanwhile treats an
 * expired key as new anyway; this keeps the table to a day of keys).
 */
export function defineIdempotencyExpiry(
  jobs: Pick<Jobs, 'define'>,
  deps: { db: Executor; logger: JobsLogger },
): void {
  jobs.define<ExpireIdempotencyKeysData>({
    name: expireIdempotencyKeysJob,
    retryLimit: 3,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    expireInSeconds: 10 * 60,
    keepFinishedDays: 2,
    cron: { expression: '17 * * * *', timeZone: japanTimeZone },
    async handler(data) {
      const at = data.now ? new Date(data.now) : new Date();
      const deleted = await deleteExpiredKeys(deps.db, Number.isNaN(at.getTime()) ? new Date() : at);
      if (deleted > 0)
        deps.logger.info({ idempotencyKeys: { deleted } }, `${deleted} idempotency keys expired`);
    },
  });
}
