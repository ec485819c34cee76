import multipart from '@fastify/multipart';
import { isRefused, projectDetailEndpoints } from '@ipportal/domain';
import { sendStoredFile } from '../../http/downloads.js';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { receiveFile } from '../../http/uploads.js';
import { findTrademarkImage } from '../../repositories/projects/index.js';
import { uploadTrademarkImage } from '../../use-cases/upload-trademark-image.js';

/**
 * A trademark matter's image sample, in both namespaces: read by whoever sees the matter,
 * replaced by whoever may change it (an office only where the matter allows office edits).
 */
export const trademarkImageRoutes = routePlugin<NamespaceOptions>((app, options) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(trademarkImageScopeRoutes, options);
});

const trademarkImageScopeRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    projectDetailEndpoints.getTrademarkImage,
    async ({ principal, params, reply }) => {
      const file = await findTrademarkImage(app.db, principal, params.projectId);
      return isRefused(file)
        ? file
        : sendStoredFile(
            reply,
            app.storage,
            { storageKey: file.storageKey, name: file.originalName },
            'trademarkImageNotFound',
          );
    },
    { namespace },
  );

  route(
    app,
    projectDetailEndpoints.putTrademarkImage,
    async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await uploadTrademarkImage(
          { db: app.db, storage: app.storage, log: request.log },
          {
            principal,
            actor,
            projectId: params.projectId,
            receive: (target) => receiveFile(request, app.storage, target),
          },
        ),
      ),
    { namespace },
  );
});
