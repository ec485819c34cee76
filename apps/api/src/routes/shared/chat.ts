import multipart from '@fastify/multipart';
import {
  chatAttachmentMaxBytes,
  chatEndpoints,
  chatMaxAttachments,
  createChatMessageFieldsSchema,
  isRefused,
} from '@ipportal/domain';
import { z } from 'zod';
import { sendStoredFile, sendTextFile } from '../../http/downloads.js';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { receiveFiles, receiveJsonFields } from '../../http/uploads.js';
import { editChatMessage, withdrawChatMessage } from '../../repositories/chat/message-writes.js';
import { findChatAttachment, listChatMessages } from '../../repositories/chat/messages.js';
import { chatUnreadSummary, markChatRead } from '../../repositories/chat/reads.js';
import { getChatRoom, listChatRooms } from '../../repositories/chat/rooms.js';
import { chatTranscript } from '../../repositories/chat/transcript.js';
import { defaultAllowedContentTypes } from '../../storage/content-type.js';
import { sendChatMessage } from '../../use-cases/send-chat-message.js';

/**
 * The multipart fields as strings: `mentions` travels as a JSON array of user ids and `body` may
 * be left out when files come (the message then has only files).
 */
const chatFormFields = z.preprocess((raw) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const fields: Record<string, unknown> = { body: '', ...(raw as Record<string, unknown>) };
  if (typeof fields.mentions === 'string') {
    try {
      fields.mentions = fields.mentions.trim() === '' ? [] : (JSON.parse(fields.mentions) as unknown);
    } catch {
      // left as the string: the schema refuses it as an invalid value
    }
  }
  return fields;
}, createChatMessageFieldsSchema);

/**
 * The chat room of each request (ADR 0031), mounted in both namespaces: clients write for the
 * client side, offices (and a coordinating concierge) for the office side. A room answers 404 to
 * whoever does not see its request.
 */
export const chatRoutes = routePlugin<NamespaceOptions>((app, options) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, {
    limits: { files: chatMaxAttachments + 1, parts: chatMaxAttachments + 10, fieldSize: 64 * 1024 },
  });
  void app.register(roomRoutes, options);
});

const roomRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    chatEndpoints.listChatRooms,
    async ({ principal, query }) =>
      answerWith(
        ({ items, nextCursor }) => itemsAnswer(items, { nextCursor }),
        await listChatRooms(app.db, principal, query),
      ),
    { namespace },
  );

  route(
    app,
    chatEndpoints.getChatUnreadSummary,
    async ({ principal }) => itemAnswer(await chatUnreadSummary(app.db, principal)),
    { namespace },
  );

  route(
    app,
    chatEndpoints.getChatRoom,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getChatRoom(app.db, principal, params.projectId, params.requestId)),
    { namespace },
  );

  route(
    app,
    chatEndpoints.listChatMessages,
    async ({ principal, params, query }) =>
      answerWith(
        ({ items, hasOlder, hasNewer }) => itemsAnswer(items, { hasOlder, hasNewer }),
        await listChatMessages(app.db, principal, params.projectId, params.requestId, query),
      ),
    { namespace },
  );

  route(
    app,
    chatEndpoints.sendChatMessage,
    async ({ principal, actor, params, request }) =>
      answerWith(
        itemAnswer,
        await sendChatMessage(
          { db: app.db, lanes: app.database.lanes, storage: app.storage, log: request.log },
          {
            principal,
            actor,
            projectId: params.projectId,
            requestId: params.requestId,
            // A text-only message may come as JSON: no multipart parser for what has no file.
            form: request.isMultipart()
              ? {
                  receive: (prefix) =>
                    receiveFiles(request, app.storage, {
                      prefix,
                      fields: chatFormFields,
                      fileField: 'files',
                      maxFiles: chatMaxAttachments,
                      allowedContentTypes: defaultAllowedContentTypes,
                      maxBytes: chatAttachmentMaxBytes,
                      typeRefusal: 'fileTypeNotAllowed',
                    }),
                }
              : { fields: receiveJsonFields(request, createChatMessageFieldsSchema) },
          },
        ),
      ),
    { namespace },
  );

  route(
    app,
    chatEndpoints.editChatMessage,
    async ({ principal, params, body }) =>
      answerWith(itemAnswer, await editChatMessage(app.db, principal, params, body, app.bus)),
    { namespace },
  );

  route(
    app,
    chatEndpoints.withdrawChatMessage,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await withdrawChatMessage(app.db, principal, params, app.bus)),
    { namespace },
  );

  route(
    app,
    chatEndpoints.markChatRead,
    async ({ principal, params, body }) =>
      answerWith(
        itemAnswer,
        await markChatRead(app.db, principal, params.projectId, params.requestId, body.throughSeq, app.bus),
      ),
    { namespace },
  );

  route(
    app,
    chatEndpoints.downloadChatAttachment,
    async ({ principal, params, reply }) => {
      const found = await findChatAttachment(app.db, principal, params);
      return isRefused(found) ? found : sendStoredFile(reply, app.storage, found, 'fileNotFound');
    },
    { namespace },
  );

  route(
    app,
    chatEndpoints.exportChatTranscript,
    async ({ principal, params, request, reply }) => {
      const transcript = await chatTranscript(
        app.db,
        principal,
        params.projectId,
        params.requestId,
        requestLocale(request),
      );
      return isRefused(transcript)
        ? transcript
        : sendTextFile(reply, Buffer.from(transcript.text, 'utf8'), transcript.fileName);
    },
    { namespace },
  );
});
