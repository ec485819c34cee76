import { isRefused, type Project, type Refused } from '@ipportal/domain';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { toProject } from './columns.js';
import { listColumnsFor, projectScope } from './scope.js';
import { writableProject } from './write-access.js';

/**
 * Sets the family name of a matter, or with `allOfFamily` renames its family: every live matter
 * the caller can see (and so change: only REGULAR users reach this) whose family name is this
 * matter's current one gets the new name. Matters outside the caller's view keep theirs. One
 * transaction; each changed matter gets its own history entry `{ family: [before, after] }`, as a
 * PATCH of the name would. Answers the changed matters, the requested one first.
 */
export async function renameProjectFamily(
  db: Executor,
  principal: Principal,
  id: string,
  input: { family: string | null; allOfFamily: boolean },
  actor: ActorContext,
): Promise<Project[] | Refused> {
  return db.transaction(async (tx): Promise<Project[] | Refused> => {
    const row = await writableProject(tx, principal, id, { lock: 'update' });
    if (isRefused(row)) return row;
    const current = row.family;
    const ids = [id];
    if (input.allOfFamily && current !== null) {
      const others = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            projectScope(principal),
            eq(projects.family, current),
            isNull(projects.deletedAt),
            ne(projects.id, id),
          ),
        )
        .orderBy(asc(projects.id))
        // Row locks in one order, so two renames of one family cannot deadlock.
        .for('update');
      ids.push(...others.map((other) => other.id));
    }
    if (current !== input.family) {
      await tx
        .update(projects)
        .set({ family: input.family, updatedAt: new Date(), updatedBy: actor.userId })
        .where(inArray(projects.id, ids));
      for (const changed of ids) {
        await recordHistory(tx, {
          actorUserId: actor.userId,
          action: 'project.update',
          entityType: 'project',
          entityId: changed,
          projectId: changed,
          changes: { family: [current, input.family] },
          traceId: actor.traceId,
          ip: actor.ip,
        });
      }
    }
    const rows = await tx.select(listColumnsFor(principal)).from(projects).where(inArray(projects.id, ids));
    return rows.map(toProject).sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : 0));
  });
}
