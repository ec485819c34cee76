import { isRefused, refuse, userEndpoints } from '@ipportal/domain';
import { withTwoFactorState } from '../../auth/two-factor-requirement.js';
import { itemAnswer } from '../../http/envelope.js';
import { route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { getUser, updateUser } from '../../repositories/users.js';

/** The signed-in user, in both namespaces. */
export const userProfileRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    userEndpoints.getUser,
    async ({ principal }) => {
      const user = await getUser(app.db, principal.userId);
      return user ? itemAnswer(await withTwoFactorState(app, principal, user)) : refuse('userNotFound');
    },
    { namespace },
  );

  route(
    app,
    userEndpoints.updateUser,
    async ({ principal, body, actor }) => {
      // The locale is part of the principal: every process drops its cached copy.
      const outcome = await app.withPrincipalChange(
        principal.userId,
        (tx) => updateUser(tx, principal.userId, body, actor),
        (result) => !isRefused(result),
      );
      return isRefused(outcome) ? outcome : itemAnswer(await withTwoFactorState(app, principal, outcome));
    },
    { namespace },
  );
});
