import { createHash, randomBytes } from 'node:crypto';
import {
  refuse,
  type InvitationPreview,
  type Locale,
  type OrganizationMember,
  type OrganizationRole,
  type Refused,
} from '@ipportal/domain';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { organizationInvitations, organizations, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import {
  findOrganization,
  joinOrganization,
  membershipOf,
  refusedAccess,
  type OrganizationActor,
} from './organizations.js';

/** How long an invitation link works. */
export const invitationTtlMs = 14 * 24 * 60 * 60 * 1000;

/** Stored hashed (like identity codes): the database alone never yields a working link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

function historyOf(actor: OrganizationActor) {
  return { actorUserId: actor.userId, traceId: actor.traceId ?? null, ip: actor.ip ?? null };
}

export interface CreatedInvitation {
  id: string;
  member: OrganizationMember;
  /** The raw token for the mail's link; never stored. */
  token: string;
  /** The mail's language: the invitee's saved language when they have an account, else the chosen one. */
  locale: Locale;
  organizationName: string;
}

/** What a screen uses to find the mail of an invitation in the outbox (`mail_outbox.reference`). */
export const invitationMailReference = (invitationId: string) => `invitation:${invitationId}`;

/**
 * Records an invitation to an email address (pending, with its `organization.invitation.create`
 * history), in the caller's transaction, which also queues its mail (use-cases/invite-member.ts).
 * Earlier pending invitations to the address stop working in that transaction too (history
 * reason `replaced`), so "invite again" is how an administrator resends one, a failed mail
 * included. An address that is already a member is refused before anything is written.
 */
export async function recordInvitation(
  tx: Executor,
  organizationId: string,
  input: { email: string; roleCode: OrganizationRole; locale: Locale },
  actor: OrganizationActor,
): Promise<CreatedInvitation | Refused<'alreadyMember'>> {
  const email = normalizeEmail(input.email);
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw new Error(`organization ${organizationId} missing`);
  const accounts = await tx
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(and(eq(users.userType, 'REGULAR'), eq(users.email, email)));
  for (const account of accounts) {
    const membership = await membershipOf(tx, account.id);
    if (membership?.organizationId === organizationId) return refuse('alreadyMember');
  }
  const token = randomBytes(32).toString('base64url');
  const locale = accounts[0]?.locale ?? input.locale;
  const now = new Date();
  const [row] = await tx
    .insert(organizationInvitations)
    .values({
      organizationId,
      email,
      roleCode: input.roleCode,
      locale,
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(now.getTime() + invitationTtlMs),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('insert returned no invitation');
  await recordHistory(tx, {
    ...historyOf(actor),
    action: 'organization.invitation.create',
    entityType: 'organization',
    entityId: organizationId,
    changes: { invitationId: row.id, email, roleInOrganizationCode: input.roleCode, locale },
  });
  const invitation: CreatedInvitation = {
    id: row.id,
    token,
    locale,
    organizationName: organization.name,
    member: {
      status: 'invited',
      userId: null,
      invitationId: row.id,
      name: '',
      email,
      roleInOrganizationCode: input.roleCode,
      since: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      mailStatus: 'queued',
      twoFactorEnabled: null,
    },
  };
  await supersedeInvitations(tx, organizationId, invitation.member, actor);
  return invitation;
}

/**
 * Every other pending invitation to the same address is revoked (its link stops working; history
 * reason `replaced`). Runs in `recordInvitation`'s transaction, which holds the organization's row
 * lock: invitations of one organization are made one at a time, so the other ones are older.
 */
async function supersedeInvitations(
  tx: Executor,
  organizationId: string,
  invitation: OrganizationMember,
  actor: OrganizationActor,
): Promise<void> {
  const { invitationId, email } = invitation;
  if (!invitationId) throw new Error('an invitation without an id');
  const replaced = await tx
    .update(organizationInvitations)
    .set({ status: 'revoked', updatedAt: new Date(), updatedBy: actor.userId })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.email, email),
        eq(organizationInvitations.status, 'pending'),
        ne(organizationInvitations.id, invitationId),
      ),
    )
    .returning({ id: organizationInvitations.id });
  for (const { id } of replaced) {
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.invitation.revoke',
      entityType: 'organization',
      entityId: organizationId,
      changes: { invitationId: id, email, reason: 'replaced' },
    });
  }
}

/** Revokes a pending invitation of the organization (administrators); its link stops working. */
export async function revokeInvitation(
  db: Executor,
  callerId: string,
  organizationId: string,
  invitationId: string,
  actor: OrganizationActor,
): Promise<{ id: string } | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    const [row] = await tx
      .update(organizationInvitations)
      .set({ status: 'revoked', updatedAt: new Date(), updatedBy: actor.userId })
      .where(
        and(
          eq(organizationInvitations.id, invitationId),
          eq(organizationInvitations.organizationId, organizationId),
          eq(organizationInvitations.status, 'pending'),
        ),
      )
      .returning({ email: organizationInvitations.email });
    if (!row) return refuse('invitationNotFound');
    await recordHistory(tx, {
      ...historyOf(actor),
      action: 'organization.invitation.revoke',
      entityType: 'organization',
      entityId: organizationId,
      changes: { invitationId, email: row.email },
    });
    return { id: invitationId };
  });
}

async function invitationByToken(db: Executor, token: string) {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row;
}

type InvitationRow = typeof organizationInvitations.$inferSelect;

function stateOf(row: InvitationRow, now = new Date()): InvitationPreview['state'] {
  if (row.status === 'pending' && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** What the invitation page shows. */
export async function inspectInvitation(
  db: Executor,
  caller: { userId: string; email: string },
  token: string,
): Promise<InvitationPreview | Refused<'invitationNotFound'>> {
  const row = await invitationByToken(db, token);
  if (!row) return refuse('invitationNotFound');
  const organization = await findOrganization(db, row.organizationId);
  if (!organization) return refuse('invitationNotFound');
  return {
    organizationName: organization.name,
    email: row.email,
    roleInOrganizationCode: row.roleCode as OrganizationRole,
    state: stateOf(row),
    acceptedByYou: row.acceptedUserId === caller.userId,
    forYou: normalizeEmail(caller.email) === row.email,
    expiresAt: row.expiresAt.toISOString(),
  };
}

async function accept(
  tx: Executor,
  row: InvitationRow,
  userId: string,
  via: string,
  actor: OrganizationActor,
): Promise<void> {
  const now = new Date();
  await tx
    .update(organizationInvitations)
    .set({ status: 'accepted', acceptedAt: now, acceptedUserId: userId, updatedAt: now, updatedBy: userId })
    .where(eq(organizationInvitations.id, row.id));
  await recordHistory(tx, {
    ...historyOf(actor),
    action: 'organization.invitation.accept',
    entityType: 'organization',
    entityId: row.organizationId,
    changes: { invitationId: row.id, userId, via },
  });
  await joinOrganization(
    tx,
    { organizationId: row.organizationId, userId, roleCode: row.roleCode as OrganizationRole, via },
    actor,
  );
}

/**
 * Accepts an invitation by its link: the caller joins its organization. The signed-in user's
 * (verified) email must be the invited one: a forwarded link does not let someone else in.
 * Accepting one's own accepted invitation again succeeds without a change.
 */
export async function joinByInvitation(
  db: Executor,
  caller: { userId: string; email: string },
  token: string,
  actor: OrganizationActor,
): Promise<{ organizationId: string } | Refused> {
  return db.transaction(async (tx) => {
    const found = await invitationByToken(tx, token);
    if (!found) return refuse('invitationNotFound');
    const [row] = await tx
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, found.id))
      .for('update');
    if (!row) return refuse('invitationNotFound');
    if (row.status === 'accepted' && row.acceptedUserId === caller.userId)
      return { organizationId: row.organizationId };
    if (row.status !== 'pending') return refuse('invitationNotPending');
    if (row.expiresAt <= new Date()) return refuse('invitationExpired');
    if (normalizeEmail(caller.email) !== row.email) return refuse('invitationForAnotherEmail');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
    if (await membershipOf(tx, caller.userId)) return refuse('alreadyInOrganization');
    await accept(tx, row, caller.userId, 'link', actor);
    return { organizationId: row.organizationId };
  });
}

/**
 * Called when a REGULAR user's row is created (first sign-in after sign-up): with a verified
 * email that has a pending invitation, the user joins at once (the newest invitation wins).
 */
export async function joinByPendingInvitation(
  tx: Executor,
  user: { userId: string; email: string },
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(
      and(
        eq(organizationInvitations.email, normalizeEmail(user.email)),
        eq(organizationInvitations.status, 'pending'),
        gt(organizationInvitations.expiresAt, new Date()),
        isNull(organizations.deletedAt),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt))
    .limit(1)
    .for('update', { of: organizationInvitations });
  if (!row) return false;
  await accept(tx, row.organization_invitations, user.userId, 'signup', { userId: user.userId });
  return true;
}
