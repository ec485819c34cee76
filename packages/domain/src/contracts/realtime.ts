import { z } from 'zod';
import { requestStatuses } from '../codes/index.js';
import { chatUnreadSummarySchema } from './chat.js';
import { requestUnreadSummarySchema } from './request-unread.js';

/*
 * The realtime socket's topics (GET /graphql/realtime, the AppSync real-time protocol). A client
 * subscribes with a start whose `query` is one of these documents and whose `variables` match;
 * each `data` message then carries `{ [topic]: payload }`. The server recognises a document by
 * its root field and takes the arguments from `variables` (ADR 0030): the selection set is
 * documentation, every payload is sent whole. Payloads are small on purpose: they say what
 * changed; the screen refetches the rows through the REST API.
 */

const requestStatusSchema = z.union(requestStatuses.values.map((v) => z.literal(v)));

/** A new mail in a request's thread: its id and the request's key. */
export const requestMailEventSchema = z.object({
  mailId: z.uuid(),
  projectId: z.uuid(),
  /** The request's number within the matter (the `requestId` of the REST paths). */
  requestId: z.number().int().positive(),
});
export type RequestMailEvent = z.infer<typeof requestMailEventSchema>;

/** Something the user should hear about: for now a request's status changed (accepted, completed, declined). */
export const notificationEventSchema = z.object({
  /** The audit entry that records it: stable, so a client can drop duplicates. */
  id: z.string().regex(/^\d+$/),
  kind: z.literal('requestStatusChanged'),
  projectId: z.uuid(),
  requestId: z.number().int().positive(),
  requestName: z.string(),
  /** What the office did: `accept` (status 2), `complete` (status 3) or `decline` (status stays 1). */
  action: z.enum(['accept', 'complete', 'decline']),
  status: requestStatusSchema,
  occurredAt: z.iso.datetime(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * Something changed in a chat room: a message was sent, edited or withdrawn (`messageId`, `seq`),
 * or someone read up to `seq` (`read`: the other side's "既読" marks may change). The room's
 * page refetches the messages or the room.
 */
export const chatRoomEventSchema = z.object({
  projectId: z.uuid(),
  requestId: z.number().int().positive(),
  kind: z.enum(['message', 'edited', 'withdrawn', 'read']),
  /** The message concerned; null for `read`. */
  messageId: z.uuid().nullable(),
  /** The message's seq, or the seq read through. */
  seq: z.number().int().nonnegative(),
  /** Who sent, edited, withdrew or read. */
  userId: z.uuid().nullable(),
});
export type ChatRoomEvent = z.infer<typeof chatRoomEventSchema>;

export const realtimeTopics = {
  /** New mails of one request, for whoever may see the request. */
  onRequestMail: {
    query: `subscription OnRequestMail($projectId: ID!, $requestId: Int!) {
  onRequestMail(projectId: $projectId, requestId: $requestId) { mailId projectId requestId }
}`,
    variables: z.object({ projectId: z.uuid(), requestId: z.number().int().positive() }),
    data: requestMailEventSchema,
  },
  /** The caller's unread request mails, as GET /requests/unread-summary answers them, whenever they change. */
  onUnreadCounts: {
    query: `subscription OnUnreadCounts {
  onUnreadCounts { unreadMailCount requestsWithUnread }
}`,
    variables: z.object({}),
    data: requestUnreadSummarySchema,
  },
  /** Changes in one request's chat room, for its members. */
  onChatRoom: {
    query: `subscription OnChatRoom($projectId: ID!, $requestId: Int!) {
  onChatRoom(projectId: $projectId, requestId: $requestId) { projectId requestId kind messageId seq userId }
}`,
    variables: z.object({ projectId: z.uuid(), requestId: z.number().int().positive() }),
    data: chatRoomEventSchema,
  },
  /** The caller's unread chat messages, as GET /chat/unread-summary answers them, whenever they change. */
  onChatUnread: {
    query: `subscription OnChatUnread {
  onChatUnread { unreadMessageCount roomsWithUnread unreadMentionCount }
}`,
    variables: z.object({}),
    data: chatUnreadSummarySchema,
  },
  /** The caller's notifications: request status changes (estimates, invoices and deadline alerts later). */
  onNotification: {
    query: `subscription OnNotification {
  onNotification { id kind projectId requestId requestName action status occurredAt }
}`,
    variables: z.object({}),
    data: notificationEventSchema,
  },
} as const;

export type RealtimeTopic = keyof typeof realtimeTopics;
export const realtimeTopicNames = Object.keys(realtimeTopics) as RealtimeTopic[];
export type RealtimeVariables<T extends RealtimeTopic> = z.infer<(typeof realtimeTopics)[T]['variables']>;
export type RealtimeData<T extends RealtimeTopic> = z.infer<(typeof realtimeTopics)[T]['data']>;

/** The `payload.data` of a start message, as JSON text (the protocol sends it as a string). */
export function realtimeStartData<T extends RealtimeTopic>(
  topic: T,
  variables: RealtimeVariables<T>,
): string {
  return JSON.stringify({ query: realtimeTopics[topic].query, variables });
}
