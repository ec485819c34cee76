import {
  isRefused,
  japanTimeZone,
  organizationInvitationTokenParam,
  type Locale,
  type OrganizationMember,
  type OrganizationRole,
  type Refused,
  webPathOf,
} from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import type { MailQueue, QueuedMail } from '../mail/index.js';
import {
  invitationMailReference,
  recordInvitation,
  type CreatedInvitation,
} from '../repositories/organization-invitations.js';
import { refusedAccess, type OrganizationActor } from '../repositories/organizations.js';
import { getUser } from '../repositories/users.js';

export interface InviteMemberInput {
  organizationId: string;
  email: string;
  roleCode: OrganizationRole;
  /** The mail's language when the invitee has no account yet (their saved one wins otherwise). */
  locale: Locale;
  /** The origin of the web app the mail links to (PUBLIC_URL, or the one the administrator used). */
  linkBase: string;
}

/**
 * An administrator invites an email address into their organization. The invitation and its mail
 * (in the outbox, delivered in the background with retries) commit together: the invitation
 * exists exactly when its mail is on its way, and a mail that cannot be queued leaves no
 * invitation. Earlier pending invitations to the address stop working in the same transaction,
 * so inviting again is how a mail is resent. The actor is the inviting administrator.
 */
export async function inviteMember(
  deps: { db: Executor; mail: MailQueue },
  input: InviteMemberInput,
  actor: OrganizationActor & { userId: string },
): Promise<OrganizationMember | Refused> {
  return deps.db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, actor.userId, input.organizationId, 'admin');
    if (denied) return denied;
    const invitation = await recordInvitation(
      tx,
      input.organizationId,
      { email: input.email, roleCode: input.roleCode, locale: input.locale },
      actor,
    );
    if (isRefused(invitation)) return invitation;
    const inviterName = (await getUser(tx, actor.userId))?.name ?? '';
    // One mail per invitation, ever: the key holds even if this transaction's work is repeated.
    const reference = invitationMailReference(invitation.id);
    await deps.mail(tx, {
      ...invitationMail(invitation, inviterName, input.linkBase),
      dedupeKey: reference,
      reference,
    });
    return invitation.member;
  });
}

const dateLocale: Record<Locale, string> = { ja: 'ja-JP', en: 'en-GB' };

/** The web app's invitation page with the raw token. */
function invitationUrl(linkBase: string, token: string): string {
  const url = new URL(webPathOf('organizationInvitation'), linkBase);
  url.searchParams.set(organizationInvitationTokenParam, token);
  return url.toString();
}

/** The invitation mail in the invitee's language; the expiry in Japan time (the service's region). */
function invitationMail(
  invitation: CreatedInvitation,
  inviterName: string,
  linkBase: string,
): QueuedMail<'organizationInvitation'> {
  return {
    to: invitation.member.email,
    locale: invitation.locale,
    template: 'organizationInvitation',
    params: {
      organizationName: invitation.organizationName,
      inviterName,
      email: invitation.member.email,
      url: invitationUrl(linkBase, invitation.token),
      expires: new Intl.DateTimeFormat(dateLocale[invitation.locale], {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: japanTimeZone,
        timeZoneName: 'short',
      }).format(new Date(invitation.member.expiresAt ?? Date.now())),
    },
  };
}
