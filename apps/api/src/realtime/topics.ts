import {
  realtimeTopics,
  type NotificationEvent,
  type RealtimeTopic,
  type RequestStatus,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { history, requests } from '../db/schema/index.js';
import { chatUnreadSummary } from '../repositories/chat/reads.js';
import { findVisibleRequest, type VisibleRequest } from '../repositories/request-access.js';
import { unreadMailSummary } from '../repositories/requests.js';

/*
 * Each topic's two halves: who may subscribe (checked on every start, with the same repository
 * rules as REST) and, for a bus signal, what each local subscriber is sent (reloaded from the
 * rows: the signal only names what changed).
 */

/** The routing key a start is filed under, or why it is refused (sent as ForbiddenException). */
export type Authorization = { key: string } | { refused: string };

export async function authorizeTopic(
  db: Executor,
  principal: Principal,
  topic: RealtimeTopic,
  variables: unknown,
): Promise<Authorization | { invalid: string }> {
  const parsed = realtimeTopics[topic].variables.safeParse(variables);
  if (!parsed.success) return { invalid: `Invalid variables for ${topic}` };
  switch (topic) {
    case 'onRequestMail': {
      const { projectId, requestId } = parsed.data as { projectId: string; requestId: number };
      const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
      // One answer for "no such request" and "not yours", as REST answers 404 for both.
      if (!request) return { refused: 'Not allowed to subscribe to this request' };
      return { key: requestMailKey(request.id) };
    }
    case 'onUnreadCounts':
      return { key: unreadKey(principal.userId) };
    case 'onChatRoom': {
      const { projectId, requestId } = parsed.data as { projectId: string; requestId: number };
      // The room's members are the request's viewers (ADR 0031): the REST rule, the same refusal.
      const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
      if (!request) return { refused: 'Not allowed to subscribe to this chat room' };
      return { key: chatRoomKey(request.id) };
    }
    case 'onChatUnread':
      return { key: chatUnreadKey(principal.userId) };
    case 'onNotification':
      return { key: notificationKey(principal.userId) };
    case 'onBillingChanged':
      return { key: billingKey(principal.userId) };
  }
}

export const requestMailKey = (requestRowId: string) => `onRequestMail:${requestRowId}`;
export const unreadKey = (userId: string) => `onUnreadCounts:${userId}`;
export const notificationKey = (userId: string) => `onNotification:${userId}`;
export const chatRoomKey = (requestRowId: string) => `onChatRoom:${requestRowId}`;
export const chatUnreadKey = (userId: string) => `onChatUnread:${userId}`;
export const billingKey = (userId: string) => `onBillingChanged:${userId}`;

export async function loadRequestRow(
  db: Executor,
  requestRowId: string,
): Promise<VisibleRequest | undefined> {
  const [row] = await db.select().from(requests).where(eq(requests.id, requestRowId)).limit(1);
  return row;
}

export const unreadCountsOf = unreadMailSummary;
export const chatUnreadOf = chatUnreadSummary;

type StatusNotification = Extract<NotificationEvent, { kind: 'requestStatusChanged' }>;

const statusActions = new Set(['request.accept', 'request.complete', 'request.decline']);
/** The status each move leaves (a declined request stays at 1, marked declined). */
const statusAfter: Record<string, RequestStatus> = { 'request.accept': 2, 'request.complete': 3 };

/** The notification of a request status change, from its audit entry, with who did it. */
export async function loadStatusNotification(
  db: Executor,
  entryId: string,
): Promise<{ request: VisibleRequest; actorUserId: string | null; event: NotificationEvent } | undefined> {
  if (!/^\d{1,18}$/.test(entryId)) return undefined;
  const [entry] = await db
    .select({
      action: history.action,
      requestId: history.requestId,
      actorUserId: history.actorUserId,
      occurredAt: history.occurredAt,
    })
    .from(history)
    .where(eq(history.id, Number(entryId)))
    .limit(1);
  if (!entry?.requestId || !statusActions.has(entry.action)) return undefined;
  const request = await loadRequestRow(db, entry.requestId);
  if (!request) return undefined;
  return {
    request,
    actorUserId: entry.actorUserId,
    event: {
      id: entryId,
      kind: 'requestStatusChanged',
      projectId: request.projectId,
      requestId: request.number,
      requestName: request.name,
      action: entry.action.slice('request.'.length) as StatusNotification['action'],
      status: statusAfter[entry.action] ?? (request.status as RequestStatus),
      occurredAt: new Date(entry.occurredAt).toISOString(),
    },
  };
}

/** How a request reaches an office: sent to it, or handed to the concierge. */
const arrivalReasons: Record<string, 'created' | 'concierge'> = {
  'request.create': 'created',
  'request.concierge.start': 'concierge',
};

/**
 * The notification of a request arriving at an office, from its audit entry, with that office:
 * the addressed one for a sent request, the coordinating concierge once it is turned on.
 */
export async function loadArrivalNotification(
  db: Executor,
  entryId: string,
): Promise<{ firmId: string; event: NotificationEvent } | undefined> {
  if (!/^\d{1,18}$/.test(entryId)) return undefined;
  const [entry] = await db
    .select({ action: history.action, requestId: history.requestId, occurredAt: history.occurredAt })
    .from(history)
    .where(eq(history.id, Number(entryId)))
    .limit(1);
  const reason = entry ? arrivalReasons[entry.action] : undefined;
  if (!entry?.requestId || !reason) return undefined;
  const request = await loadRequestRow(db, entry.requestId);
  const firmId = reason === 'created' ? request?.firmId : request?.coordinatorFirmId;
  if (!request || !firmId || request.deletedAt) return undefined;
  return {
    firmId,
    event: {
      id: entryId,
      kind: 'requestReceived',
      projectId: request.projectId,
      requestId: request.number,
      requestName: request.name,
      reason,
      occurredAt: new Date(entry.occurredAt).toISOString(),
    },
  };
}
