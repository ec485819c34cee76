import type { Locale } from '@ipportal/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { organizationMembers, projectAssignees, projects, users } from '../db/schema/index.js';
import { findVisibleRequest, type VisibleRequest } from './request-access.js';

/*
 * Who may see a request, on each side: the people a new mail is sent to, the members of its chat
 * room (ADR 0031) and the users whose realtime counts change with it. The client side's
 * candidates are each checked with `findVisibleRequest`, so the access rules stay in one place.
 */

/** The side of a request a user stands on: the client's people or the office's. */
export type Side = 'client' | 'office';

/** REGULAR users write for the client, PATENT users (the office, a coordinating concierge) for the office. */
export const sideOf = (principal: Pick<Principal, 'userType'>): Side =>
  principal.userType === 'PATENT' ? 'office' : 'client';

export interface MailRecipient {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * The users on the side that receives a mail: every user of the addressed firm (and of the
 * concierge coordinating the request), or every client
 * user who may see the request. The client side's candidates (owner, organization administrators,
 * assignees) are each checked with `findVisibleRequest`, so the access rules stay in one place.
 * `exceptUserId` (usually the actor) is left out; without it, no one is.
 */
export async function recipientsOf(
  db: Executor,
  request: VisibleRequest,
  receiving: Side,
  exceptUserId?: string,
): Promise<MailRecipient[]> {
  const columns = {
    userId: users.id,
    userType: users.userType,
    email: users.email,
    name: users.name,
    locale: users.locale,
    firmId: users.firmId,
    organizationId: organizationMembers.organizationId,
    roleCode: organizationMembers.roleCode,
  };
  if (receiving === 'office') {
    const rows = await db
      .select(columns)
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(
        and(
          // The addressed office, and the concierge coordinating the request (ADR 0019).
          request.coordinatorFirmId
            ? or(eq(users.firmId, request.firmId), eq(users.firmId, request.coordinatorFirmId))
            : eq(users.firmId, request.firmId),
          eq(users.userType, 'PATENT'),
        ),
      );
    return rows.filter((r) => r.userId !== exceptUserId).map(toRecipient);
  }
  const [project] = await db
    .select({ ownerUserId: projects.ownerUserId, organizationId: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, request.projectId))
    .limit(1);
  if (!project) return [];
  const candidates = await db
    .select(columns)
    .from(users)
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .where(
      and(
        eq(users.userType, 'REGULAR'),
        or(
          eq(users.id, project.ownerUserId),
          project.organizationId ? eq(organizationMembers.organizationId, project.organizationId) : undefined,
          inArray(
            users.id,
            db
              .select({ id: projectAssignees.userId })
              .from(projectAssignees)
              .where(eq(projectAssignees.projectId, request.projectId)),
          ),
        ),
      ),
    );
  const recipients: MailRecipient[] = [];
  for (const candidate of candidates) {
    if (candidate.userId === exceptUserId) continue;
    const principal: Principal = {
      userId: candidate.userId,
      userType: candidate.userType,
      sub: '',
      email: candidate.email,
      organizationId: candidate.organizationId,
      roleInOrganizationCode: (candidate.roleCode ?? null) as Principal['roleInOrganizationCode'],
      firmId: candidate.firmId,
      locale: candidate.locale,
    };
    if (await findVisibleRequest(db, principal, request.projectId, request.number)) {
      recipients.push(toRecipient(candidate));
    }
  }
  return recipients;
}

function toRecipient(row: { userId: string; email: string; name: string; locale: Locale }): MailRecipient {
  return { userId: row.userId, email: row.email, name: row.name, locale: row.locale };
}

/**
 * Every user who may see the request, on both sides: the same rules that choose who is told of
 * a new mail.
 */
export async function viewersOf(db: Executor, request: VisibleRequest): Promise<Set<string>> {
  const [office, client] = await Promise.all([
    recipientsOf(db, request, 'office', ''),
    recipientsOf(db, request, 'client', ''),
  ]);
  return new Set([...office, ...client].map((recipient) => recipient.userId));
}
