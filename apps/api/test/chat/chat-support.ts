import { eq, sql } from 'drizzle-orm';
import { chatMessages, organizationMembers, requests } from '../../src/db/schema/index.js';
import type { TestContext } from '../support/app.js';
import { assign, createFirm, signIn, signInOffice, type TestUser } from '../projects/support.js';
import { buildWorld, multipartMail, type DetailWorld } from '../requests/detail-support.js';

/*
 * The people of a chat room (ADR 0031): the request detail world (an organization matter created
 * by an assigned member, "owner", with its administrator, an unassigned member, a stranger, the
 * addressed office and another office), plus a second assigned member and a concierge office
 * coordinating the request.
 */

export interface ChatWorld extends DetailWorld {
  /** A member of the organization assigned to the matter (not its creator). */
  assigned: TestUser;
  /** A user of the office coordinating the request as the concierge. */
  concierge: TestUser;
  conciergeFirmId: string;
  organizationId: string;
}

export type ChatRole =
  'owner' | 'admin' | 'assigned' | 'unassigned' | 'stranger' | 'office' | 'otherOffice' | 'concierge';

export const chatRoles: ChatRole[] = [
  'owner',
  'admin',
  'assigned',
  'unassigned',
  'stranger',
  'office',
  'otherOffice',
  'concierge',
];

/** Who is in the room: whoever sees the request. */
export const member: Record<ChatRole, boolean> = {
  owner: true,
  admin: true,
  assigned: true,
  unassigned: false,
  stranger: false,
  office: true,
  otherOffice: false,
  concierge: true,
};

export const namespaceOfRole = (role: ChatRole): '/user' | '/patent' =>
  role === 'office' || role === 'otherOffice' || role === 'concierge' ? '/patent' : '/user';

export async function buildChatWorld(ctx: TestContext, tag: string): Promise<ChatWorld> {
  const w = await buildWorld(ctx, tag);
  const [membership] = await ctx.app.db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, w.admin.id));
  const organizationId = membership!.organizationId;
  const assigned = await signIn(ctx, 'REGULAR', `assigned-${tag}@example.com`, { name: `Assigned ${tag}` });
  await ctx.app.db.insert(organizationMembers).values({ organizationId, userId: assigned.id, roleCode: 1 });
  ctx.app.invalidatePrincipal(assigned.id);
  await assign(ctx, w.projectId, assigned);
  const conciergeFirmId = await createFirm(ctx, `Concierge ${tag}`);
  const concierge = await signInOffice(ctx, `concierge-${tag}@firm.example`, conciergeFirmId);
  await ctx.app.db
    .update(requests)
    .set({ concierge: 'paid', coordinatorFirmId: conciergeFirmId })
    .where(eq(requests.id, w.requestId));
  return { ...w, assigned, concierge, conciergeFirmId, organizationId };
}

export const roomUrl = (role: ChatRole, projectId: string, number: number) =>
  `${namespaceOfRole(role)}/chat/rooms/${projectId}/${number}`;

export interface ChatFile {
  name: string;
  content: Buffer;
  contentType: string;
}

/** POSTs a chat message as multipart (fields first, then files). */
export function postChat(
  ctx: TestContext,
  user: TestUser,
  url: string,
  fields: { body?: string; mentions?: string[] },
  files: ChatFile[] = [],
  headers: Record<string, string> = {},
) {
  const form = multipartMail(
    {
      ...(fields.body === undefined ? {} : { body: fields.body }),
      ...(fields.mentions === undefined ? {} : { mentions: JSON.stringify(fields.mentions) }),
    },
    files,
  );
  return ctx.app.inject({
    method: 'POST',
    url: `${url}/messages`,
    headers: { ...user.headers, ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Moves a message's sending time back, so the edit and withdraw windows can be tested without waiting. */
export async function backdate(ctx: TestContext, messageId: string, minutes: number): Promise<void> {
  await ctx.app.db
    .update(chatMessages)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(chatMessages.id, messageId));
}
