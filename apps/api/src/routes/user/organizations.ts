import { isRefused, organizationEndpoints } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalOrigin } from '../../http/portal-link.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { revokeInvitation } from '../../repositories/organization-invitations.js';
import { resetMemberTwoFactor, setTwoFactorRequirement } from '../../repositories/organization-two-factor.js';
import {
  changeMemberRole,
  createOrganization,
  getOrganization,
  listMembers,
  removeMember,
  updateOrganization,
} from '../../repositories/organizations.js';
import { inviteMember } from '../../use-cases/invite-member.js';

/** Signals the changed principal only when the change happened (not for a refusal). */
const applied = (outcome: unknown) => !isRefused(outcome);

/**
 * An organization, its members and invitations. Changes to a membership go through
 * `withPrincipalChange`, which forgets the cached principals of the user it affects, so the new
 * role applies at once (on this instance; other instances within AUTH_CACHE_TTL_MS).
 */
export const organizationRoutes = routePlugin((app) => {
  route(app, organizationEndpoints.createOrganization, async ({ principal, body, actor }) =>
    answerWith(
      itemAnswer,
      await app.withPrincipalChange(
        principal.userId,
        (tx) => createOrganization(tx, principal.userId, body, actor),
        applied,
      ),
    ),
  );

  route(app, organizationEndpoints.getOrganization, async ({ principal, params }) =>
    answerWith(itemAnswer, await getOrganization(app.db, principal.userId, params.organizationId)),
  );

  route(app, organizationEndpoints.updateOrganization, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await updateOrganization(app.db, principal.userId, params.organizationId, body, actor),
    ),
  );

  route(app, organizationEndpoints.listMembers, async ({ principal, params }) =>
    answerWith(
      itemsAnswer,
      await listMembers(app.db, principal.userId, params.organizationId, app.secondFactors),
    ),
  );

  route(app, organizationEndpoints.inviteMember, async ({ principal, params, body, actor, request }) =>
    answerWith(
      itemAnswer,
      await inviteMember(
        { db: app.db, mail: mailQueueOf(app.jobs) },
        {
          organizationId: params.organizationId,
          email: body.email,
          roleCode: body.roleInOrganizationCode,
          locale: body.locale ?? principal.locale,
          linkBase: portalOrigin(app.config, request),
        },
        actor,
      ),
    ),
  );

  route(app, organizationEndpoints.revokeInvitation, async ({ principal, params, actor }) =>
    answerWith(
      itemAnswer,
      await revokeInvitation(app.db, principal.userId, params.organizationId, params.invitationId, actor),
    ),
  );

  route(app, organizationEndpoints.changeMemberRole, async ({ principal, params, body, actor }) =>
    answerWith(
      itemAnswer,
      await app.withPrincipalChange(
        params.userId,
        (tx) =>
          changeMemberRole(
            tx,
            principal.userId,
            params.organizationId,
            params.userId,
            body.roleInOrganizationCode,
            actor,
          ),
        applied,
      ),
    ),
  );

  route(app, organizationEndpoints.removeMember, async ({ principal, params, actor }) =>
    answerWith(
      itemAnswer,
      await app.withPrincipalChange(
        params.userId,
        (tx) => removeMember(tx, principal.userId, params.organizationId, params.userId, actor),
        applied,
      ),
    ),
  );

  route(app, organizationEndpoints.resetMemberTwoFactor, async ({ principal, params, actor }) => {
    const outcome = await resetMemberTwoFactor(
      app.db,
      principal.userId,
      params.organizationId,
      params.userId,
      app.secondFactors,
      actor,
    );
    if (isRefused(outcome)) return outcome;
    // The other processes drop the member's verified tokens on the committed signal; here at once.
    app.forgetTokensOf(outcome.sub);
    return itemAnswer(outcome.member);
  });

  route(app, organizationEndpoints.setTwoFactorRequirement, async ({ principal, params, body, actor }) => {
    // Every member's principal carries the requirement: each process drops them when it commits.
    const outcome = await app.db.transaction(async (tx) => {
      const result = await setTwoFactorRequirement(
        tx,
        principal.userId,
        principal.sub,
        params.organizationId,
        body.required,
        app.secondFactors,
        actor,
      );
      if (!isRefused(result))
        for (const id of result.memberIds) await app.bus.publish(tx, { topic: 'auth.principalChanged', id });
      return result;
    });
    if (isRefused(outcome)) return outcome;
    for (const id of outcome.memberIds) app.invalidatePrincipal(id);
    return itemAnswer(outcome.organization);
  });
});
