import {
  organizationInvitationPagePath,
  organizationInvitationTokenParam,
  type Locale,
} from '@ipportal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { serverKey } from '../../http/i18n.js';
import {
  supersedeInvitations,
  withdrawUnsentInvitation,
  type CreatedInvitation,
} from '../../repositories/organization-invitations.js';
import type { OrganizationActor } from '../../repositories/organizations.js';

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

/**
 * An invitation and its mail are one unit: the invitee can only accept through the mailed link,
 * so a pending invitation whose mail never left would be a dead entry the administrator cannot
 * explain. When the mailer fails, the new invitation is withdrawn (an earlier one to the same
 * address keeps working) and the administrator gets 502 with a reason to retry; once the mail
 * went out, earlier invitations to the address are superseded.
 */
export async function mailInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  organizationId: string,
  invitation: CreatedInvitation,
  inviterName: string,
  actor: OrganizationActor,
): Promise<void> {
  const { invitationId } = invitation.member;
  if (!invitationId) throw new Error('an invitation without an id');
  try {
    await sendInvitationMail(app, request, invitation, inviterName);
  } catch (error) {
    request.log.error(
      { err: error, organizationId, invitationId },
      'invitation mail not sent: the invitation is withdrawn',
    );
    await withdrawUnsentInvitation(app.db, organizationId, invitationId, actor);
    throw new HttpError(502, { key: serverKey('invitationMailFailed') });
  }
  await supersedeInvitations(app.db, organizationId, invitation.member, actor);
}
