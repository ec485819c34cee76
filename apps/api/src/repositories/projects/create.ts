import { OrganizationRole, type CreateProjectBody, type Project } from '@ipportal/domain';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projectAssignees, projects } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import type { ActorContext } from '../users.js';
import { getProject } from './detail.js';

/** A new matter of the caller (and of their organization, if any); history `project.create`. */
export async function createProject(
  db: Executor,
  principal: Principal,
  body: CreateProjectBody,
  actor: ActorContext,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(projects)
      .values({
        ownerUserId: principal.userId,
        organizationId: principal.organizationId,
        type: body.type,
        refrenceCode: body.refrenceCode,
        regionCode: body.regionCode,
        title: body.title,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error('insert returned no row');
    await assignCreator(tx, principal, row.id);
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.create',
      entityType: 'project',
      entityId: row.id,
      projectId: row.id,
      changes: { ...body },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const created = await getProject(tx, principal, row.id);
    if (!created) throw new Error('created project not readable');
    return created;
  });
}

/**
 * An organization member sees only the matters assigned to them, so the matters they create
 * (or duplicate) are assigned to them. Administrators see every matter and are never listed.
 */
export async function assignCreator(db: Executor, principal: Principal, projectId: string): Promise<void> {
  if (!principal.organizationId || principal.roleInOrganizationCode === OrganizationRole.Administrator)
    return;
  await db
    .insert(projectAssignees)
    .values({ projectId, userId: principal.userId, createdBy: principal.userId })
    .onConflictDoNothing();
}
