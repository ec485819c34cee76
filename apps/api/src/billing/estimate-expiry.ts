import { japanTimeZone, todayInJapan } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import type { Jobs, JobsLogger } from '../jobs/index.js';
import { recordExpiredDeals } from '../repositories/billing/deals.js';

export const expireEstimatesJob = 'estimates.expire';

export interface ExpireEstimatesData {
  /** The day to look from; today in Japan when the schedule leaves it out (tests name one). */
  today?: string;
}

/**
 * Once a day, just after midnight in Japan: a sent estimate whose validity date has passed gets
 * its `estimate.expire` history entry, once (the status is derived at read time, so nothing else
 * changes; a missed day is caught up by the next run).
 */
export function defineEstimateExpiry(
  jobs: Pick<Jobs, 'define'>,
  deps: { db: Executor; logger: JobsLogger },
): void {
  jobs.define<ExpireEstimatesData>({
    name: expireEstimatesJob,
    retryLimit: 3,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    expireInSeconds: 10 * 60,
    keepFinishedDays: 7,
    cron: { expression: '10 0 * * *', timeZone: japanTimeZone },
    async handler(data) {
      const today = data.today && /^\d{4}-\d{2}-\d{2}$/.test(data.today) ? data.today : todayInJapan();
      let recorded = 0;
      for (
        let batch = await recordExpiredDeals(deps.db, today);
        batch > 0;
        batch = await recordExpiredDeals(deps.db, today)
      )
        recorded += batch;
      if (recorded > 0)
        deps.logger.info({ estimates: { today, expired: recorded } }, `${recorded} estimates expired`);
    },
  });
}
