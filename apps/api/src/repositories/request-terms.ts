import {
  isRefused,
  refuse,
  type CreateRequestTermItemBody,
  type Refused,
  type RequestTerms,
  type UpdateRequestPeriodsBody,
  type UpdateRequestTermItemBody,
} from '@ipportal/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { requests, terms } from '../db/schema/index.js';
import { refreshDeadlines } from './deadlines/refresh.js';
import { diff, recordHistory } from './history.js';
import { findVisibleRequest, writableRequest } from './request-access.js';
import type { ActorContext } from './users.js';

/*
 * A request's deadlines: the legal deadline (requests.decision_period), the user's own deadline
 * (requests.user_period) and further dated items (rows of `terms` with the request's id, kind
 * `requestItem`; a removed item is never deleted, its status becomes `cancelled`).
 */

const itemKind = 'requestItem';

async function termsOf(db: Executor, request: { id: string }): Promise<RequestTerms> {
  const [periods] = await db
    .select({ decisionPeriod: requests.decisionPeriod, userPeriod: requests.userPeriod })
    .from(requests)
    .where(eq(requests.id, request.id));
  const rows = await db
    .select({
      id: terms.id,
      name: terms.title,
      date: terms.dueDate,
      status: terms.status,
      updatedAt: terms.updatedAt,
    })
    .from(terms)
    .where(and(eq(terms.requestId, request.id), eq(terms.kind, itemKind), ne(terms.status, 'cancelled')))
    .orderBy(asc(terms.dueDate), asc(terms.createdAt), asc(terms.id));
  const decisionPeriod = periods?.decisionPeriod ?? null;
  const userPeriod = periods?.userPeriod ?? null;
  return {
    decisionPeriod,
    userPeriod,
    // ISO dates compare correctly as strings.
    userPeriodAfterDecision: decisionPeriod !== null && userPeriod !== null && userPeriod > decisionPeriod,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      date: row.date,
      done: row.status === 'done',
      updateDate: row.updatedAt.toISOString(),
    })),
  };
}

export async function getTerms(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<RequestTerms | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId);
  return request ? termsOf(db, request) : refuse('requestNotFound');
}

/** Sets the legal and/or the user deadline; the client side only (the office reads them). */
export async function updatePeriods(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  body: UpdateRequestPeriodsBody,
  actor: ActorContext,
): Promise<RequestTerms | Refused> {
  return db.transaction(async (tx): Promise<RequestTerms | Refused> => {
    const context = await writableRequest(tx, principal, projectId, requestId, { lock: true });
    if (isRefused(context)) return context;
    if (principal.userType !== 'REGULAR') return refuse('periodsClientOnly');
    const before = { decisionPeriod: context.request.decisionPeriod, userPeriod: context.request.userPeriod };
    const changes = diff(before, body);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(requests)
        .set({ ...body, updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(requests.id, context.request.id));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'request.periods.update',
        entityType: 'request',
        entityId: context.request.id,
        projectId: context.request.projectId,
        requestId: context.request.id,
        changes,
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    // The stored deadlines (/terms, reminders, calendar) follow in the same transaction.
    await refreshDeadlines(tx, [context.request.projectId]);
    return termsOf(tx, context.request);
  });
}

export async function addTermItem(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  body: CreateRequestTermItemBody,
  actor: ActorContext,
): Promise<RequestTerms | Refused> {
  return db.transaction(async (tx): Promise<RequestTerms | Refused> => {
    const context = await writableRequest(tx, principal, projectId, requestId, { lock: true });
    if (isRefused(context)) return context;
    const [created] = await tx
      .insert(terms)
      .values({
        projectId: context.request.projectId,
        requestId: context.request.id,
        kind: itemKind,
        title: body.name,
        dueDate: body.date,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: terms.id });
    if (!created) throw new Error('insert returned no row');
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.term.create',
      entityType: 'term',
      entityId: created.id,
      projectId: context.request.projectId,
      requestId: context.request.id,
      changes: { name: body.name, date: body.date },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    // The stored deadlines (/terms, reminders, calendar) follow in the same transaction.
    await refreshDeadlines(tx, [context.request.projectId]);
    return termsOf(tx, context.request);
  });
}

/** Renames, re-dates, marks done or open, or (`remove`) cancels an item; both sides may. */
export async function updateTermItem(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  termId: string,
  body: UpdateRequestTermItemBody | 'remove',
  actor: ActorContext,
): Promise<RequestTerms | Refused> {
  return db.transaction(async (tx): Promise<RequestTerms | Refused> => {
    const context = await writableRequest(tx, principal, projectId, requestId, { lock: true });
    if (isRefused(context)) return context;
    const [row] = await tx
      .select()
      .from(terms)
      .where(
        and(
          eq(terms.id, termId),
          eq(terms.requestId, context.request.id),
          eq(terms.kind, itemKind),
          ne(terms.status, 'cancelled'),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return refuse('termNotFound');
    const now = new Date();
    const before = { name: row.title, date: row.dueDate, done: row.status === 'done' };
    const changes =
      body === 'remove'
        ? { removed: [false, true] }
        : diff(before, { name: body.name, date: body.date, done: body.done });
    if (Object.keys(changes).length > 0) {
      const status =
        body === 'remove' ? 'cancelled' : body.done === undefined ? row.status : body.done ? 'done' : 'open';
      await tx
        .update(terms)
        .set({
          ...(body !== 'remove' && body.name !== undefined ? { title: body.name } : {}),
          ...(body !== 'remove' && body.date !== undefined ? { dueDate: body.date } : {}),
          status,
          completedAt: status === 'done' ? (row.completedAt ?? now) : null,
          completedBy: status === 'done' ? (row.completedBy ?? actor.userId) : null,
          updatedAt: now,
          updatedBy: actor.userId,
        })
        .where(eq(terms.id, row.id));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: body === 'remove' ? 'request.term.remove' : 'request.term.update',
        entityType: 'term',
        entityId: row.id,
        projectId: context.request.projectId,
        requestId: context.request.id,
        // `item` names the item, so the history reads without looking it up.
        changes: body === 'remove' ? { item: row.title, date: row.dueDate } : { item: row.title, ...changes },
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    // The stored deadlines (/terms, reminders, calendar) follow in the same transaction.
    await refreshDeadlines(tx, [context.request.projectId]);
    return termsOf(tx, context.request);
  });
}
