import { japanTimeZone, todayInJapan } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { portalLinkFromConfig } from '../http/portal-link.js';
import type { Jobs, JobsLogger } from '../jobs/index.js';
import type { MailBatchQueue } from '../mail/outbox.js';
import { refreshLapsedMatters } from '../repositories/deadlines/lapse-refresh.js';
import { refreshDeadlines } from '../repositories/deadlines/refresh.js';
import { planReminders } from './plan.js';

export const planRemindersJob = 'reminders.plan';
export const refreshAllDeadlinesJob = 'deadlines.refresh-all';

export interface PlanRemindersData {
  /**
   * The day to plan for; the schedule leaves it out and today in Japan is used. Naming a day lets
   * an operator re-run a missed day, and the tests move the clock.
   */
  today?: string;
}

export interface ReminderJobDeps {
  db: Executor;
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>;
  queueMail: MailBatchQueue;
  logger: JobsLogger;
}

/**
 * Reminder planning every hour (Japan time; each run is idempotent, so a date changed during
 * the day is planned within the hour), and a refresh of every matter's stored deadlines at
 * start-up, so a new rule table reaches matters nobody edits.
 */
export function defineReminderJobs(jobs: Pick<Jobs, 'define'>, deps: ReminderJobDeps): void {
  jobs.define<PlanRemindersData>({
    name: planRemindersJob,
    retryLimit: 5,
    retryDelaySeconds: 30,
    heartbeatSeconds: 30,
    expireInSeconds: 15 * 60,
    keepFinishedDays: 7,
    cron: { expression: '5 * * * *', timeZone: japanTimeZone },
    async handler(data) {
      const today = data.today && /^\d{4}-\d{2}-\d{2}$/.test(data.today) ? data.today : todayInJapan();
      // A right that lapsed since the last run gets no more reminders for its later years. Judged
      // on the real day even when an earlier day is planned again: a replay must not revive it.
      await refreshLapsedMatters(deps.db, todayInJapan());
      const result = await planReminders(deps.db, {
        today,
        link: (path) => portalLinkFromConfig(deps.config, path),
        queueMail: deps.queueMail,
      });
      if (result.planned > 0 || result.digests > 0)
        deps.logger.info(
          { reminders: { today, ...result } },
          `planned ${result.planned} reminders for ${today}`,
        );
    },
  });
  jobs.define<Record<string, never>>({
    name: refreshAllDeadlinesJob,
    retryLimit: 3,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    expireInSeconds: 60 * 60,
    keepFinishedDays: 7,
    async handler() {
      const result: unknown = await deps.db.execute(sql`select id from projects where deleted_at is null`);
      // postgres-js returns the rows, PGlite an object holding them.
      const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        id: string;
      }[];
      const changed = await refreshDeadlines(
        deps.db,
        list.map((row) => row.id),
      );
      deps.logger.info(
        { deadlines: { matters: list.length, changed: changed.length } },
        'stored deadlines refreshed',
      );
    },
  });
}
