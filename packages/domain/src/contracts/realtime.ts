import { z } from 'zod';
import { requestStatuses } from '../codes/index.js';
import { chatMessageSchema, chatRoomSummarySchema, chatSides, chatUnreadSummarySchema } from './chat.js';
import { requestMailSchema } from './request-mail.js';
import { requestUnreadSummarySchema } from './request-unread.js';

/*
 * The realtime socket's topics (GET /graphql/realtime, the AppSync real-time protocol). A client
 * subscribes with a start whose `query` is one of these documents and whose `variables` match;
 * each `data` message then carries `{ [topic]: payload }`. The server recognises a document by
 * its root field and takes the arguments from `variables` (ADR 0030): the selection set is
 * documentation, every payload is sent whole. Payloads are small on purpose: they say what
 * changed; the screen refetches the rows through the REST API. The chat's and the request mails'
 * topics are the exception (ADR 0050, ADR 0055): a document that also selects their
 * `changeFields` receives the change itself (the message or mail, the room or request as the
 * caller's list shows it, the caller's counts), built for the receiver's side, and the screen
 * applies it without a request; the topics' plain documents get the ids as before.
 */

const requestStatusSchema = z.union(requestStatuses.values.map((v) => z.literal(v)));

/** A mail whose read mark a read set, and when. */
export const requestMailReadSchema = z.object({ id: z.uuid(), readAt: z.iso.datetime() });

/**
 * A new mail in a request's thread: its id and the request's key. A document that selects the
 * change fields (ADR 0055) gets the mail itself as every viewer reads it over REST, and also hears
 * of reads (`kind` `read`: the mails a side just opened, so the sender's 既読 marks show), each with the thread's size and its unread count for the receiver's side.
 */
export const requestMailEventSchema = z.object({
  /** The new mail; for a read (sent only to documents that select the change), the newest mail it marked. */
  mailId: z.uuid(),
  projectId: z.uuid(),
  /** The request's number within the matter (the `requestId` of the REST paths). */
  requestId: z.number().int().positive(),
  /** `sent`: a new mail; `read`: a side opened the thread. Selected only. */
  kind: z.enum(['sent', 'read']).optional(),
  /** The new mail as GET .../mails lists it; null for a read. Selected only. */
  mail: requestMailSchema.nullable().optional(),
  /** The mails the latest read of each direction marked (empty for a new mail). Selected only. */
  reads: z.array(requestMailReadSchema).optional(),
  /** How many mails the thread holds after the change: a cache with fewer missed one. Selected only. */
  mailCount: z.number().int().nonnegative().optional(),
  /** The thread's unread mails on the receiver's side, as GET .../mails counts them. Selected only. */
  unreadCount: z.number().int().nonnegative().optional(),
});
export type RequestMailEvent = z.infer<typeof requestMailEventSchema>;

/** A request's status changed: the office accepted, completed or declined it (the client side hears it). */
const requestStatusChangedSchema = z.object({
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

/**
 * A request arrived at the office: a client sent it (`created`: the addressed office hears it) or
 * turned the concierge on for it (`concierge`: the concierge office hears it).
 */
const requestReceivedSchema = z.object({
  /** The audit entry that records it (`request.create` or `concierge.start`). */
  id: z.string().regex(/^\d+$/),
  kind: z.literal('requestReceived'),
  projectId: z.uuid(),
  requestId: z.number().int().positive(),
  requestName: z.string(),
  reason: z.enum(['created', 'concierge']),
  occurredAt: z.iso.datetime(),
});

/** Something the user should hear about: a request's status changed, or a request arrived. */
export const notificationEventSchema = z.discriminatedUnion('kind', [
  requestStatusChangedSchema,
  requestReceivedSchema,
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * Something changed in a chat room: a message was sent, edited or withdrawn (`messageId`, `seq`),
 * or someone read up to `seq` (`read`: the other side's "既読" marks may change). With the plain
 * document the room's page refetches the messages or the room; a document that selects `message`
 * and `side` gets the message itself as the receiver reads it over REST (no text, mentions or
 * files once withdrawn) and applies it.
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
  /** The message after the change, as the receiver's side reads it; null for `read`. Selected only. */
  message: chatMessageSchema.nullable().optional(),
  /** The side of whoever sent, edited, withdrew or read. Selected only. */
  side: z.enum(chatSides).optional(),
});
export type ChatRoomEvent = z.infer<typeof chatRoomEventSchema>;

/**
 * The caller's unread chat counts (the sidebar's badge) whenever they change; a document that
 * selects `room` also gets the room whose change moved them, as the caller's room list shows it
 * (its heading from the caller's side, its last message, the caller's own counts in it), or null
 * when no single room moved them.
 */
export const chatUnreadEventSchema = chatUnreadSummarySchema.extend({
  room: chatRoomSummarySchema.nullable().optional(),
});
export type ChatUnreadEvent = z.infer<typeof chatUnreadEventSchema>;

/**
 * The caller's unread request mails (the sidebar's badge) whenever they change; a document that
 * selects `request` also gets the request whose thread moved them, with its unread count on the
 * caller's side as the caller's request list shows it, or null when no single request moved them.
 */
export const requestUnreadEventSchema = requestUnreadSummarySchema.extend({
  request: z
    .object({
      projectId: z.uuid(),
      requestId: z.number().int().positive(),
      unreadMailCount: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
});
export type RequestUnreadEvent = z.infer<typeof requestUnreadEventSchema>;

/**
 * An estimate, invoice or payment the user sees changed (sent, accepted or declined, withdrawn;
 * issued or voided; recorded, matched or confirmed). Only the parties who may see the document
 * hear of it: the issuing office and the client side that sees it (ADR 0019: an office's money
 * stays its own, the concierge's fee invoices stay the concierge's). The screen refetches.
 */
export const billingEventSchema = z.object({
  kind: z.enum(['estimate', 'invoice', 'payment']),
  /** The estimate's, invoice's or payment's id. */
  entityId: z.uuid(),
  /** The request the estimate or invoice belongs to; null for a payment (it may pay several). */
  projectId: z.uuid().nullable(),
  requestId: z.number().int().positive().nullable(),
});
export type BillingEvent = z.infer<typeof billingEventSchema>;

export const realtimeTopics = {
  /** New mails of one request, for whoever may see the request. */
  onRequestMail: {
    query: `subscription OnRequestMail($projectId: ID!, $requestId: Int!) {
  onRequestMail(projectId: $projectId, requestId: $requestId) { mailId projectId requestId }
}`,
    variables: z.object({ projectId: z.uuid(), requestId: z.number().int().positive() }),
    data: requestMailEventSchema,
    changeFields: ['kind', 'mail', 'reads', 'mailCount', 'unreadCount'],
  },
  /** The caller's unread request mails, as GET /requests/unread-summary answers them, whenever they change. */
  onUnreadCounts: {
    query: `subscription OnUnreadCounts {
  onUnreadCounts { unreadMailCount requestsWithUnread }
}`,
    variables: z.object({}),
    data: requestUnreadEventSchema,
    changeFields: ['request'],
  },
  /** Changes in one request's chat room, for its members. */
  onChatRoom: {
    query: `subscription OnChatRoom($projectId: ID!, $requestId: Int!) {
  onChatRoom(projectId: $projectId, requestId: $requestId) { projectId requestId kind messageId seq userId }
}`,
    variables: z.object({ projectId: z.uuid(), requestId: z.number().int().positive() }),
    data: chatRoomEventSchema,
    changeFields: ['message', 'side'],
  },
  /** The caller's unread chat messages, as GET /chat/unread-summary answers them, whenever they change. */
  onChatUnread: {
    query: `subscription OnChatUnread {
  onChatUnread { unreadMessageCount roomsWithUnread unreadMentionCount }
}`,
    variables: z.object({}),
    data: chatUnreadEventSchema,
    changeFields: ['room'],
  },
  /** The caller's notifications: request status changes, and requests arriving at the caller's office. */
  onNotification: {
    query: `subscription OnNotification {
  onNotification { id kind projectId requestId requestName action status reason occurredAt }
}`,
    variables: z.object({}),
    data: notificationEventSchema,
  },
  /** Changes to the estimates, invoices and payments the caller sees. */
  onBillingChanged: {
    query: `subscription OnBillingChanged {
  onBillingChanged { kind entityId projectId requestId }
}`,
    variables: z.object({}),
    data: billingEventSchema,
  },
} as const;

export type RealtimeTopic = keyof typeof realtimeTopics;

/**
 * The documents that also select the change itself (ADR 0050, ADR 0055): what the web subscribes
 * with, so a new message or mail, an edit, a withdrawal or a read needs no request.
 */
export const realtimeChangeDocuments = {
  onRequestMail: `subscription OnRequestMailChanges($projectId: ID!, $requestId: Int!) {
  onRequestMail(projectId: $projectId, requestId: $requestId) {
    mailId projectId requestId kind mailCount unreadCount
    mail { id direction subject body senderUserId senderName sentAt readAt attachments { id name contentType sizeBytes } }
    reads { id readAt }
  }
}`,
  onUnreadCounts: `subscription OnUnreadCountsChanges {
  onUnreadCounts {
    unreadMailCount requestsWithUnread awaitingRequestCount
    request { projectId requestId unreadMailCount }
  }
}`,
  onChatRoom: `subscription OnChatRoomChanges($projectId: ID!, $requestId: Int!) {
  onChatRoom(projectId: $projectId, requestId: $requestId) {
    projectId requestId kind messageId seq userId side
    message { id seq side senderUserId senderName body sentAt editedAt revisions { body replacedAt } withdrawnAt mentions { userId name } attachments { id name contentType sizeBytes } }
  }
}`,
  onChatUnread: `subscription OnChatUnreadChanges {
  onChatUnread {
    unreadMessageCount roomsWithUnread unreadMentionCount
    room { projectId requestId requestName projectTitle referenceCode counterpartName unreadCount unreadMentionCount lastMessage { senderName excerpt withdrawn attachmentCount sentAt } }
  }
}`,
} as const satisfies Partial<Record<keyof typeof realtimeTopics, string>>;

/** The fields a topic sends only to a document that selects them (none for most topics). */
export function realtimeChangeFields(topic: keyof typeof realtimeTopics): readonly string[] {
  const entry = realtimeTopics[topic];
  return 'changeFields' in entry ? entry.changeFields : [];
}
export const realtimeTopicNames = Object.keys(realtimeTopics) as RealtimeTopic[];
export type RealtimeVariables<T extends RealtimeTopic> = z.infer<(typeof realtimeTopics)[T]['variables']>;
export type RealtimeData<T extends RealtimeTopic> = z.infer<(typeof realtimeTopics)[T]['data']>;

/**
 * The message of the `error` frame (errorType ForbiddenException) that ends a subscription when
 * its user lost access after it started (unassigned, removed, demoted, signed out, the matter
 * deleted). The client drops the subscription and tells the user it no longer has access.
 */
export const realtimeAccessRevoked = 'accessRevoked';

/** The `payload.data` of a start message, as JSON text (the protocol sends it as a string). */
export function realtimeStartData<T extends RealtimeTopic>(
  topic: T,
  variables: RealtimeVariables<T>,
  query: string = realtimeTopics[topic].query,
): string {
  return JSON.stringify({ query, variables });
}
