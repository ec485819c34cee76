import { OrganizationRole, refuse, type ProjectAssignee, type Refused } from '@ipportal/domain';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import type { Publisher } from '../../events/index.js';
import { organizationMembers, projectAssignees, projects, users } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import { membershipOf, type OrganizationActor } from '../organizations.js';
import { projectScope } from './scope.js';

/** The matter's organization fields, when the caller may see the matter. */
async function visibleMatter(db: Executor, principal: Principal, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      organizationId: projects.organizationId,
      ownerUserId: projects.ownerUserId,
      deletedAt: projects.deletedAt,
    })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, projectId)))
    .limit(1);
  return row;
}

/** Assigned members of the matter's organization (the ones an administrator chooses). */
async function assignedMembers(db: Executor, projectId: string, organizationId: string, ownerUserId: string) {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(projectAssignees)
    .innerJoin(users, eq(users.id, projectAssignees.userId))
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.userId, projectAssignees.userId),
        eq(organizationMembers.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(projectAssignees.projectId, projectId),
        eq(organizationMembers.roleCode, OrganizationRole.Member),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((r): ProjectAssignee => ({
    ...r,
    creator: r.userId === ownerUserId,
    administrator: false,
  }));
}

/**
 * Everyone who sees the matter, as `projectScope` decides: the organization's administrators
 * (every matter), then the assigned members. A request's assignee is chosen among these people,
 * so the matter names everyone a request of it may name.
 */
async function assigneesOf(db: Executor, projectId: string, organizationId: string, ownerUserId: string) {
  const administrators = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.roleCode, OrganizationRole.Administrator),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
  return [
    ...administrators.map((r): ProjectAssignee => ({
      ...r,
      creator: r.userId === ownerUserId,
      administrator: true,
    })),
    ...(await assignedMembers(db, projectId, organizationId, ownerUserId)),
  ];
}

/** Who is assigned to a matter the caller sees; a matter outside any organization has none. */
export async function listAssignees(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<ProjectAssignee[] | Refused<'projectNotFound'>> {
  const matter = await visibleMatter(db, principal, projectId);
  if (!matter) return refuse('projectNotFound');
  if (!matter.organizationId) return [];
  return assigneesOf(db, projectId, matter.organizationId, matter.ownerUserId);
}

/**
 * An administrator of the matter's organization sets who of the members is assigned (each id
 * that is not a member's is refused on its index of `userIds`). The member who created the
 * matter stays assigned (members always see the matters they created).
 */
export async function setAssignees(
  db: Executor,
  principal: Principal,
  projectId: string,
  userIds: string[],
  actor: OrganizationActor,
  bus: Publisher,
): Promise<ProjectAssignee[] | Refused> {
  return db.transaction(async (tx): Promise<ProjectAssignee[] | Refused> => {
    const matter = await visibleMatter(tx, principal, projectId);
    if (!matter) return refuse('projectNotFound');
    if (!matter.organizationId) return refuse('notOrganizationMatter');
    const membership = await membershipOf(tx, principal.userId);
    if (
      membership?.organizationId !== matter.organizationId ||
      membership.roleCode !== OrganizationRole.Administrator
    )
      return refuse('notOrganizationAdmin');
    if (matter.deletedAt) return refuse('projectDeleted');
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');

    const members = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, matter.organizationId),
          eq(organizationMembers.roleCode, OrganizationRole.Member),
        ),
      );
    const memberIds = new Set(members.map((m) => m.userId));
    const problems = userIds.flatMap((id, index) =>
      memberIds.has(id) ? [] : [{ path: `userIds.${index}`, refusal: 'assigneeNotMember' as const }],
    );
    if (problems.length > 0) return refuse('assigneeNotMember', { problems });

    const wanted = new Set(userIds);
    if (memberIds.has(matter.ownerUserId)) wanted.add(matter.ownerUserId);
    const before = await assignedMembers(tx, projectId, matter.organizationId, matter.ownerUserId);
    const beforeIds = before.map((a) => a.userId);
    const removed = beforeIds.filter((id) => !wanted.has(id));
    const added = [...wanted].filter((id) => !beforeIds.includes(id));
    if (removed.length > 0 || added.length > 0) {
      // Rows of people who are no longer members (or are administrators now) go too.
      await tx
        .delete(projectAssignees)
        .where(
          and(
            eq(projectAssignees.projectId, projectId),
            wanted.size > 0 ? notInArray(projectAssignees.userId, [...wanted]) : undefined,
          ),
        );
      if (added.length > 0)
        await tx
          .insert(projectAssignees)
          .values(added.map((userId) => ({ projectId, userId, createdBy: actor.userId })))
          .onConflictDoNothing();
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'project.assignees.set',
        entityType: 'project',
        entityId: projectId,
        projectId,
        changes: { assignees: [beforeIds, [...wanted].sort()], added, removed },
        traceId: actor.traceId ?? null,
        ip: actor.ip ?? null,
      });
      // Those unassigned lose the matter's requests: their open subscriptions are checked again.
      if (removed.length > 0) await bus.publish(tx, { topic: 'access.projectChanged', id: projectId });
    }
    return assigneesOf(tx, projectId, matter.organizationId, matter.ownerUserId);
  });
}
