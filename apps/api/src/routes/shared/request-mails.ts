import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  createRequestMailFieldsSchema,
  describeIssue,
  markRequestMailsReadResponseSchema,
  requestMailAttachmentMaxBytes,
  requestMailAttachmentParamsSchema,
  requestMailListResponseSchema,
  requestMailMaxAttachments,
  requestMailResponseSchema,
  requestParamsSchema,
  type CreateRequestMailFields,
} from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { serverKey, translate } from '../../http/i18n.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { mailQueueOf } from '../../mail/index.js';
import { requestLocale } from '../../http/locale.js';
import {
  findAttachment,
  listMails,
  markMailsRead,
  requestContext,
  sendMail,
} from '../../repositories/request-mails.js';
import { baseContentType, defaultAllowedContentTypes } from '../../storage/content-type.js';
import { sendObject } from '../../storage/http.js';
import { StorageError, type Storage } from '../../storage/types.js';
import {
  discardObject,
  drainRequest,
  effectiveUploadLimit,
  multipartError,
  safeFileName,
  type ReceivedFile,
} from '../../http/uploads.js';
import { portalLink, requestRefusalError } from './request-mails-http.js';

const security = [{ idToken: [] }];

/**
 * The mail thread of a request, mounted in both namespaces: the client side writes to the office
 * (`toOffice`), the office to the client (`toClient`). A new mail is e-mailed to every user of
 * the other side in that user's language, with a link to the thread (queued with the mail).
 */
export const requestMailRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (app, opts, done) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, {
    limits: {
      files: requestMailMaxAttachments + 1,
      parts: requestMailMaxAttachments + 10,
      fieldSize: 64 * 1024,
    },
  });
  void app.register(routes, opts);
  done();
};

const routes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (app, { tag }, done) => {
  app.get(
    '/requests/:projectId/:requestId/mails',
    {
      schema: {
        tags: [tag],
        summary: "A request's mail thread, oldest first, with the caller's unread count",
        security,
        params: requestParamsSchema,
        response: { 200: requestMailListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      const thread = await listMails(app.db, principalOf(request), projectId, requestId);
      if (!thread) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, ...thread };
    },
  );

  app.post(
    '/requests/:projectId/:requestId/mails/read',
    {
      schema: {
        tags: [tag],
        summary: "Marks the mails sent to the caller's side read",
        security,
        params: requestParamsSchema,
        response: { 200: markRequestMailsReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      const result = await markMailsRead(app.db, principalOf(request), projectId, requestId);
      if (!result) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, item: result };
    },
  );

  app.post(
    '/requests/:projectId/:requestId/mails',
    {
      schema: {
        tags: [tag],
        summary: 'Send a mail on a request (multipart/form-data)',
        description: `Fields \`subject\` and \`body\` first, then up to ${requestMailMaxAttachments} parts \`files\` of at most ${requestMailAttachmentMaxBytes} bytes each (413 above).`,
        consumes: ['multipart/form-data'],
        security,
        params: requestParamsSchema,
        response: { 201: requestMailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { projectId, requestId } = request.params;
      // Refuse before reading the upload: nothing is stored for a request the caller cannot write to.
      const context = await requestContext(app.db, principal, projectId, requestId);
      if (!context) throw HttpError.notFound('requestNotFound');
      if (context.projectDeleted) throw HttpError.conflict('projectDeleted');
      const received = await receiveMail(request, app.storage, context.request.id);
      let outcome: Awaited<ReturnType<typeof sendMail>>;
      try {
        outcome = await sendMail(
          app.db,
          principal,
          projectId,
          requestId,
          { ...received.fields, attachments: received.files },
          actorOf(request),
          {
            link: portalLink(app.config, request, `/requests/${projectId}/${requestId}/mails`),
            queue: mailQueueOf(app.jobs),
          },
        );
      } catch (error) {
        await discardAll(request, app.storage, received.files);
        throw error;
      }
      if (outcome.kind !== 'sent') {
        await discardAll(request, app.storage, received.files);
        throw requestRefusalError(outcome);
      }
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.mail });
    },
  );

  app.get(
    '/requests/:projectId/:requestId/mails/:mailId/attachments/:fileId',
    {
      schema: {
        tags: [tag],
        summary: 'Download a mail attachment (Content-Disposition: attachment)',
        security,
        params: requestMailAttachmentParamsSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const found = await findAttachment(app.db, principalOf(request), request.params);
      if (found.kind === 'notFound') throw HttpError.notFound('requestNotFound');
      if (found.kind === 'fileNotFound') throw HttpError.notFound('fileNotFound');
      try {
        return sendObject(reply, await app.storage.get(found.storageKey), found.name);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'notFound')
          throw HttpError.notFound('fileNotFound');
        throw error;
      }
    },
  );

  done();
};

interface ReceivedMail {
  fields: CreateRequestMailFields;
  files: ReceivedFile[];
}

/**
 * Reads the multipart body: the text fields, then each `files` part streamed into storage (size
 * limit, content type and leading bytes checked while streaming). The fields are validated before
 * the first file is stored, so a mail with a missing subject stores nothing.
 */
async function receiveMail(
  request: FastifyRequest,
  storage: Storage,
  requestId: string,
): Promise<ReceivedMail> {
  if (!request.isMultipart()) throw new HttpError(415, { key: serverKey('notMultipart') });
  const limit = effectiveUploadLimit(storage, requestMailAttachmentMaxBytes);
  const tooLarge = () => new HttpError(413, { key: serverKey('fileTooLarge'), params: { max: limit } });
  const raw: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let fields: CreateRequestMailFields | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1 } })) {
      if (part.type === 'field') {
        if (fields) throw HttpError.badRequest('mailFieldsFirst');
        raw[part.fieldname] = String(part.value);
        continue;
      }
      fields ??= validateFields(request, raw);
      if (part.fieldname !== 'files') throw HttpError.badRequest('fileRequired');
      if (files.length >= requestMailMaxAttachments) {
        throw HttpError.badRequest('tooManyAttachments', { max: requestMailMaxAttachments });
      }
      const contentType = baseContentType(part.mimetype || 'application/octet-stream');
      try {
        const stored = await storage.put(`mailAttachments/${requestId}/${randomUUID()}`, part.file, {
          contentType,
          maxBytes: limit,
          allowedContentTypes: defaultAllowedContentTypes,
        });
        files.push({
          storageKey: stored.key,
          storageDriver: storage.driver,
          originalName: safeFileName(part.filename),
          contentType: stored.contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          writeOnce: stored.writeOnce,
          retainUntil: stored.retainUntil,
        });
      } catch (error) {
        if (error instanceof StorageError) {
          if (error.code === 'tooLarge') throw tooLarge();
          if (error.code === 'contentTypeNotAllowed') {
            throw new HttpError(415, { key: serverKey('fileTypeNotAllowed'), params: { type: contentType } });
          }
          if (error.code === 'contentMismatch') {
            throw new HttpError(400, {
              key: serverKey('fileContentMismatch'),
              params: { type: contentType },
            });
          }
        }
        throw error;
      }
    }
    fields ??= validateFields(request, raw);
    return { fields, files };
  } catch (error) {
    drainRequest(request);
    await discardAll(request, storage, files);
    if (error instanceof HttpError) throw error;
    throw multipartError(error, tooLarge);
  }
}

function validateFields(request: FastifyRequest, raw: Record<string, string>): CreateRequestMailFields {
  const parsed = createRequestMailFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const locale = requestLocale(request);
  const errors = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: key,
          message: translate(locale, { key: serverKey('unknownField') }),
        }))
      : [{ path: issue.path.join('.'), message: translate(locale, describeIssue(issue)) }],
  );
  return throwValidation(errors);
}

function throwValidation(errors: { path: string; message: string }[]): never {
  throw new HttpError(400, { key: serverKey('validationFailed') }, errors);
}

async function discardAll(request: FastifyRequest, storage: Storage, files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => discardObject(request, storage, file.storageKey)));
}
