import {
  isRefused,
  OrganizationRole,
  refuse,
  type Refused,
  type RequestAssigneeCandidate,
  type RequestDetail,
} from '@ipportal/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { organizationMembers, projectAssignees, projects, requests, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import { findVisibleRequest, writableRequest } from './request-access.js';
import { getRequest } from './requests.js';
import type { ActorContext } from './users.js';

/*
 * Who on the client side answers for a request (its assignee; the creator until changed). The
 * request may go only to the people who can see its matter (`projectScope`): on a matter outside
 * any organization its owner; within an organization its administrators and the members assigned
 * to the matter. Handing it to someone who cannot open it would leave it unanswered. Firms never
 * choose: the routes exist only under /user.
 *
 * An assignee who later loses sight of the matter (unassigned from it, removed from the
 * organization) stays recorded: the history is not rewritten and the request still names them,
 * but they cannot open it, receive no mail for it and are no longer a candidate, so the client
 * side sees that the request needs a new assignee (the web app says so) and choosing them again
 * is refused until they see the matter again.
 */

type CandidateRule =
  { kind: 'owner'; ownerUserId: string } | { kind: 'organization'; organizationId: string };

async function candidateRuleFor(db: Executor, projectId: string): Promise<CandidateRule | undefined> {
  const [project] = await db
    .select({ organizationId: projects.organizationId, ownerUserId: projects.ownerUserId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) return undefined;
  return project.organizationId
    ? { kind: 'organization', organizationId: project.organizationId }
    : { kind: 'owner', ownerUserId: project.ownerUserId };
}

/**
 * The people who see matter `projectId`, by name: the same rule as `projectScope` seen from each
 * person (administrators see every matter of their organization, members those assigned to them).
 */
async function candidatesFor(db: Executor, projectId: string): Promise<RequestAssigneeCandidate[]> {
  const rule = await candidateRuleFor(db, projectId);
  if (!rule) return [];
  const columns = { id: users.id, name: users.name, email: users.email };
  if (rule.kind === 'owner') {
    return db.select(columns).from(users).where(eq(users.id, rule.ownerUserId));
  }
  return db
    .select(columns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, rule.organizationId),
        or(
          eq(organizationMembers.roleCode, OrganizationRole.Administrator),
          sql`exists (select 1 from ${projectAssignees} as pa where pa.project_id = ${projectId} and pa.user_id = ${organizationMembers.userId})`,
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** Whether `userId` belongs to the matter's organization (a member who merely does not see the matter). */
async function inMatterOrganization(db: Executor, projectId: string, userId: string): Promise<boolean> {
  const rule = await candidateRuleFor(db, projectId);
  if (rule?.kind !== 'organization') return false;
  const [row] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, rule.organizationId),
        eq(organizationMembers.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The candidates for a request the caller sees (REGULAR callers only), else undefined (404). */
export async function listAssigneeCandidates(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
): Promise<RequestAssigneeCandidate[] | undefined> {
  if (principal.userType !== 'REGULAR') return undefined;
  const request = await findVisibleRequest(db, principal, projectId, number);
  return request ? candidatesFor(db, request.projectId) : undefined;
}

/**
 * Hands a request to `assigneeUserId` (null: nobody). A deleted matter's requests are frozen
 * (409); a person outside the candidates (including the current assignee once they no longer
 * see the matter) is refused and nothing changes: a member of the matter's organization who is
 * not assigned to the matter gets its own reason (assign them to the matter first), anyone else
 * (another organization, an office, unknown) the general one. History:
 * `request.assignee` with the id and the name before and after.
 */
export async function setRequestAssignee(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
  assigneeUserId: string | null,
  actor: ActorContext,
): Promise<RequestDetail | Refused> {
  if (principal.userType !== 'REGULAR') return refuse('requestNotFound');
  return db.transaction(async (tx): Promise<RequestDetail | Refused> => {
    const context = await writableRequest(tx, principal, projectId, number, { lock: true });
    if (isRefused(context)) return context;
    const candidates = await candidatesFor(tx, context.request.projectId);
    const chosen = assigneeUserId === null ? null : candidates.find((c) => c.id === assigneeUserId);
    if (chosen === undefined) {
      const member =
        assigneeUserId !== null &&
        (await inMatterOrganization(tx, context.request.projectId, assigneeUserId));
      return refuse(member ? 'requestAssigneeCannotSeeMatter' : 'requestAssigneeNotAllowed');
    }
    const beforeId = context.request.assigneeUserId;
    if (beforeId !== assigneeUserId) {
      const [before] = beforeId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, beforeId)).limit(1)
        : [];
      await tx
        .update(requests)
        .set({ assigneeUserId, updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(requests.id, context.request.id));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'request.assignee',
        entityType: 'request',
        entityId: context.request.id,
        projectId: context.request.projectId,
        requestId: context.request.id,
        changes: {
          assigneeUserId: [beforeId, assigneeUserId],
          assignee: [before?.name ?? null, chosen?.name ?? null],
        },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    const request = await getRequest(tx, principal, projectId, number);
    if (!request) throw new Error('the request vanished inside its own transaction');
    return request;
  });
}
