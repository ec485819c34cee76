import multipart from '@fastify/multipart';
import { deliverableEndpoints, isRefused } from '@ipportal/domain';
import { sendStoredFile } from '../../http/downloads.js';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { effectiveUploadLimit, receiveFile } from '../../http/uploads.js';
import {
  findDeliverable,
  listDeliverables,
  listRequestDeliverables,
} from '../../repositories/deliverables.js';
import { defaultAllowedContentTypes } from '../../storage/content-type.js';
import { uploadDeliverable } from '../../use-cases/upload-deliverable.js';

/**
 * Deliverables, mounted in both namespaces: both sides list and download; only /patent has the
 * upload, and only the addressed office reaches it. There is deliberately no route that replaces
 * or deletes one: the bytes are stored write-once and the rows are insert-only (database trigger).
 */
export const deliverableRoutes = routePlugin<NamespaceOptions>((app, options) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(deliverableScopeRoutes, options);
});

const deliverableScopeRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    deliverableEndpoints.listDeliverables,
    async ({ principal, query }) => {
      const { items, ...page } = await listDeliverables(app.db, principal, query);
      return itemsAnswer(items, page);
    },
    { namespace },
  );

  route(
    app,
    deliverableEndpoints.listRequestDeliverables,
    async ({ principal, params }) => {
      const items = await listRequestDeliverables(app.db, principal, params.projectId, params.requestId);
      return isRefused(items)
        ? items
        : itemsAnswer(items, {
            maxUploadBytes: effectiveUploadLimit(app.storage, app.config.deliverableMaxBytes),
          });
    },
    { namespace },
  );

  route(
    app,
    deliverableEndpoints.downloadDeliverable,
    async ({ principal, params, reply }) => {
      const found = await findDeliverable(app.db, principal, params);
      return isRefused(found)
        ? found
        : sendStoredFile(
            reply,
            app.storage,
            { storageKey: found.storageKey, name: found.deliverable.title },
            'deliverableNotFound',
          );
    },
    { namespace },
  );

  if (namespace === 'patent') {
    route(app, deliverableEndpoints.uploadDeliverable, async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await uploadDeliverable(
          {
            db: app.db,
            storage: app.storage,
            jobs: app.jobs,
            log: request.log,
            requestTimeoutMs: app.config.timeouts.requestMs,
          },
          {
            principal,
            actor,
            projectId: params.projectId,
            requestId: params.requestId,
            receive: ({ prefix, beforeStore }) =>
              receiveFile(request, app.storage, {
                prefix,
                beforeStore,
                allowedContentTypes: defaultAllowedContentTypes,
                maxBytes: app.config.deliverableMaxBytes,
                typeRefusal: 'fileTypeNotAllowed',
                writeOnce: true,
              }),
          },
        ),
      ),
    );
  }
});
