import multipart from '@fastify/multipart';
import {
  ApiErrorMessage,
  projectDetailResponseSchema,
  projectIdParamsSchema,
  trademarkImageContentTypes,
  userSpaceFileMaxBytes,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import {
  checkWritable,
  getTrademarkImage,
  setTrademarkImage,
  trademarkCaseType,
} from '../../repositories/project-details.js';
import { sendObject } from '../../storage/http.js';
import { StorageError } from '../../storage/types.js';
import { discardObject, receiveFile } from '../../http/uploads.js';
import { parsingSerializerCompiler, refusalError } from './project-http.js';

const security = [{ idToken: [] }];

/**
 * GET and PUT /projects/{id}/trademark-image in a namespace (both /user and /patent; an office
 * may replace it only where the matter allows office edits). Multipart is parsed only here.
 */
export const trademarkImageRoutes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (
  app,
  options,
  done,
) => {
  // Registered in this order, multipart is ready before the routes (and only their scope parses it).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(routes, options);
  done();
};

const routes: FastifyPluginCallbackZod<{ tag: 'user' | 'patent' }> = (app, { tag }, done) => {
  app.get(
    '/projects/:id/trademark-image',
    {
      schema: {
        tags: [tag],
        summary: "The matter's trademark image sample (bytes)",
        security,
        params: projectIdParamsSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const found = await getTrademarkImage(app.db, principalOf(request), request.params.id);
      if (found.kind === 'notFound') throw HttpError.notFound('projectNotFound');
      if (found.kind === 'noImage') throw HttpError.notFound('trademarkImageNotFound');
      try {
        const object = await app.storage.get(found.file.storageKey);
        return sendObject(reply, object, found.file.originalName);
      } catch (error) {
        if (error instanceof StorageError && error.code === 'notFound') {
          throw HttpError.notFound('trademarkImageNotFound');
        }
        throw error;
      }
    },
  );

  app.put(
    '/projects/:id/trademark-image',
    {
      schema: {
        tags: [tag],
        summary: 'Upload the trademark image sample (multipart/form-data, part `file`, an image)',
        description: `PNG, JPEG, GIF or WebP, at most ${userSpaceFileMaxBytes} bytes; trademark matters only.`,
        consumes: ['multipart/form-data'],
        security,
        params: projectIdParamsSchema,
        response: { 200: projectDetailResponseSchema, ...errorResponses },
      },
      config: { failureMessage: ApiErrorMessage.projectUpdateFailed },
      serializerCompiler: parsingSerializerCompiler,
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      // Refuse before reading the upload: nothing is stored for a matter the caller cannot change.
      const writable = await checkWritable(app.db, principal, id);
      if (!('row' in writable)) throw refusalError(writable);
      if (writable.row.type !== trademarkCaseType) throw HttpError.badRequest('notTrademark');
      const stored = await receiveFile(request, app.storage, {
        prefix: `trademarkImage/${id}`,
        allowedContentTypes: trademarkImageContentTypes,
        maxBytes: userSpaceFileMaxBytes,
        typeRefusal: 'imageTypeNotAllowed',
      });
      let outcome: Awaited<ReturnType<typeof setTrademarkImage>>;
      try {
        outcome = await setTrademarkImage(app.db, principal, id, stored, actorOf(request));
      } catch (error) {
        await discardObject(request, app.storage, stored.storageKey);
        throw error;
      }
      if (outcome.kind !== 'updated') {
        await discardObject(request, app.storage, stored.storageKey);
        if (outcome.kind === 'notTrademark') throw HttpError.badRequest('notTrademark');
        throw refusalError(outcome);
      }
      return { hasError: false, message: ok, item: outcome.detail };
    },
  );
  done();
};
