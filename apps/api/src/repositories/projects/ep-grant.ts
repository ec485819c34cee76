import {
  CaseType,
  isRefused,
  refuse,
  RegionCode,
  type EpcState,
  type EpGrantBody,
  type EpGrantRead,
  type Refused,
} from '@ipportal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { refreshDeadlines } from '../deadlines/refresh.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { projectScope } from './scope.js';
import { writableProject } from './write-access.js';

/*
 * A granted European patent's validation states and unitary effect (docs/adr/0038). The renewal
 * fees they bring are computed by the deadline rules (domain rules-ep-validation.ts), so a change
 * refreshes the matter's stored deadlines in the same transaction, as a change of its dates does.
 */

interface GrantRow {
  type: number;
  regionCode: number;
  registDate: string | null;
  epValidatedStates: string[];
  epUnitaryEffect: boolean;
}

/** Validations belong to a European patent whose mention of grant is recorded (its registration date). */
const isGrantedEuropeanPatent = (row: GrantRow) =>
  row.regionCode === RegionCode.Europe && row.type === CaseType.Patent && row.registDate !== null;

const readOf = (row: GrantRow): EpGrantRead => ({
  applicable: isGrantedEuropeanPatent(row),
  unitaryEffect: row.epUnitaryEffect,
  validatedStates: row.epValidatedStates as EpcState[],
});

export async function getEpGrant(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<EpGrantRead | Refused<'projectNotFound'>> {
  const [row] = await db
    .select({
      type: projects.type,
      regionCode: projects.regionCode,
      registDate: projects.registDate,
      epValidatedStates: projects.epValidatedStates,
      epUnitaryEffect: projects.epUnitaryEffect,
    })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, projectId)))
    .limit(1);
  return row ? readOf(row) : refuse('projectNotFound');
}

/** Records the validations (in the order of the EPC states list) and refreshes the deadlines they bring. */
export async function updateEpGrant(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: EpGrantBody,
  actor: ActorContext,
): Promise<EpGrantRead | Refused<'projectNotFound' | 'projectDeleted' | 'notGrantedEuropeanPatent'>> {
  return db.transaction(async (tx) => {
    const before = await writableProject(tx, principal, projectId, { lock: 'update' });
    // Only the client side reaches this endpoint, so an office's missing permission never applies.
    if (isRefused(before))
      return before.refused === 'officeEditNotAllowed'
        ? refuse('projectNotFound')
        : (before as Refused<'projectNotFound' | 'projectDeleted'>);
    if (!isGrantedEuropeanPatent(before)) return refuse('notGrantedEuropeanPatent');
    const states = [...body.validatedStates].sort();
    const changes: Record<string, [unknown, unknown]> = {};
    if (before.epUnitaryEffect !== body.unitaryEffect)
      changes.epUnitaryEffect = [before.epUnitaryEffect, body.unitaryEffect];
    if (before.epValidatedStates.join() !== states.join())
      changes.epValidatedStates = [before.epValidatedStates, states];
    if (Object.keys(changes).length === 0) return readOf(before);

    const [after] = await tx
      .update(projects)
      .set({
        epValidatedStates: states,
        epUnitaryEffect: body.unitaryEffect,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
      })
      .where(eq(projects.id, projectId))
      .returning();
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.update',
      entityType: 'project',
      entityId: projectId,
      projectId,
      changes,
      traceId: actor.traceId,
      ip: actor.ip,
    });
    await refreshDeadlines(tx, [projectId]);
    return readOf(after!);
  });
}
