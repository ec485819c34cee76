import { deadlineEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { route, routePlugin } from '../../http/route.js';
import { officeDeadlineFilterOptions } from '../../repositories/deadlines/list.js';

/** The office's docket (/terms as an office reads it): what its filters offer. */
export const docketRoutes = routePlugin((app) => {
  route(app, deadlineEndpoints.officeDeadlineFilterOptions, async ({ principal }) =>
    itemAnswer(await officeDeadlineFilterOptions(app.db, principal)),
  );
});
