import { isRefused, refuse, type Refused, type User } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import { joinByInvitation } from '../repositories/organization-invitations.js';
import type { OrganizationActor } from '../repositories/organizations.js';
import { getUser } from '../repositories/users.js';

/**
 * The invitee accepts an invitation by its link and gets themselves back with their new
 * organization and role, so the web app switches at once. Run it in the transaction that signals
 * the changed principal (`withPrincipalChange`).
 */
export async function acceptInvitation(
  db: Executor,
  caller: { userId: string; email: string },
  token: string,
  actor: OrganizationActor,
): Promise<User | Refused> {
  const joined = await joinByInvitation(db, caller, token, actor);
  if (isRefused(joined)) return joined;
  return (await getUser(db, caller.userId)) ?? refuse('userNotFound');
}
