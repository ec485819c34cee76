import multipart from '@fastify/multipart';
import { isRefused, projectUserSpaceEndpoints as endpoints } from '@ipportal/domain';
import { sendStoredFile } from '../../http/downloads.js';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { receiveFile } from '../../http/uploads.js';
import {
  addComment,
  deleteComment,
  findFile,
  listComments,
  listFiles,
  updateComment,
} from '../../repositories/projects/index.js';
import { deleteUserSpaceFile } from '../../use-cases/delete-user-space-file.js';
import { uploadUserSpaceFile } from '../../use-cases/upload-user-space-file.js';

/**
 * A matter's user space (comments, files): REGULAR users only. There is deliberately no such
 * route under /patent, and the /user auth hook refuses PATENT tokens, so offices and concierges
 * never reach it.
 */
export const userSpaceRoutes = routePlugin((app) => {
  // Multipart is parsed only in this scope (the rest of the API takes JSON only).
  void app.register(multipart, { limits: { files: 1, parts: 10, fieldSize: 1024 } });
  void app.register(userSpaceScopeRoutes);
});

const userSpaceScopeRoutes = routePlugin((app) => {
  route(app, endpoints.listUserSpaceComments, async ({ principal, params }) =>
    answerWith(itemsAnswer, await listComments(app.db, principal, params.projectId)),
  );

  route(app, endpoints.addUserSpaceComment, async ({ principal, params, body, actor }) =>
    answerWith(itemAnswer, await addComment(app.db, principal, params.projectId, body.body, actor)),
  );

  route(app, endpoints.updateUserSpaceComment, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await updateComment(app.db, principal, params.projectId, params.commentId, body.body, actor),
    ),
  );

  route(app, endpoints.deleteUserSpaceComment, async ({ principal, params, actor }) =>
    answerWith(itemAnswer, await deleteComment(app.db, principal, params.projectId, params.commentId, actor)),
  );

  route(app, endpoints.listUserSpaceFiles, async ({ principal, params }) =>
    answerWith(itemsAnswer, await listFiles(app.db, principal, params.projectId)),
  );

  route(app, endpoints.uploadUserSpaceFile, async ({ principal, actor, params, request }) =>
    answerWith(
      itemAnswer,
      await uploadUserSpaceFile(
        { db: app.db, storage: app.storage, log: request.log },
        {
          principal,
          actor,
          projectId: params.projectId,
          receive: (target) => receiveFile(request, app.storage, target),
        },
      ),
    ),
  );

  route(app, endpoints.downloadUserSpaceFile, async ({ principal, params, reply }) => {
    const found = await findFile(app.db, principal, params.projectId, params.fileId);
    return isRefused(found)
      ? found
      : sendStoredFile(
          reply,
          app.storage,
          { storageKey: found.storageKey, name: found.file.name },
          'fileNotFound',
        );
  });

  route(app, endpoints.deleteUserSpaceFile, async ({ principal, actor, params, request }) =>
    answerWith(
      itemAnswer,
      await deleteUserSpaceFile(
        { db: app.db, storage: app.storage, log: request.log },
        { principal, actor, projectId: params.projectId, fileId: params.fileId },
      ),
    ),
  );
});
