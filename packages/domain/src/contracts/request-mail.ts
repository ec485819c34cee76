import { z } from 'zod';
import { idSchema, requiredText } from '../validation/primitives.js';
import { binaryResponse, endpoint, multipartBody } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { requestParamsSchema } from './request.js';

/*
 * The mail thread of a request between the client and the addressed office. The client side
 * sends `toOffice`, the office `toClient`; each new mail is also e-mailed to the other side's
 * users, in each user's language, with a link to the thread.
 */

/** Most attachments one mail carries. */
export const requestMailMaxAttachments = 10;
/** Largest attachment, in bytes (the server's storage limit applies when lower). */
export const requestMailAttachmentMaxBytes = 20 * 1024 * 1024;

export const requestMailDirections = ['toOffice', 'toClient'] as const;
export type RequestMailDirection = (typeof requestMailDirections)[number];

export const requestMailAttachmentSchema = z.object({
  /** The file id used in the download path. */
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
});
export type RequestMailAttachment = z.infer<typeof requestMailAttachmentSchema>;

export const requestMailSchema = z.object({
  id: z.uuid(),
  direction: z.enum(requestMailDirections),
  subject: z.string(),
  body: z.string(),
  senderUserId: z.uuid().nullable(),
  /** The sender's name at the time of reading. */
  senderName: z.string(),
  sentAt: z.iso.datetime(),
  /** When the receiving side first opened the thread after it arrived; null while unread. */
  readAt: z.iso.datetime().nullable(),
  attachments: z.array(requestMailAttachmentSchema),
});
export type RequestMail = z.infer<typeof requestMailSchema>;

export const requestMailListResponseSchema = itemsEnvelope(requestMailSchema, {
  /** Mails sent to the caller's side that nobody on that side has opened yet. */
  unreadCount: z.number().int().nonnegative(),
});
export type RequestMailListResponse = z.infer<typeof requestMailListResponseSchema>;

export const requestMailResponseSchema = itemEnvelope(requestMailSchema);

/** The text fields of a new mail (multipart fields `subject` and `body`). */
export const createRequestMailFieldsSchema = z.strictObject({
  subject: requiredText(200),
  body: requiredText(10_000),
});
export type CreateRequestMailFields = z.infer<typeof createRequestMailFieldsSchema>;

export const markRequestMailsReadResponseSchema = itemEnvelope(
  z.object({ marked: z.number().int().nonnegative() }),
);

/** Path of one attachment of one mail. */
export const requestMailAttachmentParamsSchema = requestParamsSchema.extend({
  mailId: idSchema,
  fileId: idSchema,
});

/** Mounted in both namespaces alike; a request the caller may not see answers 404. */
export const requestMailEndpoints = {
  listRequestMails: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/mails',
    namespaces: ['user', 'patent'],
    summary: "A request's mail thread, oldest first, with the caller's unread count",
    params: requestParamsSchema,
    response: requestMailListResponseSchema,
    refusals: ['requestNotFound'],
  }),
  markRequestMailsRead: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/mails/read',
    namespaces: ['user', 'patent'],
    summary: "Marks the mails sent to the caller's side read",
    params: requestParamsSchema,
    response: markRequestMailsReadResponseSchema,
    refusals: ['requestNotFound'],
  }),
  sendRequestMail: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/mails',
    namespaces: ['user', 'patent'],
    summary: 'Send a mail on a request (multipart/form-data)',
    description: `Fields \`subject\` and \`body\` first, then up to ${requestMailMaxAttachments} parts \`files\` of at most ${requestMailAttachmentMaxBytes} bytes each (413 above).`,
    params: requestParamsSchema,
    body: multipartBody,
    response: requestMailResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'projectDeleted'],
  }),
  downloadRequestMailAttachment: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/mails/:mailId/attachments/:fileId',
    namespaces: ['user', 'patent'],
    summary: 'Download a mail attachment (Content-Disposition: attachment)',
    params: requestMailAttachmentParamsSchema,
    response: binaryResponse,
    refusals: ['requestNotFound', 'fileNotFound'],
  }),
};
