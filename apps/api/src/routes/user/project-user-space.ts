import multipart from '@fastify/multipart';
import {
  ApiErrorMessage,
  createUserSpaceCommentBodySchema,
  deleteUserSpaceCommentResponseSchema,
  deleteUserSpaceFileResponseSchema,
  projectCommentParamsSchema,
  projectFileParamsSchema,
  projectIdParamsSchema,
  updateUserSpaceCommentBodySchema,
  userSpaceCommentListResponseSchema,
  userSpaceCommentResponseSchema,
  userSpaceFileListResponseSchema,
  userSpaceFileMaxBytes,
  userSpaceFileResponseSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { checkWritable } from '../../repositories/project-details.js';
import {
  addComment,
  addFile,
  deleteComment,
  deleteFile,
  getFile,
  listComments,
  listFiles,
  updateComment,
} from '../../repositories/project-user-space.js';
import type { CommentRefusal } from '../../repositories/project-user-space.js';
import { defaultAllowedContentTypes } from '../../storage/content-type.js';
import { sendObject } from '../../storage/http.js';
import { StorageError } from '../../storage/types.js';
import { discardObject, receiveFile } from '../../http/uploads.js';
import { refusalError } from '../shared/project-http.js';

const security = [{ idToken: [] }];

/**
 * A matter's user space (comments, files): REGULAR users only. There is deliberately no such
 * route under /patent, and the /user auth hook refuses PATENT tokens, so firms and concierges
 * never reach it (spec section 6). Deleted matters: reads work, writes answer 409.
 */
export const userSpaceRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(routes);
  done();
};

const routes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    '/projects/:id/comments',
    {
      schema: {
        tags: ['user'],
        summary: 'User space comments of a matter, oldest first',
        security,
        params: projectIdParamsSchema,
        response: { 200: userSpaceCommentListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const items = await listComments(app.db, principalOf(request), request.params.id);
      if (!items) throw HttpError.notFound('projectNotFound');
      return { hasError: false, message: ok, items };
    },
  );

  app.post(
    '/projects/:id/comments',
    {
      schema: {
        tags: ['user'],
        summary: 'Add a user space comment',
        security,
        params: projectIdParamsSchema,
        body: createUserSpaceCommentBodySchema,
        response: { 201: userSpaceCommentResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request, reply) => {
      const outcome = await addComment(
        app.db,
        principalOf(request),
        request.params.id,
        request.body.body,
        actorOf(request),
      );
      if (outcome.kind !== 'created') throw refusalError(outcome);
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.comment });
    },
  );

  app.patch(
    '/projects/:id/comments/:commentId',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the text of a user space comment (only its author)',
        security,
        params: projectCommentParamsSchema,
        body: updateUserSpaceCommentBodySchema,
        response: { 200: userSpaceCommentResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request) => {
      const { id, commentId } = request.params;
      const outcome = await updateComment(
        app.db,
        principalOf(request),
        id,
        commentId,
        request.body.body,
        actorOf(request),
      );
      if (outcome.kind !== 'updated') throw commentRefusal(outcome);
      return { hasError: false, message: ok, item: outcome.comment };
    },
  );

  app.delete(
    '/projects/:id/comments/:commentId',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete a user space comment (only its author)',
        security,
        params: projectCommentParamsSchema,
        response: { 200: deleteUserSpaceCommentResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request) => {
      const { id, commentId } = request.params;
      const outcome = await deleteComment(app.db, principalOf(request), id, commentId, actorOf(request));
      if (outcome.kind !== 'removed') throw commentRefusal(outcome);
      return { hasError: false, message: ok, item: { id: outcome.id } };
    },
  );

  app.get(
    '/projects/:id/files',
    {
      schema: {
        tags: ['user'],
        summary: 'User space files of a matter, newest first',
        security,
        params: projectIdParamsSchema,
        response: { 200: userSpaceFileListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const items = await listFiles(app.db, principalOf(request), request.params.id);
      if (!items) throw HttpError.notFound('projectNotFound');
      return { hasError: false, message: ok, items };
    },
  );

  app.post(
    '/projects/:id/files',
    {
      schema: {
        tags: ['user'],
        summary: 'Upload a user space file (multipart/form-data, part `file`)',
        description: `Documents, images and archives, at most ${userSpaceFileMaxBytes} bytes (413 above).`,
        consumes: ['multipart/form-data'],
        security,
        params: projectIdParamsSchema,
        response: { 201: userSpaceFileResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      // Refuse before reading the upload: nothing is stored for a matter the caller cannot change.
      const writable = await checkWritable(app.db, principal, id);
      if (!('row' in writable)) throw refusalError(writable);
      const stored = await receiveFile(request, app.storage, {
        prefix: `userSpace/${id}`,
        allowedContentTypes: defaultAllowedContentTypes,
        maxBytes: userSpaceFileMaxBytes,
        typeRefusal: 'fileTypeNotAllowed',
      });
      let outcome: Awaited<ReturnType<typeof addFile>>;
      try {
        outcome = await addFile(app.db, principal, id, stored, actorOf(request));
      } catch (error) {
        await discardObject(request, app.storage, stored.storageKey);
        throw error;
      }
      if (outcome.kind !== 'created') {
        await discardObject(request, app.storage, stored.storageKey);
        throw refusalError(outcome);
      }
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.file });
    },
  );

  app.get(
    '/projects/:id/files/:fileId',
    {
      schema: {
        tags: ['user'],
        summary: 'Download a user space file (Content-Disposition: attachment)',
        security,
        params: projectFileParamsSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const found = await getFile(app.db, principalOf(request), id, fileId);
      if (found.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      if (found.kind === 'fileNotFound') throw HttpError.notFound('fileNotFound');
      try {
        const object = await app.storage.get(found.storageKey);
        return sendObject(reply, object, found.file.name);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'notFound')
          throw HttpError.notFound('fileNotFound');
        throw error;
      }
    },
  );

  app.delete(
    '/projects/:id/files/:fileId',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete a user space file (only its uploader)',
        security,
        params: projectFileParamsSchema,
        response: { 200: deleteUserSpaceFileResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
    },
    async (request) => {
      const { id, fileId } = request.params;
      const outcome = await deleteFile(app.db, principalOf(request), id, fileId, actorOf(request));
      if (outcome.kind === 'fileNotFound') throw HttpError.notFound('fileNotFound');
      if (outcome.kind !== 'removed') throw refusalError(outcome);
      await discardObject(request, app.storage, outcome.storageKey);
      return { hasError: false, message: ok, item: { id: outcome.id } };
    },
  );
  done();
};

function commentRefusal(outcome: CommentRefusal): HttpError {
  return outcome.kind === 'commentNotFound' ? HttpError.notFound('commentNotFound') : refusalError(outcome);
}
