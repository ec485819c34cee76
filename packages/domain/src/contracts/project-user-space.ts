import { z } from 'zod';
import { optionalText, requiredText } from '../validation/primitives.js';
import { projectSchema } from './project.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';

/*
 * The matter calls the web app makes beyond list/create/update/delete (project.ts) and the detail
 * (project-detail.ts). Paths are below the namespace (/user; user space is REGULAR-only, spec
 * section 6: concierges and patent attorneys cannot read it):
 *
 *   GET    /projects/{id}                         projectDetailResponseSchema (deleted matters too, read-only)
 *   PATCH  /projects/{id}                         updateProjectBodySchema fields and/or ONE group of
 *                                                 updateProjectDetailBodySchema; answers projectDetailResponseSchema
 *   POST   /projects/{id}/duplicate               no body; 201 projectResponseSchema (the new matter)
 *   PUT    /projects/{id}/trademark-image         multipart/form-data, one part `file` (image);
 *                                                 answers projectDetailResponseSchema
 *   GET    /projects/{id}/trademark-image         the image bytes
 *   GET    /projects/{id}/comments                userSpaceCommentListResponseSchema, oldest first
 *   POST   /projects/{id}/comments                createUserSpaceCommentBodySchema; 201 userSpaceCommentResponseSchema
 *   PATCH  /projects/{id}/comments/{commentId}    only the author; updateUserSpaceCommentBodySchema; userSpaceCommentResponseSchema
 *   DELETE /projects/{id}/comments/{commentId}    only the author; deleteUserSpaceCommentResponseSchema
 *   PUT    /projects/{id}/family                  renameProjectFamilyBodySchema; projectFamilyResponseSchema
 *                                                 (this matter, or every matter of its family the caller can change)
 *   GET    /projects/{id}/files                   userSpaceFileListResponseSchema, newest first
 *   POST   /projects/{id}/files                   multipart/form-data, one part `file`; 201 userSpaceFileResponseSchema
 *   GET    /projects/{id}/files/{fileId}          the bytes (Content-Disposition: attachment)
 *   DELETE /projects/{id}/files/{fileId}          only the uploader; deleteUserSpaceFileResponseSchema
 */

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
export const projectCommentParamsSchema = z.strictObject({ id: z.uuid(), commentId: z.uuid() });

/**
 * PUT /projects/{id}/family: the family name of this matter, or with `allOfFamily` of every live
 * matter the caller can change that has this matter's current family name (a family-wide
 * rename). `family` null or blank removes the name.
 */
export const renameProjectFamilyBodySchema = z.strictObject({
  family: optionalText(100),
  allOfFamily: z.boolean().default(false),
});
export type RenameProjectFamilyBody = z.input<typeof renameProjectFamilyBodySchema>;
/** The matters whose family name changed (list rows), the requested one first. */
export const projectFamilyResponseSchema = itemsEnvelope(projectSchema);

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

export const projectFileParamsSchema = z.strictObject({ id: z.uuid(), fileId: z.uuid() });
