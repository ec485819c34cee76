import { z } from 'zod';
import { requiredText } from '../validation/primitives.js';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { binaryResponse, endpoint, multipartBody } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { projectIdParamsSchema } from './project.js';

/** Largest user space file or trademark image the web app offers to upload, in bytes. */
export const userSpaceFileMaxBytes = 20 * 1024 * 1024;

/** Image types accepted for a trademark image sample. */
export const trademarkImageContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const userSpaceCommentSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  authorUserId: z.uuid(),
  /** The author's name at the time of reading (users may rename themselves). */
  authorName: z.string(),
  body: z.string(),
  createDate: z.iso.datetime(),
  updateDate: z.iso.datetime(),
});
export type UserSpaceComment = z.infer<typeof userSpaceCommentSchema>;

export const createUserSpaceCommentBodySchema = z.strictObject({ body: requiredText(5_000) });
export type CreateUserSpaceCommentBody = z.infer<typeof createUserSpaceCommentBodySchema>;

export const updateUserSpaceCommentBodySchema = createUserSpaceCommentBodySchema;
export type UpdateUserSpaceCommentBody = z.infer<typeof updateUserSpaceCommentBodySchema>;

export const userSpaceCommentListResponseSchema = itemsEnvelope(userSpaceCommentSchema);
export const userSpaceCommentResponseSchema = itemEnvelope(userSpaceCommentSchema);
export const deleteUserSpaceCommentResponseSchema = itemEnvelope(z.object({ id: z.uuid() }));
export const projectCommentParamsSchema = z.strictObject({ projectId: z.uuid(), commentId: z.uuid() });

/** A file in a matter's user space. `id` is the file id used in the download and delete paths. */
export const userSpaceFileSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** The uploader: only they may delete the file. */
  createdBy: z.uuid(),
  createdByName: z.string(),
  createDate: z.iso.datetime(),
});
export type UserSpaceFile = z.infer<typeof userSpaceFileSchema>;

export const userSpaceFileListResponseSchema = itemsEnvelope(userSpaceFileSchema);
export const userSpaceFileResponseSchema = itemEnvelope(userSpaceFileSchema);
export const deleteUserSpaceFileResponseSchema = itemEnvelope(z.object({ id: z.uuid() }));

export const projectFileParamsSchema = z.strictObject({ projectId: z.uuid(), fileId: z.uuid() });

/**
 * A matter's user space: comments and files private to the client side. REGULAR users only:
 * there is deliberately no such path under /patent, so offices and concierges never reach it.
 * Within the client side the matter's visibility applies (404 otherwise). Deleted matters: reads
 * work, writes answer 409. Only its author changes or deletes a comment, only its uploader
 * deletes a file (403).
 */
export const projectUserSpaceEndpoints = {
  listUserSpaceComments: endpoint({
    method: 'GET',
    path: '/projects/:projectId/comments',
    namespaces: ['user'],
    summary: 'User space comments of a matter, oldest first',
    params: projectIdParamsSchema,
    response: userSpaceCommentListResponseSchema,
    refusals: ['projectNotFound'],
  }),
  addUserSpaceComment: endpoint({
    method: 'POST',
    path: '/projects/:projectId/comments',
    namespaces: ['user'],
    summary: 'Add a user space comment',
    params: projectIdParamsSchema,
    body: createUserSpaceCommentBodySchema,
    response: userSpaceCommentResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['projectNotFound', 'projectDeleted'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
  updateUserSpaceComment: endpoint({
    method: 'PATCH',
    path: '/projects/:projectId/comments/:commentId',
    namespaces: ['user'],
    summary: 'Change the text of a user space comment (only its author)',
    params: projectCommentParamsSchema,
    body: updateUserSpaceCommentBodySchema,
    response: userSpaceCommentResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted', 'commentNotFound', 'notCommentAuthor'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
  deleteUserSpaceComment: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/comments/:commentId',
    namespaces: ['user'],
    summary: 'Delete a user space comment (only its author)',
    params: projectCommentParamsSchema,
    response: deleteUserSpaceCommentResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted', 'commentNotFound', 'notCommentAuthor'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
  listUserSpaceFiles: endpoint({
    method: 'GET',
    path: '/projects/:projectId/files',
    namespaces: ['user'],
    summary: 'User space files of a matter, newest first',
    params: projectIdParamsSchema,
    response: userSpaceFileListResponseSchema,
    refusals: ['projectNotFound'],
  }),
  uploadUserSpaceFile: endpoint({
    method: 'POST',
    path: '/projects/:projectId/files',
    namespaces: ['user'],
    summary: 'Upload a user space file (multipart/form-data, part `file`)',
    description: `Documents, images and archives, at most ${userSpaceFileMaxBytes} bytes (413 above).`,
    params: projectIdParamsSchema,
    body: multipartBody,
    response: userSpaceFileResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['projectNotFound', 'projectDeleted'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
  downloadUserSpaceFile: endpoint({
    method: 'GET',
    path: '/projects/:projectId/files/:fileId',
    namespaces: ['user'],
    summary: 'Download a user space file (Content-Disposition: attachment)',
    params: projectFileParamsSchema,
    response: binaryResponse,
    refusals: ['projectNotFound', 'fileNotFound'],
  }),
  deleteUserSpaceFile: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/files/:fileId',
    namespaces: ['user'],
    summary: 'Delete a user space file (only its uploader)',
    params: projectFileParamsSchema,
    response: deleteUserSpaceFileResponseSchema,
    refusals: ['projectNotFound', 'projectDeleted', 'fileNotFound', 'notFileUploader'],
    failureMessage: ApiErrorMessage.projectUpdateFailed,
  }),
};
