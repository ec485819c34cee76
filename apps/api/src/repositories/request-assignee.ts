import type { RequestAssigneeCandidate, RequestDetail } from '@ipportal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { organizationMembers, projects, requests, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import { findVisibleRequest } from './request-access.js';
import { writableRequest, type RequestRefusal } from './request-mails.js';
import { getRequest } from './requests.js';
import type { ActorContext } from './users.js';

/*
 * Who on the client side answers for a request (its assignee; the creator until changed). The
 * request may go to the people who can work on the matter's side: on a matter outside any
 * organization only its owner (the caller), within an organization any of its members or
 * administrators. Firms never choose: the routes exist only under /user.
 */

/** The people a request of this matter may be assigned to, by name. */
async function candidatesFor(
  db: Executor,
  principal: Principal,
  projectId: string,
): Promise<RequestAssigneeCandidate[]> {
  const [project] = await db
    .select({ organizationId: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  const columns = { id: users.id, name: users.name, email: users.email };
  if (!project?.organizationId) {
    return db.select(columns).from(users).where(eq(users.id, principal.userId));
  }
  return db
    .select(columns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, project.organizationId))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
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
  return request ? candidatesFor(db, principal, request.projectId) : undefined;
}

export type SetAssigneeOutcome =
  { kind: 'ok'; request: RequestDetail } | RequestRefusal | { kind: 'notAllowed' };

/**
 * Hands a request to `assigneeUserId` (null: nobody). A deleted matter's requests are frozen
 * (409); a person outside the candidates is refused and nothing changes. History:
 * `request.assignee` with the id and the name before and after.
 */
export async function setRequestAssignee(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
  assigneeUserId: string | null,
  actor: ActorContext,
): Promise<SetAssigneeOutcome> {
  if (principal.userType !== 'REGULAR') return { kind: 'notFound' };
  return db.transaction(async (tx): Promise<SetAssigneeOutcome> => {
    const context = await writableRequest(tx, principal, projectId, number, { lock: true });
    if ('kind' in context) return context;
    const candidates = await candidatesFor(tx, principal, context.request.projectId);
    const chosen = assigneeUserId === null ? null : candidates.find((c) => c.id === assigneeUserId);
    if (chosen === undefined) return { kind: 'notAllowed' };
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
    return { kind: 'ok', request };
  });
}
