import { refuse, type Refused } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import type { Publisher } from '../../events/index.js';
import { projects } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { projectScope } from './scope.js';

/**
 * Moves a matter to the deleted tab; deleting a deleted matter answers its first deletion. The
 * realtime socket hears of it (`access.projectChanged`).
 */
export async function softDeleteProject(
  db: Executor,
  principal: Principal,
  id: string,
  actor: ActorContext,
  bus: Publisher,
): Promise<{ id: string; deletedAt: string } | Refused<'projectNotFound'>> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: projects.id, deletedAt: projects.deletedAt })
      .from(projects)
      .where(and(projectScope(principal), eq(projects.id, id)))
      .limit(1)
      .for('update');
    if (!before) return refuse('projectNotFound');
    if (before.deletedAt) return { id, deletedAt: before.deletedAt.toISOString() };
    const now = new Date();
    await tx
      .update(projects)
      .set({ deletedAt: now, deletedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
      .where(eq(projects.id, id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.delete',
      entityType: 'project',
      entityId: id,
      projectId: id,
      traceId: actor.traceId,
      ip: actor.ip,
    });
    // No one reads a deleted matter's requests any more: their open subscriptions end.
    await bus.publish(tx, { topic: 'access.projectChanged', id });
    return { id, deletedAt: now.toISOString() };
  });
}
