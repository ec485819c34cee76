import { deadlineEndpoints, isRefused } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import {
  createCalendarFeed,
  listCalendarFeeds,
  revokeCalendarFeed,
} from '../../repositories/deadlines/calendar-feeds.js';
import { deadlineFilterOptions, listDeadlines } from '../../repositories/deadlines/list.js';
import { getReminderSettings, saveReminderSettings } from '../../repositories/deadlines/reminder-settings.js';
import { confirmDeadline, setDeadlineState } from '../../repositories/deadlines/states.js';

/** /terms and its settings: the caller's deadlines, decisions on them, reminders and calendar feeds. */
export const deadlineRoutes = routePlugin((app) => {
  route(app, deadlineEndpoints.listDeadlines, async ({ principal, query }) => {
    const page = await listDeadlines(app.db, principal, query);
    return isRefused(page) ? page : itemsAnswer(page.items, { nextCursor: page.nextCursor });
  });

  route(app, deadlineEndpoints.deadlineFilterOptions, async ({ principal }) =>
    itemAnswer(await deadlineFilterOptions(app.db, principal)),
  );

  route(app, deadlineEndpoints.setDeadlineState, async ({ principal, params, body, actor }) =>
    answerWith(itemAnswer, await setDeadlineState(app.db, principal, params.projectId, body, actor)),
  );

  route(app, deadlineEndpoints.confirmDeadline, async ({ principal, params, body, actor }) =>
    answerWith(itemAnswer, await confirmDeadline(app.db, principal, params.projectId, body, actor)),
  );

  route(app, deadlineEndpoints.getReminderSettings, async ({ principal, params }) =>
    itemAnswer(await getReminderSettings(app.db, principal.userId, params.scope)),
  );

  route(app, deadlineEndpoints.updateReminderSettings, async ({ principal, params, body }) =>
    itemAnswer(await saveReminderSettings(app.db, principal.userId, params.scope, body)),
  );

  route(app, deadlineEndpoints.listCalendarFeeds, async ({ principal }) =>
    itemsAnswer(await listCalendarFeeds(app.db, principal.userId)),
  );

  route(app, deadlineEndpoints.createCalendarFeed, async ({ principal, request }) => {
    const { feed, token } = await createCalendarFeed(app.db, principal.userId);
    return itemAnswer({ ...feed, url: portalLink(app.config, request, `/calendar/${token}.ics`) });
  });

  route(app, deadlineEndpoints.revokeCalendarFeed, async ({ principal, params, reply }) =>
    answerWith(
      () => reply.code(204).send(),
      await revokeCalendarFeed(app.db, principal.userId, params.feedId),
    ),
  );
});
