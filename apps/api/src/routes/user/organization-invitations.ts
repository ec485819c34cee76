import {
  invitationPreviewResponseSchema,
  invitationTokenBodySchema,
  userResponseSchema,
} from '@ipportal/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { acceptInvitation, inspectInvitation } from '../../repositories/organization-invitations.js';
import { getUser } from '../../repositories/users.js';

const security = [{ idToken: [] }];
const tags = ['user'];

/**
 * The invitee's side of an invitation: look at it, then accept it. The token travels in the body
 * (never in a URL the server logs).
 */
export const organizationInvitationRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.post(
    '/organizations/invitations/inspect',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for',
        security,
        body: invitationTokenBodySchema,
        response: { 200: invitationPreviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const preview = await inspectInvitation(app.db, principal, request.body.token);
      if (!preview) throw HttpError.notFound('invitationNotFound');
      return { hasError: false, message: ok, item: preview };
    },
  );

  app.post(
    '/organizations/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: the caller joins the organization',
        description:
          "The caller's email must be the invited one and the caller must not belong to an organization (409). Accepting twice answers the user again. Answers the user with the new organizationId and roleInOrganizationCode.",
        security,
        body: invitationTokenBodySchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const outcome = await app.withPrincipalChange(
        principal.userId,
        (tx) => acceptInvitation(tx, principal, request.body.token, actorOf(request)),
        (result) => result.kind === 'joined',
      );
      switch (outcome.kind) {
        case 'notFound':
          throw HttpError.notFound('invitationNotFound');
        case 'expired':
          throw HttpError.conflict('invitationExpired');
        case 'notPending':
          throw HttpError.conflict('invitationNotPending');
        case 'otherEmail':
          throw HttpError.forbidden('invitationForAnotherEmail');
        case 'alreadyInOrganization':
          throw HttpError.conflict('alreadyInOrganization');
        case 'joined':
          break;
      }
      const user = await getUser(app.db, principal.userId);
      if (!user) throw HttpError.notFound('routeNotFound');
      return { hasError: false, message: ok, item: user };
    },
  );
  done();
};
