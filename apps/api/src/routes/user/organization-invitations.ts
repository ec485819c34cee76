import { isRefused, organizationEndpoints } from '@ipportal/domain';
import { withTwoFactorState } from '../../auth/two-factor-requirement.js';
import { itemAnswer } from '../../http/envelope.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { inspectInvitation } from '../../repositories/organization-invitations.js';
import { acceptInvitation } from '../../use-cases/accept-invitation.js';

/** The invitee's side of an invitation: look at it, then accept it. */
export const organizationInvitationRoutes = routePlugin((app) => {
  route(app, organizationEndpoints.inspectInvitation, async ({ principal, body }) =>
    answerWith(itemAnswer, await inspectInvitation(app.db, principal, body.token)),
  );

  route(app, organizationEndpoints.acceptInvitation, async ({ principal, body, actor }) => {
    // Joining changes the caller's principal (organization and role); a refusal changes nothing.
    const outcome = await app.withPrincipalChange(
      principal.userId,
      (tx) => acceptInvitation(tx, principal, body.token, actor),
      (result) => !isRefused(result),
    );
    // Joining an organization that requires two-factor sign-in sends the web app to set-up at once.
    return isRefused(outcome) ? outcome : itemAnswer(await withTwoFactorState(app, principal, outcome));
  });
});
