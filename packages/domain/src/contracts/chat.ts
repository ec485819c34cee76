import { z } from 'zod';
import { ValidationMessage } from '../validation/messages.js';
import { idSchema, optionalText, requiredText } from '../validation/primitives.js';
import { binaryResponse, endpoint, multipartBody } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { requestParamsSchema } from './request.js';

/*
 * Chat (ADR 0031): one room per request, between the client side and the addressed
 * office (and a concierge coordinating the request, who writes for the office side). A room is
 * addressed by its request, like the mail thread; its members are whoever may see the request,
 * and anyone else gets 404. Messages are never deleted: the sender may edit one within 15 minutes
 * (the earlier texts are kept and shown) or withdraw it within 2 minutes (it stays, shown as
 * withdrawn). The same calls serve `/user` and `/patent`.
 */

/** Longest message text, in characters. */
export const chatMessageMaxLength = 4000;
/** Most attachments one message carries. */
export const chatMaxAttachments = 5;
/** Largest attachment, in bytes (the server's storage limit applies when lower). */
export const chatAttachmentMaxBytes = 20 * 1024 * 1024;
/** Most members one message mentions. */
export const chatMaxMentions = 20;
/** How long after sending the sender may edit a message. */
export const chatEditWindowMs = 15 * 60 * 1000;
/** How long after sending the sender may withdraw a message. */
export const chatWithdrawWindowMs = 2 * 60 * 1000;
/** A message unread this long counts for the offline digest mail. */
export const chatDigestDelayMs = 10 * 60 * 1000;
/** At most one digest mail per user and room in this time. */
export const chatDigestIntervalMs = 60 * 60 * 1000;
/** Rooms per page of the room list; messages per page of a room. */
export const chatRoomPageSize = 50;
export const chatMessagePageSize = 50;

export const chatSides = ['client', 'office'] as const;
export type ChatSide = (typeof chatSides)[number];

export const chatAttachmentSchema = z.object({
  /** The file id used in the download path. */
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** Someone who may read and write in a room, as a mention names them. */
export const chatMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  side: z.enum(chatSides),
  /** The organization, office or (for an individual client) empty string they write for. */
  affiliation: z.string(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatRevisionSchema = z.object({
  /** The text before this edit. */
  body: z.string(),
  /** When it was replaced. */
  replacedAt: z.iso.datetime(),
});
export type ChatRevision = z.infer<typeof chatRevisionSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  /** 1, 2, 3… within the room: the order, the read pointer and the paging key. */
  seq: z.number().int().positive(),
  side: z.enum(chatSides),
  senderUserId: z.uuid().nullable(),
  /** The sender's name at the time of reading. */
  senderName: z.string(),
  /** The current text; empty once withdrawn (the text is kept on the server, not shown). */
  body: z.string(),
  sentAt: z.iso.datetime(),
  /** Set when the text was edited; the earlier texts are in `revisions`, oldest first. */
  editedAt: z.iso.datetime().nullable(),
  revisions: z.array(chatRevisionSchema),
  withdrawnAt: z.iso.datetime().nullable(),
  mentions: z.array(z.object({ userId: z.uuid(), name: z.string() })),
  /** Empty once withdrawn. */
  attachments: z.array(chatAttachmentSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One room of the caller's room list. */
export const chatRoomSummarySchema = z.object({
  projectId: z.uuid(),
  /** The request's number within the matter (the `requestId` of the paths). */
  requestId: z.number().int().positive(),
  requestName: z.string(),
  projectTitle: z.string(),
  /** The matter's reference code (整理番号), empty when it has none. */
  referenceCode: z.string(),
  /** The other side: the office's name for a client, the client's organization or name for an office. */
  counterpartName: z.string(),
  unreadCount: z.number().int().nonnegative(),
  /** Unread messages that mention the caller. */
  unreadMentionCount: z.number().int().nonnegative(),
  lastMessage: z
    .object({
      senderName: z.string(),
      /** The start of the text (at most 100 characters); empty when withdrawn or only files. */
      excerpt: z.string(),
      withdrawn: z.boolean(),
      attachmentCount: z.number().int().nonnegative(),
      sentAt: z.iso.datetime(),
    })
    .nullable(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

export const chatRoomListQuerySchema = z.strictObject({
  /** Matches the request name, the matter title or reference code and the counterpart's name. */
  q: optionalText(100).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ChatRoomListQuery = z.infer<typeof chatRoomListQuerySchema>;

export const chatRoomListResponseSchema = itemsEnvelope(chatRoomSummarySchema, {
  /** Present when there are more rooms (newest message first). */
  nextCursor: z.string().nullable(),
});
export type ChatRoomListResponse = z.infer<typeof chatRoomListResponseSchema>;

/** A room as its page needs it. */
export const chatRoomSchema = chatRoomSummarySchema.omit({ lastMessage: true }).extend({
  /** The caller's side in this room. */
  mySide: z.enum(chatSides),
  members: z.array(chatMemberSchema),
  /**
   * The highest seq any member of the other side has read, for the caller's "既読" marks; null
   * while none has, or when the other side's organization does not share read receipts.
   */
  otherSideReadSeq: z.number().int().nonnegative().nullable(),
  /** Whether the other side shares read receipts at all (false: show no marks). */
  otherSideSharesReadReceipts: z.boolean(),
  /** The caller's own read pointer. */
  myLastReadSeq: z.number().int().nonnegative(),
  /** The room's last message number (0 while empty). */
  lastSeq: z.number().int().nonnegative(),
  /** False when the matter is deleted: the room is readable but frozen. */
  writable: z.boolean(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomResponseSchema = itemEnvelope(chatRoomSchema);

export const chatMessagesQuerySchema = z.strictObject({
  /** Messages before this seq (older page); omit for the newest page. */
  before: z.coerce.number().int().positive().optional(),
  /** Messages after this seq (catching up after a reconnect); ignores `before`. */
  after: z.coerce.number().int().nonnegative().optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/** At most `chatMessagePageSize` messages, oldest first. */
export const chatMessageListResponseSchema = itemsEnvelope(chatMessageSchema, {
  /** Whether older messages exist before the first one returned. */
  hasOlder: z.boolean(),
  /** Whether newer messages exist after the last one returned (only with `after`). */
  hasNewer: z.boolean(),
});
export type ChatMessageListResponse = z.infer<typeof chatMessageListResponseSchema>;

export const chatMessageResponseSchema = itemEnvelope(chatMessageSchema);

/** Members mentioned, by users.id; each must be a member of the room. */
const mentionsSchema = z
  .array(idSchema)
  .max(chatMaxMentions, { error: ValidationMessage.invalidValue })
  .default([]);

/**
 * The text fields of a new message (multipart fields `body` and `mentions`, the latter a JSON
 * array of user ids, before any `files` part). The body may be empty when files come with it.
 */
export const createChatMessageFieldsSchema = z.strictObject({
  body: z.string().trim().max(chatMessageMaxLength, { error: ValidationMessage.tooLong }),
  mentions: mentionsSchema,
});
export type CreateChatMessageFields = z.infer<typeof createChatMessageFieldsSchema>;

export const editChatMessageBodySchema = z.strictObject({
  body: requiredText(chatMessageMaxLength),
  mentions: mentionsSchema,
});
export type EditChatMessageBody = z.infer<typeof editChatMessageBodySchema>;

export const markChatReadBodySchema = z.strictObject({
  /** Everything up to this seq is read (a lower value than the stored one changes nothing). */
  throughSeq: z.number().int().nonnegative(),
});
export type MarkChatReadBody = z.infer<typeof markChatReadBodySchema>;

export const markChatReadResponseSchema = itemEnvelope(
  z.object({ lastReadSeq: z.number().int().nonnegative() }),
);

/** The caller's unread chat messages over every room (the sidebar's badge). */
export const chatUnreadSummarySchema = z.object({
  unreadMessageCount: z.number().int().nonnegative(),
  roomsWithUnread: z.number().int().nonnegative(),
  unreadMentionCount: z.number().int().nonnegative(),
});
export type ChatUnreadSummary = z.infer<typeof chatUnreadSummarySchema>;
export const chatUnreadSummaryResponseSchema = itemEnvelope(chatUnreadSummarySchema);

export const chatMessageParamsSchema = requestParamsSchema.extend({ messageId: idSchema });
export const chatAttachmentParamsSchema = chatMessageParamsSchema.extend({ fileId: idSchema });

/** An organization's chat settings (its administrators change them). */
export const chatSettingsSchema = z.strictObject({
  /** Whether offices see when this organization's members have read their messages (既読). */
  shareReadReceipts: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsResponseSchema = itemEnvelope(chatSettingsSchema);
const organizationParamsSchema = z.strictObject({ organizationId: idSchema });

const room = '/chat/rooms/:projectId/:requestId';

export const chatEndpoints = {
  listChatRooms: endpoint({
    method: 'GET',
    path: '/chat/rooms',
    namespaces: ['user', 'patent'],
    summary: "The caller's chat rooms with messages, newest message first",
    query: chatRoomListQuerySchema,
    response: chatRoomListResponseSchema,
    refusals: ['invalidCursor'],
  }),
  getChatUnreadSummary: endpoint({
    method: 'GET',
    path: '/chat/unread-summary',
    namespaces: ['user', 'patent'],
    summary: "Unread chat messages over the caller's rooms",
    response: chatUnreadSummaryResponseSchema,
    refusals: [],
  }),
  getChatRoom: endpoint({
    method: 'GET',
    path: room,
    namespaces: ['user', 'patent'],
    summary: "A request's chat room: members, read state, whether it is writable",
    description: 'Answers for every request the caller sees, with or without messages.',
    params: requestParamsSchema,
    response: chatRoomResponseSchema,
    refusals: ['requestNotFound'],
  }),
  listChatMessages: endpoint({
    method: 'GET',
    path: `${room}/messages`,
    namespaces: ['user', 'patent'],
    summary: "A page of a room's messages, oldest first",
    params: requestParamsSchema,
    query: chatMessagesQuerySchema,
    response: chatMessageListResponseSchema,
    refusals: ['requestNotFound'],
  }),
  sendChatMessage: endpoint({
    method: 'POST',
    path: `${room}/messages`,
    namespaces: ['user', 'patent'],
    summary: 'Send a chat message (multipart/form-data; JSON for a message without files)',
    description: `Fields \`body\` and \`mentions\` (a JSON array of user ids) first, then up to ${chatMaxAttachments} parts \`files\` of at most ${chatAttachmentMaxBytes} bytes each (413 above). A message without files may be sent as \`application/json\` instead: \`{ "body": "...", "mentions": [...] }\`. A message needs a text or a file.`,
    params: requestParamsSchema,
    body: multipartBody,
    response: chatMessageResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'projectDeleted', 'chatMessageEmpty', 'chatMentionNotMember'],
  }),
  editChatMessage: endpoint({
    method: 'PATCH',
    path: `${room}/messages/:messageId`,
    namespaces: ['user', 'patent'],
    summary: 'Edit one of your messages within 15 minutes of sending (the earlier text is kept)',
    params: chatMessageParamsSchema,
    body: editChatMessageBodySchema,
    response: chatMessageResponseSchema,
    refusals: [
      'requestNotFound',
      'projectDeleted',
      'chatMessageNotFound',
      'chatNotSender',
      'chatEditWindowClosed',
      'chatMessageWithdrawn',
      'chatMentionNotMember',
    ],
  }),
  withdrawChatMessage: endpoint({
    method: 'POST',
    path: `${room}/messages/:messageId/withdraw`,
    namespaces: ['user', 'patent'],
    summary: 'Withdraw one of your messages within 2 minutes of sending (it stays, shown as withdrawn)',
    params: chatMessageParamsSchema,
    response: chatMessageResponseSchema,
    refusals: [
      'requestNotFound',
      'projectDeleted',
      'chatMessageNotFound',
      'chatNotSender',
      'chatWithdrawWindowClosed',
      'chatMessageWithdrawn',
    ],
  }),
  markChatRead: endpoint({
    method: 'POST',
    path: `${room}/read`,
    namespaces: ['user', 'patent'],
    summary: "Moves the caller's read pointer forward",
    params: requestParamsSchema,
    body: markChatReadBodySchema,
    response: markChatReadResponseSchema,
    refusals: ['requestNotFound'],
  }),
  downloadChatAttachment: endpoint({
    method: 'GET',
    path: `${room}/messages/:messageId/attachments/:fileId`,
    namespaces: ['user', 'patent'],
    summary: 'Download a chat attachment (Content-Disposition: attachment)',
    params: chatAttachmentParamsSchema,
    response: binaryResponse,
    refusals: ['requestNotFound', 'fileNotFound'],
  }),
  exportChatTranscript: endpoint({
    method: 'GET',
    path: `${room}/transcript`,
    namespaces: ['user', 'patent'],
    summary: "The room's whole transcript as a UTF-8 text file, in the caller's language",
    description:
      'Every message in order with its sender, side and time (JST), earlier texts of edited messages, withdrawn messages marked without their text, and each attachment with its size and SHA-256.',
    params: requestParamsSchema,
    response: binaryResponse,
    refusals: ['requestNotFound'],
  }),
  getChatSettings: endpoint({
    method: 'GET',
    path: '/organizations/:organizationId/chat-settings',
    namespaces: ['user'],
    summary: "An organization's chat settings (its members may read them)",
    params: organizationParamsSchema,
    response: chatSettingsResponseSchema,
    refusals: ['organizationNotFound'],
  }),
  updateChatSettings: endpoint({
    method: 'PUT',
    path: '/organizations/:organizationId/chat-settings',
    namespaces: ['user'],
    summary: "Change an organization's chat settings (administrators)",
    params: organizationParamsSchema,
    body: chatSettingsSchema,
    response: chatSettingsResponseSchema,
    refusals: ['organizationNotFound', 'notOrganizationAdmin'],
  }),
};
