import { billingProfileEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { getBillingProfile, updateBillingProfile } from '../../repositories/billing/billing-profile.js';

/** The caller's office's billing details (registration number, bank account, ...). */
export const billingProfileRoutes = routePlugin((app) => {
  route(app, billingProfileEndpoints.getBillingProfile, async ({ principal }) =>
    answerWith(itemAnswer, await getBillingProfile(app.db, principal)),
  );
  route(app, billingProfileEndpoints.updateBillingProfile, async ({ principal, body, actor }) =>
    answerWith(itemAnswer, await updateBillingProfile(app.db, principal, body, actor)),
  );
});
