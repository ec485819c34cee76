import multipart from '@fastify/multipart';
import {
  deliverableListQuerySchema,
  deliverableListResponseSchema,
  deliverableParamsSchema,
  deliverableResponseSchema,
  requestDeliverableListResponseSchema,
  requestParamsSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import {
  addDeliverable,
  findDeliverable,
  listDeliverables,
  listRequestDeliverables,
} from '../../repositories/deliverables.js';
import { writableRequest } from '../../repositories/request-mails.js';
import { defaultAllowedContentTypes } from '../../storage/content-type.js';
import { sendObject } from '../../storage/http.js';
import { StorageError } from '../../storage/types.js';
import { scheduleUploadCheck } from '../../storage/upload-check.js';
import { discardObject, effectiveUploadLimit, receiveFile } from '../../http/uploads.js';
import { requestRefusalError } from './request-mails-http.js';

const security = [{ idToken: [] }];

/** The upload check runs well after an upload can still be in flight (the request timeout) and its row written. */
const uploadCheckDelaySeconds = (config: AppConfig) => Math.ceil(config.timeouts.requestMs / 1000) + 60;

/**
 * Deliverables, mounted in both namespaces: both sides list and download; only /patent has the
 * upload, and only the addressed office reaches it. There is deliberately no route that replaces
 * or deletes one: the bytes are stored write-once and the rows are insert-only (database trigger).
 */
export const deliverableRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (app, opts, done) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(routes, opts);
  done();
};

const routes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (app, { tag }, done) => {
  const maxUploadBytes = () => effectiveUploadLimit(app.storage, app.config.deliverableMaxBytes);

  app.get(
    '/deliverables',
    {
      schema: {
        tags: [tag],
        summary: 'Every deliverable the caller may see, newest first, with the filter options',
        description: 'Offset pagination; `requestNumber` needs `projectId`.',
        security,
        querystring: deliverableListQuerySchema,
        response: { 200: deliverableListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listDeliverables(app.db, principalOf(request), request.query);
      return { hasError: false, message: ok, ...page };
    },
  );

  app.get(
    '/requests/:projectId/:requestId/deliverables',
    {
      schema: {
        tags: [tag],
        summary: "A request's deliverables, newest first, every version",
        security,
        params: requestParamsSchema,
        response: { 200: requestDeliverableListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { projectId, requestId } = request.params;
      const items = await listRequestDeliverables(app.db, principalOf(request), projectId, requestId);
      if (!items) throw HttpError.notFound('requestNotFound');
      return { hasError: false, message: ok, items, maxUploadBytes: maxUploadBytes() };
    },
  );

  app.get(
    '/requests/:projectId/:requestId/deliverables/:deliverableId/file',
    {
      schema: {
        tags: [tag],
        summary: 'Download a deliverable (Content-Disposition: attachment)',
        security,
        params: deliverableParamsSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const found = await findDeliverable(app.db, principalOf(request), request.params);
      if (found.kind === 'notFound') throw HttpError.notFound('requestNotFound');
      if (found.kind === 'fileNotFound') throw HttpError.notFound('deliverableNotFound');
      try {
        return sendObject(reply, await app.storage.get(found.storageKey), found.deliverable.title);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'notFound')
          throw HttpError.notFound('deliverableNotFound');
        throw error;
      }
    },
  );

  if (tag === 'patent') {
    app.post(
      '/requests/:projectId/:requestId/deliverables',
      {
        schema: {
          tags: [tag],
          summary: 'Upload a deliverable (multipart/form-data, part `file`); write-once',
          description:
            'At most DELIVERABLE_MAX_BYTES (413 above). A file name the request already has becomes its next version.',
          consumes: ['multipart/form-data'],
          security,
          params: requestParamsSchema,
          response: { 201: deliverableResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const { projectId, requestId } = request.params;
        // Refuse before reading the upload: nothing is stored for a request the caller cannot write to.
        const writable = await writableRequest(app.db, principal, projectId, requestId);
        if ('kind' in writable) throw requestRefusalError(writable);
        if (principal.firmId !== writable.request.firmId) throw HttpError.forbidden('deliverablesOfficeOnly');
        const stored = await receiveFile(request, app.storage, {
          prefix: `deliverables/${writable.request.id}`,
          allowedContentTypes: defaultAllowedContentTypes,
          maxBytes: app.config.deliverableMaxBytes,
          typeRefusal: 'fileTypeNotAllowed',
          writeOnce: true,
          // Committed before the bytes: whatever fails after them, the key is checked later.
          beforeStore: (key) =>
            scheduleUploadCheck(
              app.db,
              app.jobs,
              { key, purpose: 'deliverable', requestId: writable.request.id, userId: principal.userId },
              uploadCheckDelaySeconds(app.config),
            ),
        });
        const outcome = await addDeliverable(
          app.db,
          principal,
          projectId,
          requestId,
          stored,
          actorOf(request),
        );
        if (outcome.kind !== 'created') {
          // Write-once bytes cannot be removed; they stay unreferenced (the log and the upload check say so).
          await discardObject(request, app.storage, stored.storageKey);
          if (outcome.kind === 'forbidden') throw HttpError.forbidden('deliverablesOfficeOnly');
          throw requestRefusalError(outcome);
        }
        return reply.code(201).send({ hasError: false, message: ok, item: outcome.deliverable });
      },
    );
  }
  done();
};
