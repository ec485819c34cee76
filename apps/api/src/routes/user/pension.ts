import { pensionEndpoints, todayInJapan } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import {
  getPension,
  getPensionOverview,
  recordPensionPayment,
  setPensionDecision,
  updatePensionSettings,
} from '../../repositories/pensions/index.js';

/** /pension: the client side's annuity and renewal schedules, payments and decisions. */
export const pensionRoutes = routePlugin((app) => {
  route(app, pensionEndpoints.getPensionOverview, async ({ principal }) =>
    itemAnswer(await getPensionOverview(app.db, principal, todayInJapan())),
  );

  route(app, pensionEndpoints.getPension, async ({ principal, params }) =>
    answerWith(itemAnswer, await getPension(app.db, principal, params.projectId, todayInJapan())),
  );

  route(app, pensionEndpoints.recordPensionPayment, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await recordPensionPayment(
        app.db,
        principal,
        params.projectId,
        {
          paidOn: body.paidOn,
          yearFrom: body.yearFrom,
          yearTo: body.yearTo,
          amount: body.amount,
          currency: body.currency,
          receiptNumber: body.receiptNumber ?? null,
        },
        actor,
        todayInJapan(),
      ),
    ),
  );

  route(app, pensionEndpoints.setPensionDecision, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await setPensionDecision(app.db, principal, params.projectId, params.year, body, actor, todayInJapan()),
    ),
  );

  route(app, pensionEndpoints.updatePensionSettings, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await updatePensionSettings(app.db, principal, params.projectId, body, actor, todayInJapan()),
    ),
  );
});
