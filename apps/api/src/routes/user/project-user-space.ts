import { isRefused, projectUserSpaceEndpoints as endpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { receiveFile, withMultipart } from '../../http/uploads.js';
import { useCaseContext } from '../../http/use-case-context.js';
import {
  addComment,
  deleteComment,
  listComments,
  listFiles,
  updateComment,
} from '../../repositories/projects/index.js';
import { sendObject } from '../../storage/http.js';
import { deleteUserSpaceFile } from '../../use-cases/delete-user-space-file.js';
import { openUserSpaceFile } from '../../use-cases/open-user-space-file.js';
import { uploadUserSpaceFile } from '../../use-cases/upload-user-space-file.js';

/**
 * A matter's user space (comments, files): REGULAR users only. There is deliberately no such
 * route under /patent, and the /user auth hook refuses PATENT tokens, so offices and concierges
 * never reach it.
 */
export const userSpaceRoutes = withMultipart(
  routePlugin((app) => {
    route(app, endpoints.listUserSpaceComments, async ({ principal, params }) =>
      answerWith(itemsAnswer, await listComments(app.db, principal, params.id)),
    );

    route(app, endpoints.addUserSpaceComment, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await addComment(app.db, principal, params.id, body.body, actor)),
    );

    route(app, endpoints.updateUserSpaceComment, async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await updateComment(app.db, principal, params.id, params.commentId, body.body, actor),
      ),
    );

    route(app, endpoints.deleteUserSpaceComment, async ({ principal, params, actor }) =>
      answerWith(itemAnswer, await deleteComment(app.db, principal, params.id, params.commentId, actor)),
    );

    route(app, endpoints.listUserSpaceFiles, async ({ principal, params }) =>
      answerWith(itemsAnswer, await listFiles(app.db, principal, params.id)),
    );

    route(app, endpoints.uploadUserSpaceFile, async ({ principal, params, actor, request }) =>
      answerWith(
        itemAnswer,
        await uploadUserSpaceFile(
          useCaseContext(app, request),
          principal,
          params.id,
          (options) => receiveFile(request, app.storage, options),
          actor,
        ),
      ),
    );

    route(app, endpoints.downloadUserSpaceFile, async ({ principal, params, request, reply }) => {
      const opened = await openUserSpaceFile(
        useCaseContext(app, request),
        principal,
        params.id,
        params.fileId,
      );
      return isRefused(opened) ? opened : sendObject(reply, opened.object, opened.name);
    });

    route(app, endpoints.deleteUserSpaceFile, async ({ principal, params, actor, request }) =>
      answerWith(
        itemAnswer,
        await deleteUserSpaceFile(useCaseContext(app, request), principal, params.id, params.fileId, actor),
      ),
    );
  }),
);
