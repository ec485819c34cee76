import {
  organizationInvitationPagePath,
  organizationInvitationTokenParam,
  type Locale,
} from '@ipportal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueuedMail } from '../../mail/index.js';
import type { CreatedInvitation } from '../../repositories/organization-invitations.js';

const dateLocale: Record<Locale, string> = { ja: 'ja-JP', en: 'en-GB' };

/**
 * The link of an invitation mail: the web app's invitation page on PUBLIC_URL, or, without it,
 * on the origin the administrator's browser called (the web app and the API share an origin).
 */
export function invitationUrl(app: FastifyInstance, request: FastifyRequest, token: string): string {
  const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const url = new URL(organizationInvitationPagePath, origin);
  url.searchParams.set(organizationInvitationTokenParam, token);
  return url.toString();
}

/**
 * The invitation mail in the invitee's language (queued with the invitation by `inviteMember`);
 * the expiry is shown in Japan time (the service's region).
 */
export function invitationMail(
  app: FastifyInstance,
  request: FastifyRequest,
  inviterName: string,
): (invitation: CreatedInvitation) => QueuedMail<'organizationInvitation'> {
  return (invitation) => ({
    to: invitation.member.email,
    locale: invitation.locale,
    template: 'organizationInvitation',
    params: {
      organizationName: invitation.organizationName,
      inviterName,
      email: invitation.member.email,
      url: invitationUrl(app, request, invitation.token),
      expires: new Intl.DateTimeFormat(dateLocale[invitation.locale], {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Tokyo',
        timeZoneName: 'short',
      }).format(new Date(invitation.member.expiresAt ?? Date.now())),
    },
  });
}
