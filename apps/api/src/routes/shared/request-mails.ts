import multipart from '@fastify/multipart';
import {
  createRequestMailFieldsSchema,
  isRefused,
  requestMailAttachmentMaxBytes,
  requestMailEndpoints,
  requestMailMaxAttachments,
  webPathOf,
} from '@ipportal/domain';
import { sendStoredFile } from '../../http/downloads.js';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { receiveFiles } from '../../http/uploads.js';
import { mailQueueOf } from '../../mail/index.js';
import { findAttachment, listMails, markMailsRead } from '../../repositories/request-mails.js';
import { defaultAllowedContentTypes } from '../../storage/content-type.js';
import { sendRequestMail } from '../../use-cases/send-request-mail.js';

/**
 * The mail thread of a request, mounted in both namespaces: the client side writes to the office
 * (`toOffice`), the office to the client (`toClient`). A new mail is e-mailed to every user of
 * the other side in that user's language, with a link to the thread (queued with the mail).
 */
export const requestMailRoutes = routePlugin<NamespaceOptions>((app, options) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, {
    limits: {
      files: requestMailMaxAttachments + 1,
      parts: requestMailMaxAttachments + 10,
      fieldSize: 64 * 1024,
    },
  });
  void app.register(threadRoutes, options);
});

const threadRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    requestMailEndpoints.listRequestMails,
    async ({ principal, params }) =>
      answerWith(
        ({ items, unreadCount }) => itemsAnswer(items, { unreadCount }),
        await listMails(app.db, principal, params.projectId, params.requestId),
      ),
    { namespace },
  );

  route(
    app,
    requestMailEndpoints.markRequestMailsRead,
    async ({ principal, params }) =>
      answerWith(
        itemAnswer,
        await markMailsRead(app.db, principal, params.projectId, params.requestId, app.bus),
      ),
    { namespace },
  );

  route(
    app,
    requestMailEndpoints.sendRequestMail,
    async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await sendRequestMail(
          { db: app.db, storage: app.storage, queue: mailQueueOf(app.jobs), bus: app.bus, log: request.log },
          {
            principal,
            actor,
            projectId: params.projectId,
            requestId: params.requestId,
            link: portalLink(app.config, request, webPathOf('requestMails', params)),
            receive: (prefix) =>
              receiveFiles(request, app.storage, {
                prefix,
                fields: createRequestMailFieldsSchema,
                fileField: 'files',
                maxFiles: requestMailMaxAttachments,
                allowedContentTypes: defaultAllowedContentTypes,
                maxBytes: requestMailAttachmentMaxBytes,
                typeRefusal: 'fileTypeNotAllowed',
              }),
          },
        ),
      ),
    { namespace },
  );

  route(
    app,
    requestMailEndpoints.downloadRequestMailAttachment,
    async ({ principal, params, reply }) => {
      const found = await findAttachment(app.db, principal, params);
      return isRefused(found) ? found : sendStoredFile(reply, app.storage, found, 'fileNotFound');
    },
    { namespace },
  );
});
