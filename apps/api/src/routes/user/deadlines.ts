import { deadlineEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { deadlineFilterOptions } from '../../repositories/deadlines/list.js';
import { getReminderSettings, saveReminderSettings } from '../../repositories/deadlines/reminder-settings.js';
import { confirmDeadline, setDeadlineState } from '../../repositories/deadlines/states.js';

/**
 * /terms and its settings: decisions on the caller's deadlines and reminders (the list and the
 * calendar feeds are `shared/deadlines.ts`, which the office's docket shares).
 */
export const deadlineRoutes = routePlugin((app) => {
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
});
