import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { deadlineStates, deadlines, projects, requests, terms } from '../../db/schema/index.js';
import { projectScope } from '../projects/scope.js';
import type { FeedItem } from './ics.js';
import { effectiveState, liveDeadline } from './read.js';

/**
 * Every live deadline of the caller's live matters, for the calendar feed: only the columns an
 * event shows, and only the joins that decide which deadlines those are and their state. The
 * feed has every deadline at once (30,000 for a portfolio of 10,000 matters); the full item of
 * /terms, with the names of who decided and who confirmed, cost as much again to read and map.
 */
export async function feedDeadlines(db: Executor, principal: Principal): Promise<FeedItem[]> {
  return db
    .select({
      projectId: deadlines.projectId,
      key: deadlines.key,
      refrenceCode: projects.refrenceCode,
      origin: deadlines.origin,
      nameKey: deadlines.nameKey,
      name: deadlines.name,
      date: deadlines.date,
      plainDate: deadlines.plainDate,
      state: effectiveState,
      revision: deadlines.revision,
    })
    .from(deadlines)
    .innerJoin(projects, eq(projects.id, deadlines.projectId))
    .leftJoin(requests, eq(requests.id, deadlines.requestId))
    .leftJoin(terms, eq(terms.id, deadlines.termId))
    .leftJoin(
      deadlineStates,
      and(eq(deadlineStates.projectId, deadlines.projectId), eq(deadlineStates.key, deadlines.key)),
    )
    .where(and(projectScope(principal), liveDeadline))
    .orderBy(asc(deadlines.date), asc(deadlines.projectId), asc(deadlines.key));
}
