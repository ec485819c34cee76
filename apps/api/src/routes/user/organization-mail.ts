import {
  organizationInvitationPagePath,
  organizationInvitationTokenParam,
  type Locale,
} from '@ipportal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Sends the invitation in the invitee's language; the expiry is shown in Japan time (the service's region). */
export async function sendInvitationMail(
  app: FastifyInstance,
  request: FastifyRequest,
  invitation: CreatedInvitation,
  inviterName: string,
): Promise<void> {
  const expires = new Intl.DateTimeFormat(dateLocale[invitation.locale], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
    timeZoneName: 'short',
  }).format(new Date(invitation.member.expiresAt ?? Date.now()));
  await app.mailer.send({
    to: invitation.member.email,
    locale: invitation.locale,
    template: 'organizationInvitation',
    params: {
      organizationName: invitation.organizationName,
      inviterName,
      email: invitation.member.email,
      url: invitationUrl(app, request, invitation.token),
      expires,
    },
  });
}
