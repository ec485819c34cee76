import {
  type CaseType,
  type CreateRequestBody,
  type OfficeType,
  type RequestDetail,
  type RequestListItem,
  type RequestListResponse,
  type RequestSortField,
  type RequestStatus,
  type RequestSummary,
  type RequestUnreadSummary,
  type requestListQuerySchema,
  isRefused,
  refuse,
  type Refused,
} from '@ipportal/domain';
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { firms, organizations, projects, requestMails, requests, users } from '../db/schema/index.js';
import { findRequestableFirm } from './firms.js';
import { recordHistory } from './history.js';
import { announceArrival, type ArrivalNotice } from './request-arrival.js';
import { writableProject } from './projects/write-access.js';
import { findVisibleRequest, requestScope } from './request-access.js';
import { unreadFor } from './request-mails.js';
import type { Publisher } from '../events/index.js';
import type { ActorContext } from './users.js';

export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/** The matter's owner (the client outside an organization) and the request's creator (the contact when nobody is assigned). */
const owners = alias(users, 'matter_owner');
const creators = alias(users, 'request_creator');

/** The client company: the matter's organization, else the owner of the matter. */
const clientName = sql<string>`coalesce(${organizations.name}, ${owners.name})`;
/** The contact person: the assignee, else the person who sent the request. */
const contactId = sql<string | null>`coalesce(${requests.assigneeUserId}, ${requests.createdBy})`;
const contactName = sql<
  string | null
>`case when ${requests.assigneeUserId} is not null then ${users.name} else ${creators.name} end`;

const columns = {
  id: requests.id,
  projectId: requests.projectId,
  number: requests.number,
  name: requests.name,
  type: requests.type,
  content: requests.content,
  status: requests.status,
  assigneeUserId: requests.assigneeUserId,
  assigneeName: users.name,
  officeRegionCode: requests.officeRegionCode,
  officeType: requests.officeType,
  firmId: requests.firmId,
  firmName: firms.name,
  firmNameEn: firms.nameEn,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
  decisionPeriod: requests.decisionPeriod,
  userPeriod: requests.userPeriod,
  concierge: requests.concierge,
  declinedAt: requests.declinedAt,
  declineReason: requests.declineReason,
  projectRefrenceCode: projects.refrenceCode,
  projectTitle: projects.title,
  projectType: projects.type,
  projectDeletedAt: projects.deletedAt,
  clientName,
  contactId,
  contactName,
};

type Row = {
  id: string;
  projectId: string;
  number: number;
  name: string;
  type: 'estimate' | 'other';
  content: string;
  status: number;
  assigneeUserId: string | null;
  assigneeName: string | null;
  officeRegionCode: number;
  officeType: OfficeType;
  firmId: string;
  firmName: string;
  firmNameEn: string | null;
  createdAt: Date;
  updatedAt: Date;
  decisionPeriod: string | null;
  userPeriod: string | null;
  concierge: 'notUsed' | 'awaitingPayment' | 'paid';
  declinedAt: Date | null;
  declineReason: string | null;
  projectRefrenceCode: string;
  projectTitle: string;
  projectType: number;
  projectDeletedAt: Date | null;
  clientName: string;
  contactId: string | null;
  contactName: string | null;
};

function toSummary(row: Row): RequestSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    requestId: row.number,
    name: row.name,
    type: row.type,
    status: row.status as RequestStatus,
    assignee: row.assigneeUserId ? { id: row.assigneeUserId, name: row.assigneeName ?? '' } : null,
    regionCode: row.officeRegionCode,
    officeType: row.officeType,
    target: { id: row.firmId, name: row.firmName, nameEn: row.firmNameEn },
    client: {
      name: row.clientName,
      contact: row.contactId ? { id: row.contactId, name: row.contactName ?? '' } : null,
    },
    registDate: row.createdAt.toISOString(),
    decisionPeriod: row.decisionPeriod,
    userPeriod: row.userPeriod,
    concierge: row.concierge,
    declinedAt: row.declinedAt ? row.declinedAt.toISOString() : null,
    declineReason: row.declineReason,
    project: {
      refrenceCode: row.projectRefrenceCode,
      title: row.projectTitle,
      type: row.projectType as CaseType,
      deleted: row.projectDeletedAt !== null,
    },
    updateDate: row.updatedAt.toISOString(),
  };
}

function toDetail(row: Row): RequestDetail {
  return { ...toSummary(row), content: row.content };
}

function selectRequests(db: Executor) {
  return withParties(db.select(columns).from(requests).$dynamic());
}

/**
 * The rows every request answer reads beside the request: its matter and office, the assignee,
 * and who the client is (organization, matter owner, creator).
 */
function withParties<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .innerJoin(firms, eq(firms.id, requests.firmId))
    .leftJoin(users, eq(users.id, requests.assigneeUserId))
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(owners, eq(owners.id, projects.ownerUserId))
    .leftJoin(creators, eq(creators.id, requests.createdBy));
}

/**
 * The mails of the row's request that wait unread on the caller's side: a correlated count per
 * listed row (one statement; `request_mails_request_idx` finds a request's mails).
 */
function unreadMailsOf(principal: Pick<Principal, 'userType'>): SQL<number> {
  return sql<number>`(select count(*)::int from ${requestMails} where ${and(eq(requestMails.requestId, requests.id), unreadFor(principal))})`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Free text: the request name and content, the matter's reference code and title, the office's
 * names, and the client (company and contact person).
 */
function textFilter(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return or(
    ilike(requests.name, pattern),
    ilike(requests.content, pattern),
    ilike(projects.refrenceCode, pattern),
    ilike(projects.title, pattern),
    ilike(firms.name, pattern),
    ilike(firms.nameEn, pattern),
    ilike(clientName, pattern),
    ilike(contactName, pattern),
  ) as SQL;
}

/**
 * Each sort field's keys, most significant first. The No. is per matter, so it sorts by the
 * matter's reference first. Nullable keys sort through COALESCE so the order is total; ties
 * break on the request id.
 */
const sortKeys: Record<RequestSortField, SQL[]> = {
  requestId: [sql`${projects.refrenceCode}`, sql`${requests.number}`],
  name: [sql`${requests.name}`],
  type: [sql`${requests.type}`],
  status: [sql`${requests.status}`],
  regionCode: [sql`${requests.officeRegionCode}`],
  target: [sql`${firms.name}`],
  client: [clientName],
  registDate: [sql`${requests.createdAt}`],
  decisionPeriod: [sql`coalesce(${requests.decisionPeriod}, '9999-12-31'::date)`],
  userPeriod: [sql`coalesce(${requests.userPeriod}, '9999-12-31'::date)`],
  concierge: [sql`${requests.concierge}`],
};

/** One page of the requests the caller sees (status, concierge, matter and free-text filters), with the total count. */
export async function listRequests(
  db: Executor,
  principal: Principal,
  query: RequestListQuery,
): Promise<Omit<RequestListResponse, 'hasError' | 'message'>> {
  const filters: SQL[] = [requestScope(principal, { coordinated: true })];
  if (query.status !== '0') filters.push(eq(requests.status, Number(query.status)));
  if (query.concierge !== 'all') filters.push(eq(requests.concierge, query.concierge));
  if (query.projectId) filters.push(eq(requests.projectId, query.projectId));
  if (query.q) filters.push(textFilter(query.q));
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    withParties(
      db
        .select({ ...columns, unreadMailCount: unreadMailsOf(principal) })
        .from(requests)
        .$dynamic(),
    )
      .where(where)
      .orderBy(...sortKeys[query.sort].map((key) => direction(key)), direction(requests.id))
      .limit(query.limit)
      .offset(query.offset),
    withParties(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(requests)
        .$dynamic(),
    ).where(where),
  ]);
  const items: RequestListItem[] = (rows as (Row & { unreadMailCount: number })[]).map((row) => ({
    ...toSummary(row),
    unreadMailCount: Number(row.unreadMailCount),
  }));
  return { items, total: Number(count?.total ?? 0) };
}

/**
 * The caller's unread mails over every request they see (`requestScope`: a request out of their
 * sight, or deleted, never counts), and how many requests have any.
 */
export async function unreadMailSummary(db: Executor, principal: Principal): Promise<RequestUnreadSummary> {
  const [row] = await db
    .select({
      unreadMailCount: sql<number>`count(*)::int`,
      requestsWithUnread: sql<number>`count(distinct ${requestMails.requestId})::int`,
    })
    .from(requestMails)
    .innerJoin(requests, eq(requests.id, requestMails.requestId))
    .where(and(requestScope(principal, { coordinated: true }), unreadFor(principal)));
  return {
    unreadMailCount: Number(row?.unreadMailCount ?? 0),
    requestsWithUnread: Number(row?.requestsWithUnread ?? 0),
    awaitingRequestCount: await awaitingRequestCount(db, principal),
  };
}

/**
 * On the office side, the requests that wait for the office's answer (received, neither accepted
 * nor declined): addressed to the caller's office or coordinated by it. The client side waits on
 * no one's requests: 0.
 */
async function awaitingRequestCount(db: Executor, principal: Principal): Promise<number> {
  if (principal.userType !== 'PATENT') return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requests)
    .where(
      and(
        requestScope(principal, { coordinated: true }),
        eq(requests.status, 1),
        isNull(requests.declinedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One request the caller may see, with its content; undefined answers 404. */
export async function getRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
): Promise<RequestDetail | undefined> {
  const [row] = await selectRequests(db)
    .where(
      and(
        requestScope(principal, { coordinated: true }),
        eq(requests.projectId, projectId),
        eq(requests.number, number),
      ),
    )
    .limit(1);
  return row ? toDetail(row) : undefined;
}

/**
 * A client sends a request about a matter it sees. The office must be in the directory for the
 * chosen country and type (complete profile, accepting requests). The number is the next one of
 * the matter: the matter row is locked for the transaction, so concurrent creates on one matter
 * queue and each gets its own number (the unique index backs this up). The creator is the
 * assignee. History: `request.create`. The office's users are mailed and its open screens told
 * (`announceArrival`), in the same transaction.
 */
export async function createRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  body: CreateRequestBody,
  actor: ActorContext,
  notice: ArrivalNotice,
): Promise<RequestDetail | Refused> {
  return db.transaction(async (tx) => {
    const matter = await writableProject(tx, principal, projectId, { lock: 'update' });
    if (isRefused(matter)) return matter;
    const firm = await findRequestableFirm(tx, body.officeId, body.officeRegionCode, body.officeType);
    if (!firm) return refuse('officeNotAvailable');
    const [next] = await tx
      .select({ number: sql<number>`coalesce(max(${requests.number}), 0)::int + 1` })
      .from(requests)
      .where(eq(requests.projectId, projectId));
    const now = new Date();
    const [created] = await tx
      .insert(requests)
      .values({
        projectId,
        number: Number(next?.number ?? 1),
        name: body.name,
        type: body.type,
        content: body.content,
        officeRegionCode: body.officeRegionCode,
        officeType: body.officeType,
        firmId: firm.id,
        assigneeUserId: principal.userId,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: requests.id, number: requests.number });
    if (!created) throw new Error('request insert returned no row');
    const entryId = await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.create',
      entityType: 'request',
      entityId: created.id,
      projectId,
      requestId: created.id,
      changes: {
        number: created.number,
        name: body.name,
        type: body.type,
        officeRegionCode: body.officeRegionCode,
        officeType: body.officeType,
        firmId: firm.id,
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    await announceArrival(tx, notice, {
      firmId: firm.id,
      entryId,
      request: { id: created.id, projectId, number: created.number, name: body.name },
    });
    const request = await getRequest(tx, principal, projectId, created.number);
    if (!request) throw new Error('created request not readable');
    return request;
  });
}

export type RequestAction = 'accept' | 'complete' | 'decline';

/**
 * The addressed office moves a request on: accept 1 -> 2 (in progress at the
 * office), complete 2 -> 3 (completed), decline from 1 with a reason (the status stays 1 and
 * `declined_at` marks it). A declined request cannot be accepted or declined again. Any other
 * move answers 409 with the reason. The row is locked so two clicks cannot both pass the check.
 * History: `request.accept|complete|decline` with the status (and reason) before and after.
 */
export async function transitionRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
  action: RequestAction,
  actor: ActorContext,
  bus: Publisher,
  reason?: string,
): Promise<RequestDetail | Refused> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(requests)
      .where(and(requestScope(principal), eq(requests.projectId, projectId), eq(requests.number, number)))
      .limit(1)
      .for('update');
    if (!row) {
      // The concierge reads the requests it coordinates, so "not found" would be untrue there:
      // it is told that moving them on is the addressed office's (ADR 0019). Nothing is written.
      const coordinated = await findVisibleRequest(tx, principal, projectId, number, { coordinated: true });
      return refuse(coordinated ? 'coordinatorCannotMoveRequest' : 'requestNotFound');
    }
    const refusal = refusalOf(row, action);
    if (refusal) return refuse(refusal);
    const now = new Date();
    const set: Partial<typeof requests.$inferInsert> = { updatedAt: now, updatedBy: actor.userId };
    let changes: Record<string, [unknown, unknown]>;
    if (action === 'decline') {
      set.declinedAt = now;
      set.declineReason = reason ?? '';
      changes = { declineReason: [row.declineReason, reason ?? ''], declinedAt: [null, now.toISOString()] };
    } else {
      const status = action === 'accept' ? 2 : 3;
      set.status = status;
      changes = { status: [row.status, status] };
    }
    await tx.update(requests).set(set).where(eq(requests.id, row.id));
    const entryId = await recordHistory(tx, {
      actorUserId: actor.userId,
      action: `request.${action}`,
      entityType: 'request',
      entityId: row.id,
      projectId,
      requestId: row.id,
      changes,
      traceId: actor.traceId,
      ip: actor.ip,
    });
    // Every process tells the request's other viewers (onNotification) once this commits.
    await bus.publish(tx, { topic: 'request.statusChanged', id: String(entryId) });
    const request = await getRequest(tx, principal, projectId, number);
    if (!request) throw new Error('request not readable after its transition');
    return request;
  });
}

type TransitionRefusal =
  'requestNotInProgress' | 'requestAlreadyDeclined' | 'requestNotAwaitingAcceptance' | 'requestNotDeclinable';

function refusalOf(row: typeof requests.$inferSelect, action: RequestAction): TransitionRefusal | undefined {
  if (action === 'complete') return row.status === 2 ? undefined : 'requestNotInProgress';
  if (row.declinedAt) return 'requestAlreadyDeclined';
  if (row.status !== 1) return action === 'accept' ? 'requestNotAwaitingAcceptance' : 'requestNotDeclinable';
  return undefined;
}
