import { isRefused, refuse, userEndpoints } from '@ipportal/domain';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { getUser, updateUser } from '../../repositories/users.js';

/** The signed-in user, in both namespaces. */
export const userProfileRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    userEndpoints.getUser,
    async ({ principal }) => {
      const user = await getUser(app.db, principal.userId);
      return user ? itemAnswer(user) : refuse('userNotFound');
    },
    { namespace },
  );

  route(
    app,
    userEndpoints.updateUser,
    async ({ principal, body, actor }) =>
      answerWith(
        itemAnswer,
        // The locale is part of the principal: every process drops its cached copy.
        await app.withPrincipalChange(
          principal.userId,
          (tx) => updateUser(tx, principal.userId, body, actor),
          (outcome) => !isRefused(outcome),
        ),
      ),
    { namespace },
  );
});
