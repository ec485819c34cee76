import { isRefused, projectDetailEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { receiveFile, withMultipart } from '../../http/uploads.js';
import { useCaseContext } from '../../http/use-case-context.js';
import { sendObject } from '../../storage/http.js';
import { openTrademarkImage } from '../../use-cases/open-trademark-image.js';
import { uploadTrademarkImage } from '../../use-cases/upload-trademark-image.js';

/**
 * A trademark matter's image sample, in both namespaces: read by whoever sees the matter,
 * replaced by whoever may change it (an office only where the matter allows office edits).
 */
export const trademarkImageRoutes = withMultipart(
  routePlugin<NamespaceOptions>((app, { namespace }) => {
    route(
      app,
      projectDetailEndpoints.getTrademarkImage,
      async ({ principal, params, request, reply }) => {
        const image = await openTrademarkImage(useCaseContext(app, request), principal, params.id);
        return isRefused(image) ? image : sendObject(reply, image.object, image.name);
      },
      { namespace },
    );

    route(
      app,
      projectDetailEndpoints.putTrademarkImage,
      async ({ principal, params, actor, request }) =>
        answerWith(
          itemAnswer,
          await uploadTrademarkImage(
            useCaseContext(app, request),
            principal,
            params.id,
            (options) => receiveFile(request, app.storage, options),
            actor,
          ),
        ),
      { namespace },
    );
  }),
);
