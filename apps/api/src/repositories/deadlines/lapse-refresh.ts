import { lapsingRuleIds, restorationRuleIds } from '@ipportal/domain';
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deadlines } from '../../db/schema/index.js';
import { refreshDeadlines } from './refresh.js';

/**
 * Refreshes the matters whose stored deadlines the passing of time has changed since their last
 * refresh: a yearly payment whose late period ended unpaid (the right has lapsed, docs/adr/0036),
 * or a restoration window that ended unused. Nothing else a rule computes changes with the day, so
 * the reminder planner runs this before it plans, and a lapse reaches /terms, the calendar and the
 * reminders within the hour. Returns the matters refreshed.
 */
export async function refreshLapsedMatters(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .select({ projectId: deadlines.projectId })
    .from(deadlines)
    .where(
      and(
        isNull(deadlines.removedAt),
        isNull(deadlines.closedHow),
        sql`${deadlines.origin} = 'rule'`,
        inArray(deadlines.ruleId, [...lapsingRuleIds, ...restorationRuleIds]),
        lt(sql`coalesce(${deadlines.lateUntil}, ${deadlines.date})`, today),
      ),
    )
    .groupBy(deadlines.projectId);
  const projectIds = rows.map((row) => row.projectId);
  if (projectIds.length > 0) await refreshDeadlines(db, projectIds, today);
  return projectIds;
}
