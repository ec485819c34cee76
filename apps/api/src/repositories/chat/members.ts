import type { ChatMember } from '@ipportal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, organizationMembers, organizations, users } from '../../db/schema/index.js';
import type { VisibleRequest } from '../request-access.js';
import { recipientsOf, type Side } from '../request-viewers.js';
import { displayName } from './room-access.js';

/*
 * A room's members are not stored (ADR 0031): they are the request's viewers on both sides, as
 * `recipientsOf` finds them for mails, so an assignment or an organization change applies at once.
 */

/** Every member of a request's room, the client side first, each side by name. */
export async function chatMembersOf(db: Executor, request: VisibleRequest): Promise<ChatMember[]> {
  const [client, office] = await Promise.all([
    recipientsOf(db, request, 'client', ''),
    recipientsOf(db, request, 'office', ''),
  ]);
  const sideByUser = new Map<string, Side>([
    ...client.map((r) => [r.userId, 'client'] as const),
    ...office.map((r) => [r.userId, 'office'] as const),
  ]);
  if (sideByUser.size === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      name: displayName,
      firmName: firms.name,
      organizationName: organizations.name,
    })
    .from(users)
    .leftJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(inArray(users.id, [...sideByUser.keys()]));
  const members = rows.map((row): ChatMember => {
    const side = sideByUser.get(row.userId) ?? 'client';
    return {
      userId: row.userId,
      name: row.name,
      side,
      affiliation: (side === 'office' ? row.firmName : row.organizationName) ?? '',
    };
  });
  const order = (m: ChatMember) => (m.side === 'client' ? 0 : 1);
  return members.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'ja'));
}
