import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { chatRooms, users } from '../../db/schema/index.js';
import { findVisibleRequest, type VisibleRequest } from '../request-access.js';
import { sideOf, type Side } from '../request-viewers.js';

/*
 * A chat room is addressed by its request (ADR 0031): whoever sees the request (the concierge
 * coordinating it included) is a member, everyone else gets 404. The room row exists from the
 * first message; until then a room is empty, not missing.
 */

export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** A room the caller may see: its request, the caller's side and the row once there is one. */
export interface VisibleChatRoom {
  request: VisibleRequest;
  side: Side;
  room: ChatRoomRow | undefined;
}

export async function findRoomRow(db: Executor, requestRowId: string): Promise<ChatRoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.requestId, requestRowId)).limit(1);
  return row;
}

/** The room of request `requestId` of matter `projectId` if the caller sees the request, else undefined (404). */
export async function findVisibleRoom(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<VisibleChatRoom | undefined> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return undefined;
  return { request, side: sideOf(principal), room: await findRoomRow(db, request.id) };
}

/** A user's name as rooms show it: the e-mail address while the profile has no name. */
export const displayName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;
