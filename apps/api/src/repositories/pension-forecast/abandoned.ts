import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { forecastAbandonedMatters } from '../../db/schema/index.js';
import { ownedBy, type ForecastOwner } from './owner.js';

/** The matters the owner's forecast marks "to be abandoned". */
export async function selectAbandoned(db: Executor, owner: ForecastOwner): Promise<Set<string>> {
  const rows = await db
    .select({ projectId: forecastAbandonedMatters.projectId })
    .from(forecastAbandonedMatters)
    .where(ownedBy(forecastAbandonedMatters, owner));
  return new Set(rows.map((row) => row.projectId));
}

/** Marks the matters "to be abandoned" in the owner's forecast, or takes the mark back. */
export async function writeAbandoned(
  db: Executor,
  owner: ForecastOwner,
  projectIds: readonly string[],
  abandoned: boolean,
  userId: string,
): Promise<void> {
  if (!abandoned) {
    await db
      .delete(forecastAbandonedMatters)
      .where(
        and(
          ownedBy(forecastAbandonedMatters, owner),
          inArray(forecastAbandonedMatters.projectId, [...projectIds]),
        ),
      );
    return;
  }
  await db
    .insert(forecastAbandonedMatters)
    .values(projectIds.map((projectId) => ({ ...owner, projectId, createdBy: userId })))
    .onConflictDoNothing();
}
