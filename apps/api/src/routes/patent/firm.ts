import { firmEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { route, routePlugin } from '../../http/route.js';
import { getOwnFirm, saveOwnFirm } from '../../repositories/firms.js';

/**
 * The caller's office: read it, and save the whole profile. A PATENT user without an office gets
 * `item: null` and creates it with the first PUT (docs/adr/0003-office-profiles.md).
 */
export const firmRoutes = routePlugin((app) => {
  route(app, firmEndpoints.getOwnFirm, async ({ principal }) =>
    itemAnswer(await getOwnFirm(app.db, principal.firmId)),
  );

  route(app, firmEndpoints.saveOwnFirm, async ({ principal, body, actor }) => {
    // A first save creates the office: every process drops the cached principal (no firm id yet).
    const { firm } = await app.withPrincipalChange(
      principal.userId,
      (tx) => saveOwnFirm(tx, principal.userId, body, actor),
      (result) => result.created,
    );
    return itemAnswer(firm);
  });
});
