import {
  OrganizationRole,
  refuse,
  type CreateOrganizationBody,
  type InvitationMailStatus,
  type Organization,
  type OrganizationMember,
  type Refused,
  type UpdateOrganizationBody,
} from '@ipportal/domain';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SecondFactors } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import {
  mailOutbox,
  organizationInvitations,
  organizationMembers,
  organizations,
  projectAssignees,
  projects,
  users,
} from '../db/schema/index.js';
import type { MailOutboxStatus } from '../db/schema/index.js';
import { diff, recordHistory } from './history.js';

/** Who acts, for history (structurally the same as users.ts' ActorContext; no import, no cycle). */
export interface OrganizationActor {
  userId: string | null;
  traceId?: string | undefined;
  ip?: string | undefined;
}

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    representativeName: row.representativeName,
    requireTwoFactor: row.requireTwoFactor,
    createDate: row.createdAt.toISOString(),
    updateDate: row.updatedAt.toISOString(),
  };
}

export function historyOf(actor: OrganizationActor) {
  return { actorUserId: actor.userId, traceId: actor.traceId ?? null, ip: actor.ip ?? null };
}

/** The caller's membership, read from the database (never from a cached principal). */
export async function membershipOf(
  db: Executor,
  userId: string,
): Promise<{ organizationId: string; roleCode: number } | undefined> {
  const [row] = await db
    .select({ organizationId: organizationMembers.organizationId, roleCode: organizationMembers.roleCode })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .limit(1);
  return row;
}

export type Access = 'admin' | 'member';

/**
 * Why the caller may not act on an organization, or undefined when they may: a non-member gets
 * organizationNotFound (they learn nothing about other organizations), a member gets
 * notOrganizationAdmin for what only administrators do.
 */
export async function refusedAccess(
  db: Executor,
  callerId: string,
  organizationId: string,
  needed: Access,
): Promise<Refused<'organizationNotFound' | 'notOrganizationAdmin'> | undefined> {
  const membership = await membershipOf(db, callerId);
  if (!membership || membership.organizationId !== organizationId) return refuse('organizationNotFound');
  if (needed === 'admin' && membership.roleCode !== OrganizationRole.Administrator)
    return refuse('notOrganizationAdmin');
  return undefined;
}

/** A live organization by id, whoever asks. */
export async function findOrganization(db: Executor, id: string): Promise<Organization | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .limit(1);
  return row ? toOrganization(row) : undefined;
}

/** The caller's organization; its members and administrators may read it. */
export async function getOrganization(
  db: Executor,
  callerId: string,
  organizationId: string,
): Promise<Organization | Refused> {
  const denied = await refusedAccess(db, callerId, organizationId, 'member');
  if (denied) return denied;
  return (await findOrganization(db, organizationId)) ?? refuse('organizationNotFound');
}

/**
 * Adds a user to an organization. Matters the user registered on their own (no organization)
 * move into it, and a member is assigned to them, so they keep seeing their own work; an
 * administrator sees every matter of the organization anyway.
 */
export async function joinOrganization(
  tx: Executor,
  input: { organizationId: string; userId: string; roleCode: OrganizationRole; via: string },
  actor: OrganizationActor,
): Promise<void> {
  const now = new Date();
  await tx.insert(organizationMembers).values({
    organizationId: input.organizationId,
    userId: input.userId,
    roleCode: input.roleCode,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  });
  await recordHistory(tx, {
    ...historyOf(actor),
    action: 'organization.member.add',
    entityType: 'organization',
    entityId: input.organizationId,
    changes: { userId: input.userId, roleInOrganizationCode: input.roleCode, via: input.via },
  });
  const moved = await tx
    .update(projects)
    .set({ organizationId: input.organizationId, updatedAt: now, updatedBy: actor.userId })
    .where(and(eq(projects.ownerUserId, input.userId), isNull(projects.organizationId)))
    .returning({ id: projects.id });
  for (const { id } of moved) {
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'project.organization.set',
      entityType: 'project',
      entityId: id,
      projectId: id,
      changes: { organizationId: [null, input.organizationId] },
    });
  }
  if (input.roleCode === OrganizationRole.Member && moved.length > 0) {
    await tx
      .insert(projectAssignees)
      .values(moved.map(({ id }) => ({ projectId: id, userId: input.userId, createdBy: actor.userId })))
      .onConflictDoNothing();
  }
}

/** A new organization whose creator becomes its administrator; one organization per user. */
export async function createOrganization(
  db: Executor,
  userId: string,
  body: CreateOrganizationBody,
  actor: OrganizationActor,
): Promise<Organization | Refused<'alreadyInOrganization'>> {
  return db.transaction(async (tx) => {
    // Lock the user's row: two concurrent creates by one user must not both pass the check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await membershipOf(tx, userId)) return refuse('alreadyInOrganization');
    const now = new Date();
    const [row] = await tx
      .insert(organizations)
      .values({
        name: body.name,
        representativeName: body.representativeName,
        createdAt: now,
        updatedAt: now,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    if (!row) throw new Error('insert returned no organization');
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.create',
      entityType: 'organization',
      entityId: row.id,
      changes: { ...body },
    });
    await joinOrganization(
      tx,
      { organizationId: row.id, userId, roleCode: OrganizationRole.Administrator, via: 'create' },
      actor,
    );
    return toOrganization(row);
  });
}

/** Renames the organization or changes its representative (administrators). */
export async function updateOrganization(
  db: Executor,
  callerId: string,
  id: string,
  body: UpdateOrganizationBody,
  actor: OrganizationActor,
): Promise<Organization | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, id, 'admin');
    if (denied) return denied;
    const [before] = await tx
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
      .for('update');
    if (!before) return refuse('organizationNotFound');
    const changes = diff(before as unknown as Record<string, unknown>, body as Record<string, unknown>);
    if (Object.keys(changes).length === 0) return toOrganization(before);
    const [after] = await tx
      .update(organizations)
      .set({ ...body, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(organizations.id, id))
      .returning();
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.update',
      entityType: 'organization',
      entityId: id,
      changes,
    });
    return after ? toOrganization(after) : refuse('organizationNotFound');
  });
}

/**
 * Members (administrators first, then by name) followed by pending, unexpired invitations; for
 * administrators. Each member's two-factor state comes from the identity provider, when it tells.
 */
export async function listMembers(
  db: Executor,
  callerId: string,
  organizationId: string,
  secondFactors: SecondFactors,
): Promise<OrganizationMember[] | Refused> {
  const denied = await refusedAccess(db, callerId, organizationId, 'admin');
  if (denied) return denied;
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: users.id,
        sub: users.identitySub,
        name: users.name,
        email: users.email,
        roleCode: organizationMembers.roleCode,
        since: organizationMembers.createdAt,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, organizationId))
      .orderBy(asc(organizationMembers.roleCode), asc(users.name), asc(users.email)),
    db
      .select({
        id: organizationInvitations.id,
        email: organizationInvitations.email,
        roleCode: organizationInvitations.roleCode,
        createdAt: organizationInvitations.createdAt,
        expiresAt: organizationInvitations.expiresAt,
        // The invitation's mail (one per invitation; see inviteMember), newest first to be safe.
        // Aliased: Drizzle leaves columns unqualified in a one-table select, which a correlated
        // subquery would resolve against its own table.
        mailStatus: sql<MailOutboxStatus | null>`(
          select mo.status from ${mailOutbox} mo
          where mo.reference = 'invitation:' || ${organizationInvitations}.id
          order by mo.created_at desc limit 1)`,
      })
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, organizationId),
          eq(organizationInvitations.status, 'pending'),
          gt(organizationInvitations.expiresAt, new Date()),
        ),
      )
      .orderBy(asc(organizationInvitations.createdAt)),
  ]);
  const withTwoFactor = secondFactors.available
    ? await secondFactors.enabledAmong(
        db,
        'REGULAR',
        members.map((m) => m.sub),
      )
    : null;
  return [
    ...members.map((m): OrganizationMember => ({
      status: 'active',
      userId: m.userId,
      invitationId: null,
      name: m.name,
      email: m.email,
      roleInOrganizationCode: m.roleCode as OrganizationRole,
      since: m.since.toISOString(),
      expiresAt: null,
      mailStatus: null,
      twoFactorEnabled: withTwoFactor ? withTwoFactor.has(m.sub) : null,
    })),
    ...invitations.map((i): OrganizationMember => ({
      status: 'invited',
      userId: null,
      invitationId: i.id,
      name: '',
      email: i.email,
      roleInOrganizationCode: i.roleCode as OrganizationRole,
      since: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      mailStatus: invitationMailStatus(i.mailStatus),
      twoFactorEnabled: null,
    })),
  ];
}

/**
 * A mail being tried is still on its way for the administrator. No outbox row: an invitation
 * made before the outbox, whose mail was sent before the invitation was kept.
 */
function invitationMailStatus(status: MailOutboxStatus | null): InvitationMailStatus {
  if (status === null) return 'sent';
  return status === 'sending' ? 'queued' : status;
}

/**
 * Locks the organization row: every change to its administrators runs one at a time, so two
 * administrators demoting each other at once cannot leave the organization without one.
 */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

async function administratorCount(tx: Executor, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.roleCode, OrganizationRole.Administrator),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function memberRow(tx: Executor, organizationId: string, userId: string) {
  const [row] = await tx
    .select({
      id: organizationMembers.id,
      roleCode: organizationMembers.roleCode,
      since: organizationMembers.createdAt,
      sub: users.identitySub,
      name: users.name,
      email: users.email,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    )
    .limit(1);
  return row;
}

/**
 * Changes a member's role. A new administrator's assignment rows go (administrators see every
 * matter and are not listed as assignees); a former administrator is assigned to the matters
 * they created, which members always see. Administrators only; the last one stays.
 */
export async function changeMemberRole(
  db: Executor,
  callerId: string,
  organizationId: string,
  userId: string,
  roleCode: OrganizationRole,
  actor: OrganizationActor,
): Promise<OrganizationMember | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    await lockOrganization(tx, organizationId);
    const before = await memberRow(tx, organizationId, userId);
    if (!before) return refuse('memberNotFound');
    if (before.roleCode !== roleCode) {
      if (
        before.roleCode === OrganizationRole.Administrator &&
        (await administratorCount(tx, organizationId)) <= 1
      )
        return refuse('lastAdministrator');
      await tx
        .update(organizationMembers)
        .set({ roleCode, updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(organizationMembers.id, before.id));
      const orgMatters = tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.organizationId, organizationId));
      if (roleCode === OrganizationRole.Administrator) {
        await tx
          .delete(projectAssignees)
          .where(and(eq(projectAssignees.userId, userId), inArray(projectAssignees.projectId, orgMatters)));
      } else {
        const created = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.organizationId, organizationId), eq(projects.ownerUserId, userId)));
        if (created.length > 0)
          await tx
            .insert(projectAssignees)
            .values(created.map(({ id }) => ({ projectId: id, userId, createdBy: actor.userId })))
            .onConflictDoNothing();
      }
      await recordHistory(tx, {
        ...historyOf(actor),
        action: 'organization.member.role',
        entityType: 'organization',
        entityId: organizationId,
        changes: { userId, roleInOrganizationCode: [before.roleCode, roleCode] },
      });
    }
    return {
      status: 'active',
      userId,
      invitationId: null,
      name: before.name,
      email: before.email,
      roleInOrganizationCode: roleCode,
      since: before.since.toISOString(),
      expiresAt: null,
      mailStatus: null,
      // A role change answers the row without asking the identity provider; the list tells.
      twoFactorEnabled: null,
    };
  });
}

/**
 * Removes a member: their assignments end; the matters they created stay with the organization
 * (and out of their sight: without an organization a user sees only matters outside any).
 * Administrators only; the last one stays.
 */
export async function removeMember(
  db: Executor,
  callerId: string,
  organizationId: string,
  userId: string,
  actor: OrganizationActor,
): Promise<{ userId: string } | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    await lockOrganization(tx, organizationId);
    const before = await memberRow(tx, organizationId, userId);
    if (!before) return refuse('memberNotFound');
    if (
      before.roleCode === OrganizationRole.Administrator &&
      (await administratorCount(tx, organizationId)) <= 1
    )
      return refuse('lastAdministrator');
    const orgMatters = tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.organizationId, organizationId));
    const ended = await tx
      .delete(projectAssignees)
      .where(and(eq(projectAssignees.userId, userId), inArray(projectAssignees.projectId, orgMatters)))
      .returning({ projectId: projectAssignees.projectId });
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, before.id));
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.member.remove',
      entityType: 'organization',
      entityId: organizationId,
      changes: {
        userId,
        roleInOrganizationCode: before.roleCode,
        endedAssignments: ended.map((e) => e.projectId),
      },
    });
    return { userId };
  });
}
