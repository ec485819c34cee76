import {
  refuse,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
  type Refused,
} from '@ipportal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { SecondFactors } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { organizationMembers, organizations } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import {
  historyOf,
  lockOrganization,
  memberRow,
  refusedAccess,
  toOrganization,
  type OrganizationActor,
} from './organizations.js';

/*
 * An organization's two-factor sign-in (ADR 0034): an administrator resets a member who lost
 * the authenticator, and may require it of every member. Both need an identity provider that
 * tells the portal who has it (the embedded service does, AWS Cognito mode does not).
 */

/**
 * Turns a member's second factor off and ends their sessions (the identity provider's reset,
 * in this transaction), recording who reset whom; the history row's time is when. Administrators
 * only, for a member of their own organization.
 */
export async function resetMemberTwoFactor(
  db: Executor,
  callerId: string,
  organizationId: string,
  userId: string,
  secondFactors: SecondFactors,
  actor: OrganizationActor,
): Promise<{ member: OrganizationMember; sub: string } | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    if (!secondFactors.available) return refuse('twoFactorAdminUnavailable');
    const member = await memberRow(tx, organizationId, userId);
    if (!member) return refuse('memberNotFound');
    if (!(await secondFactors.reset(tx, 'REGULAR', member.sub))) return refuse('twoFactorNotEnabled');
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.member.twoFactorReset',
      entityType: 'organization',
      entityId: organizationId,
      changes: { userId, email: member.email, twoFactorEnabled: [true, false], sessionsEnded: true },
    });
    return {
      sub: member.sub,
      member: {
        status: 'active',
        userId,
        invitationId: null,
        name: member.name,
        email: member.email,
        roleInOrganizationCode: member.roleCode as OrganizationRole,
        since: member.since.toISOString(),
        expiresAt: null,
        mailStatus: null,
        twoFactorEnabled: false,
      },
    };
  });
}

/**
 * Requires two-factor sign-in of every member, or stops requiring it, recorded in the history.
 * Answers the organization and its members' ids, whose cached principals carry the requirement.
 * Turning it on needs an identity provider that tells who has it; turning it off never does.
 */
export async function setTwoFactorRequirement(
  db: Executor,
  callerId: string,
  callerSub: string,
  organizationId: string,
  required: boolean,
  secondFactors: SecondFactors,
  actor: OrganizationActor,
): Promise<{ organization: Organization; memberIds: string[]; changed: boolean } | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    if (required && !secondFactors.available) return refuse('twoFactorAdminUnavailable');
    if (required && !(await secondFactors.isEnabled(tx, 'REGULAR', callerSub)))
      return refuse('setUpTwoFactorFirst');
    await lockOrganization(tx, organizationId);
    const [before] = await tx
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)));
    if (!before) return refuse('organizationNotFound');
    if (before.requireTwoFactor === required)
      return { organization: toOrganization(before), memberIds: [], changed: false };
    const [after] = await tx
      .update(organizations)
      .set({ requireTwoFactor: required, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(organizations.id, organizationId))
      .returning();
    if (!after) return refuse('organizationNotFound');
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.update',
      entityType: 'organization',
      entityId: organizationId,
      changes: { requireTwoFactor: [before.requireTwoFactor, required] },
    });
    const members = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    return { organization: toOrganization(after), memberIds: members.map((m) => m.userId), changed: true };
  });
}
