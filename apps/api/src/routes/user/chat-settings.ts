import { chatEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { getChatSettings, updateChatSettings } from '../../repositories/chat/settings.js';

/** An organization's chat settings: its members read them, its administrators change them. */
export const chatSettingsRoutes = routePlugin((app) => {
  route(app, chatEndpoints.getChatSettings, async ({ principal, params }) =>
    answerWith(itemAnswer, await getChatSettings(app.db, principal.userId, params.organizationId)),
  );

  route(app, chatEndpoints.updateChatSettings, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await updateChatSettings(app.db, principal.userId, params.organizationId, body, actor),
    ),
  );
});
