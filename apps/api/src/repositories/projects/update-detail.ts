import { isRefused, type PatchProjectBody, type ProjectDetail, type Refused } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { refreshDeadlines } from '../deadlines/refresh.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import {
  normalizeApplicant,
  normalizeClaim,
  toApplicant,
  toPriorityClaim,
  type Column,
  type ProjectRow,
} from './columns.js';
import { readBack } from './detail.js';
import { childRows, replaceApplicants, replacePriorityClaims } from './parties.js';
import { planDetailUpdate, sameValue } from './update-detail-rules.js';
import { editorOf, writableProject } from './write-access.js';

/**
 * PATCH of a matter: list-level fields and/or detail groups (arrays replaced whole), checked by
 * the rules of `planDetailUpdate`, in one transaction with one history entry
 * `{ "<group>.<field>" | field: [before, after] }`; nothing is recorded when nothing changes.
 * Offices (PATENT) may edit only when the matter allows it. Answers the detail as it is now.
 */
export async function updateProjectDetail(
  db: Executor,
  principal: Principal,
  id: string,
  body: PatchProjectBody,
  actor: ActorContext,
): Promise<ProjectDetail | Refused> {
  return db.transaction(async (tx): Promise<ProjectDetail | Refused> => {
    const before = await writableProject(tx, principal, id, { lock: 'update' });
    if (isRefused(before)) return before;
    const plan = planDetailUpdate(before, body, editorOf(principal));
    if (isRefused(plan)) return plan;

    const changes: Record<string, [unknown, unknown]> = {};
    for (const [column, value] of Object.entries(plan.set) as [Column, unknown][]) {
      if (!sameValue(before[column], value)) changes[plan.paths[column]!] = [before[column] ?? null, value];
    }
    const [parties, claims] = await childRows(tx, id);
    if (body.applicants) {
      const previous = parties.map(toApplicant).map(normalizeApplicant);
      const next = body.applicants.map(normalizeApplicant);
      if (!sameValue(previous, next)) {
        changes.applicants = [previous, next];
        await replaceApplicants(tx, id, next, actor.userId);
      }
    }
    if (body.priorityClaims) {
      const previous = claims.map(toPriorityClaim).map(normalizeClaim);
      const next = body.priorityClaims.map(normalizeClaim);
      if (!sameValue(previous, next)) {
        changes.priorityClaims = [previous, next];
        await replacePriorityClaims(tx, id, next, actor.userId);
      }
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .update(projects)
        .set({ ...(plan.set as Partial<ProjectRow>), updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(projects.id, id));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'project.update',
        entityType: 'project',
        entityId: id,
        projectId: id,
        changes,
        traceId: actor.traceId,
        ip: actor.ip,
      });
      // The stored deadlines follow the dates in the same transaction (docs/adr/0011).
      await refreshDeadlines(tx, [id]);
    }
    return readBack(tx, principal, id);
  });
}
