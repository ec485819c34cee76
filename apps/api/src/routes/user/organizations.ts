import {
  changeMemberRoleBodySchema,
  createOrganizationBodySchema,
  inviteMemberBodySchema,
  organizationIdParamsSchema,
  organizationInvitationParamsSchema,
  organizationMemberListResponseSchema,
  organizationMemberParamsSchema,
  organizationMemberResponseSchema,
  organizationResponseSchema,
  updateOrganizationBodySchema,
  itemEnvelope,
} from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { actorOf, errorResponses, ok, principalOf } from '../../http/route-helpers.js';
import { mailQueueOf } from '../../mail/index.js';
import { inviteMember, revokeInvitation } from '../../repositories/organization-invitations.js';
import {
  changeMemberRole,
  checkAccess,
  createOrganization,
  getOrganization,
  listMembers,
  removeMember,
  updateOrganization,
  type Access,
  type MemberChangeOutcome,
} from '../../repositories/organizations.js';
import { getUser } from '../../repositories/users.js';
import { invitationMail } from './organization-mail.js';

const security = [{ idToken: [] }];
const tags = ['user'];

/**
 * Organizations (spec sections 3 and 6): create, read, update; members (list, invite, change
 * role, remove) and invitations (revoke). Administrators manage; members may read their
 * organization; anyone else gets 404. The membership is read from the database on every call,
 * and every change forgets the cached principals of the users it affects, so the new role
 * applies at once (on this instance; other instances within AUTH_CACHE_TTL_MS).
 */
export const organizationRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  async function guard(request: FastifyRequest, organizationId: string, needed: Access): Promise<void> {
    const outcome = await checkAccess(app.db, principalOf(request).userId, organizationId, needed);
    if (outcome.kind === 'notFound') throw HttpError.notFound('organizationNotFound');
    if (outcome.kind === 'forbidden') throw HttpError.forbidden('notOrganizationAdmin');
  }

  function memberOutcome(outcome: MemberChangeOutcome): void {
    if (outcome.kind === 'notFound') throw HttpError.notFound('memberNotFound');
    if (outcome.kind === 'lastAdministrator') throw HttpError.conflict('lastAdministrator');
  }

  app.post(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Create an organization; the caller becomes its administrator',
        description:
          'Only a REGULAR user without an organization (409 otherwise). Matters the caller registered on their own move into the organization.',
        security,
        body: createOrganizationBodySchema,
        response: { 201: organizationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const outcome = await app.withPrincipalChange(
        principal.userId,
        (tx) => createOrganization(tx, principal.userId, request.body, actorOf(request)),
        (result) => result.kind !== 'alreadyMember',
      );
      if (outcome.kind === 'alreadyMember') throw HttpError.conflict('alreadyInOrganization');
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.organization });
    },
  );

  app.get(
    '/organizations/:organizationId',
    {
      schema: {
        tags,
        summary: "The caller's organization",
        security,
        params: organizationIdParamsSchema,
        response: { 200: organizationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await guard(request, request.params.organizationId, 'member');
      const organization = await getOrganization(app.db, request.params.organizationId);
      if (!organization) throw HttpError.notFound('organizationNotFound');
      return { hasError: false, message: ok, item: organization };
    },
  );

  app.patch(
    '/organizations/:organizationId',
    {
      schema: {
        tags,
        summary: 'Rename the organization or change its representative (administrators)',
        security,
        params: organizationIdParamsSchema,
        body: updateOrganizationBodySchema,
        response: { 200: organizationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await guard(request, request.params.organizationId, 'admin');
      const organization = await updateOrganization(
        app.db,
        request.params.organizationId,
        request.body,
        actorOf(request),
      );
      if (!organization) throw HttpError.notFound('organizationNotFound');
      return { hasError: false, message: ok, item: organization };
    },
  );

  app.get(
    '/organizations/:organizationId/members',
    {
      schema: {
        tags,
        summary: 'Members and pending invitations (administrators)',
        security,
        params: organizationIdParamsSchema,
        response: { 200: organizationMemberListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await guard(request, request.params.organizationId, 'admin');
      return {
        hasError: false,
        message: ok,
        items: await listMembers(app.db, request.params.organizationId),
      };
    },
  );

  app.post(
    '/organizations/:organizationId/invitations',
    {
      schema: {
        tags,
        summary: 'Invite an email address (administrators)',
        description:
          "Queues a mail with a link in the invitee's language (their saved one when they have an account, else `locale`, else the caller's), in the invitation's transaction; the mail is delivered in the background with retries, and `mailStatus` in the members list tells how it went. Inviting an address again replaces its pending invitation (that is how a mail is resent). 409 when the address is already a member.",
        security,
        params: organizationIdParamsSchema,
        body: inviteMemberBodySchema,
        response: { 201: organizationMemberResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      await guard(request, organizationId, 'admin');
      const principal = principalOf(request);
      const inviter = await getUser(app.db, principal.userId);
      const outcome = await inviteMember(
        app.db,
        organizationId,
        {
          email: request.body.email,
          roleCode: request.body.roleInOrganizationCode,
          locale: request.body.locale ?? principal.locale,
        },
        actorOf(request),
        { queue: mailQueueOf(app.jobs), compose: invitationMail(app, request, inviter?.name ?? '') },
      );
      if (outcome.kind === 'alreadyMember') throw HttpError.conflict('alreadyMember');
      return reply.code(201).send({ hasError: false, message: ok, item: outcome.invitation.member });
    },
  );

  app.delete(
    '/organizations/:organizationId/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation (administrators)',
        security,
        params: organizationInvitationParamsSchema,
        response: { 200: itemEnvelope(z.object({ id: z.uuid() })), ...errorResponses },
      },
    },
    async (request) => {
      const { organizationId, invitationId } = request.params;
      await guard(request, organizationId, 'admin');
      if (!(await revokeInvitation(app.db, organizationId, invitationId, actorOf(request))))
        throw HttpError.notFound('invitationNotFound');
      return { hasError: false, message: ok, item: { id: invitationId } };
    },
  );

  app.patch(
    '/organizations/:organizationId/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role (administrators)",
        description: 'The last administrator cannot be demoted (409).',
        security,
        params: organizationMemberParamsSchema,
        body: changeMemberRoleBodySchema,
        response: { 200: organizationMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      await guard(request, organizationId, 'admin');
      const outcome = await app.withPrincipalChange(
        userId,
        (tx) =>
          changeMemberRole(tx, organizationId, userId, request.body.roleInOrganizationCode, actorOf(request)),
        (result) => result.kind === 'ok',
      );
      memberOutcome(outcome);
      if (outcome.kind !== 'ok') throw new Error('unexpected outcome');
      return { hasError: false, message: ok, item: outcome.member };
    },
  );

  app.delete(
    '/organizations/:organizationId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (administrators)',
        description:
          'Their assignments end; the matters they created stay with the organization. The last administrator cannot be removed (409).',
        security,
        params: organizationMemberParamsSchema,
        response: { 200: itemEnvelope(z.object({ userId: z.uuid() })), ...errorResponses },
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      await guard(request, organizationId, 'admin');
      memberOutcome(
        await app.withPrincipalChange(
          userId,
          (tx) => removeMember(tx, organizationId, userId, actorOf(request)),
          (result) => result.kind === 'removed',
        ),
      );
      return { hasError: false, message: ok, item: { userId } };
    },
  );

  done();
};
