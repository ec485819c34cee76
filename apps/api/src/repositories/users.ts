import {
  defaultLocale,
  locales,
  refuse,
  type Locale,
  type OrganizationRole,
  type Refused,
  type UpdateUserBody,
  type User,
  type UserType,
} from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Principal, VerifiedClaims } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { organizationMembers, organizations, users } from '../db/schema/index.js';
import { diff, recordHistory } from './history.js';
import { joinByPendingInvitation } from './organization-invitations.js';

const userColumns = {
  id: users.id,
  userType: users.userType,
  identitySub: users.identitySub,
  email: users.email,
  name: users.name,
  address: users.address,
  phoneNumber: users.phoneNumber,
  regionCode: users.regionCode,
  locale: users.locale,
  firmId: users.firmId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  organizationId: organizationMembers.organizationId,
  roleCode: organizationMembers.roleCode,
  requireTwoFactor: organizations.requireTwoFactor,
};

type UserRow = {
  id: string;
  userType: UserType;
  identitySub: string;
  email: string;
  name: string;
  address: string;
  phoneNumber: string;
  regionCode: number | null;
  locale: Locale;
  firmId: string | null;
  createdAt: Date;
  updatedAt: Date;
  organizationId: string | null;
  roleCode: number | null;
  requireTwoFactor: boolean | null;
};

function selectUsers(db: Executor) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId));
}

export function toPrincipal(row: UserRow): Principal {
  return {
    userId: row.id,
    userType: row.userType,
    sub: row.identitySub,
    email: row.email,
    organizationId: row.organizationId,
    roleInOrganizationCode: row.roleCode as OrganizationRole | null,
    organizationRequiresTwoFactor: row.requireTwoFactor === true,
    firmId: row.firmId,
    locale: row.locale,
  };
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userType: row.userType,
    email: row.email,
    name: row.name,
    address: row.address,
    phoneNumber: row.phoneNumber,
    regionCode: row.regionCode,
    locale: row.locale,
    organizationId: row.organizationId,
    roleInOrganizationCode: row.roleCode as OrganizationRole | null,
    firmId: row.firmId,
    // The organization's requirement; the route narrows it with the identity provider's answer
    // (auth/two-factor-requirement.ts), which a repository cannot ask.
    twoFactorSetupRequired: row.requireTwoFactor === true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function regionFromClaim(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Cognito sends `email_verified` as a boolean (ID tokens) or a string (attributes). */
function emailVerified(claims: VerifiedClaims): boolean {
  return claims.email_verified === true || claims.email_verified === 'true';
}

function localeFromClaim(value: unknown): Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
    ? (value as Locale)
    : defaultLocale;
}

/**
 * The portal user for a verified token: loaded by (user type, sub), created from the claims on
 * first sight. Afterwards the claims only keep the email in step (the identity service owns it);
 * profile fields are the portal's, edited through PATCH /user.
 */
export async function loadOrCreatePrincipal(
  db: Executor,
  userType: UserType,
  claims: VerifiedClaims,
): Promise<Principal> {
  const [existing] = await selectUsers(db)
    .where(and(eq(users.userType, userType), eq(users.identitySub, claims.sub)))
    .limit(1);
  if (existing) {
    if (existing.email !== claims.email) {
      await db
        .update(users)
        .set({ email: claims.email, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      return toPrincipal({ ...existing, email: claims.email });
    }
    return toPrincipal(existing);
  }
  await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        userType,
        identitySub: claims.sub,
        email: claims.email,
        name: typeof claims.name === 'string' ? claims.name : '',
        address: typeof claims.address === 'string' ? claims.address : '',
        phoneNumber: typeof claims.phone_number === 'string' ? claims.phone_number : '',
        regionCode: regionFromClaim(claims['custom:region_code']),
        locale: localeFromClaim(claims.locale),
      })
      // Two first requests of a new user can race: the loser re-reads the winner's row.
      .onConflictDoNothing({ target: [users.userType, users.identitySub] })
      .returning({ id: users.id });
    // Someone invited before they had an account joins on their first sign-in after confirming.
    if (inserted && userType === 'REGULAR' && emailVerified(claims))
      await joinByPendingInvitation(tx, { userId: inserted.id, email: claims.email });
  });
  const [created] = await selectUsers(db)
    .where(and(eq(users.userType, userType), eq(users.identitySub, claims.sub)))
    .limit(1);
  if (!created) throw new Error(`user row for ${userType}/${claims.sub} missing after insert`);
  return toPrincipal(created);
}

/** The principal of the user a pool's `sub` names, if the portal knows them (an access token carries no profile to create one from). */
export async function findPrincipalBySub(
  db: Executor,
  userType: UserType,
  sub: string,
): Promise<Principal | undefined> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.userType, userType), eq(users.identitySub, sub)))
    .limit(1);
  return row ? toPrincipal(row) : undefined;
}

/** The principal of a stored user, for work done on their behalf without a token (their calendar feed). */
export async function findPrincipal(db: Executor, userId: string): Promise<Principal | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, userId)).limit(1);
  return row ? toPrincipal(row) : undefined;
}

export async function getUser(db: Executor, userId: string): Promise<User | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, userId)).limit(1);
  return row ? toUser(row) : undefined;
}

export interface ActorContext {
  userId: string;
  traceId: string;
  ip: string;
}

/** The profile fields the portal keeps; a change is recorded in the history. */
export async function updateUser(
  db: Executor,
  userId: string,
  body: UpdateUserBody,
  actor: ActorContext,
): Promise<User | Refused<'userNotFound'>> {
  return db.transaction(async (tx) => {
    const [before] = await selectUsers(tx).where(eq(users.id, userId)).limit(1).for('update', { of: users });
    if (!before) return refuse('userNotFound');
    const changes = diff(before as unknown as Record<string, unknown>, body as Record<string, unknown>);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(users)
        .set({ ...body, updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(users.id, userId));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'user.update',
        entityType: 'user',
        entityId: userId,
        changes,
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    const [after] = await selectUsers(tx).where(eq(users.id, userId)).limit(1);
    return after ? toUser(after) : refuse('userNotFound');
  });
}
