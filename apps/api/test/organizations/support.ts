import { organizationEndpoints, projectEndpoints, type EndpointRoute } from '@ipportal/domain';
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/index.js';
import {
  history,
  mailOutbox,
  organizationInvitations,
  organizationMembers,
  organizations,
  projectAssignees,
  projects,
} from '../../src/db/schema/index.js';
import type { MailMessage } from '../../src/mail/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { call, type CallArgs } from '../support/endpoints.js';
import { createMailSink, type MailSink } from '../support/mail-sink.js';
import type { Envelope, TestUser } from '../projects/support.js';

export { createMatter, signIn, signInOffice, createFirm, addRequest } from '../projects/support.js';
export type { Envelope, TestUser } from '../projects/support.js';

export interface OrgTestContext extends TestContext {
  /** Every mail delivered so far (delivery is a background job: wait with `invitationMailTo`). */
  mails: MailMessage[];
  sink: MailSink;
}

export async function createOrgTestContext(env: Record<string, string> = {}): Promise<OrgTestContext> {
  const sink = createMailSink();
  const ctx = await createTestContext(env, { mailer: sink });
  return Object.assign(ctx, { mails: sink.sent, sink });
}

/**
 * Calls one endpoint as `user` (anonymously for `null`) and reads the answer as the JSON envelope;
 * the same call as `call` of support/endpoints, shaped for the status-and-body assertions here.
 */
export async function callAs<E extends EndpointRoute>(
  app: FastifyInstance,
  user: TestUser | null,
  definition: E,
  args: CallArgs<E> = {},
): Promise<{ status: number; body: Envelope }> {
  const response = await call({ app }, definition, { ...args, as: user });
  return { status: response.statusCode, body: response.json<Envelope>() };
}

/** Creates an organization as `user`; answers the new organization's id. */
export async function createOrganizationAs(
  ctx: TestContext,
  user: TestUser,
  name = 'Acme 株式会社',
): Promise<string> {
  const r = await callAs(ctx.app, user, organizationEndpoints.createOrganization, {
    body: { name, representativeName: '山田 太郎' },
  });
  if (r.status !== 201) throw new Error(`create organization failed: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.item as { id: string }).id;
}

/**
 * The newest invitation mail to `email`, once delivered: the outbox row the invitation queued,
 * then the mail sink's signal for that row (no sleeping).
 */
export async function invitationMailTo(ctx: OrgTestContext, email: string): Promise<MailMessage> {
  const [row] = await ctx.app.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'organizationInvitation')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no invitation mail queued to ${email}`);
  return ctx.sink.waitFor((mail) => mail.delivery?.id === row.id);
}

/** The token of the newest invitation mail to `email` (from the link in it). */
export async function tokenFromMail(ctx: OrgTestContext, email: string): Promise<string> {
  const mail = await invitationMailTo(ctx, email);
  const url = new URL((mail.params as { url: string }).url);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url.toString()}`);
  return token;
}

/** Invites `invitee` as `admin` and accepts as the invitee (through the mailed link's token). */
export async function inviteAndAccept(
  ctx: OrgTestContext,
  organizationId: string,
  admin: TestUser,
  invitee: TestUser,
  role: 0 | 1 = 1,
): Promise<void> {
  const invite = await callAs(ctx.app, admin, organizationEndpoints.inviteMember, {
    params: { organizationId },
    body: { email: invitee.email, roleInOrganizationCode: role },
  });
  if (invite.status !== 201)
    throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.body)}`);
  const accept = await callAs(ctx.app, invitee, organizationEndpoints.acceptInvitation, {
    body: { token: await tokenFromMail(ctx, invitee.email) },
  });
  if (accept.status !== 200)
    throw new Error(`accept failed: ${accept.status} ${JSON.stringify(accept.body)}`);
}

/** Every table an organization change touches, digested, to prove a refused request changed nothing. */
export async function snapshotOrganizations(db: Database): Promise<string> {
  const [orgs, members, invitations, assignees, matters, historyRows] = await Promise.all([
    db.select().from(organizations).orderBy(asc(organizations.id)),
    db.select().from(organizationMembers).orderBy(asc(organizationMembers.id)),
    db.select().from(organizationInvitations).orderBy(asc(organizationInvitations.id)),
    db.select().from(projectAssignees).orderBy(asc(projectAssignees.projectId), asc(projectAssignees.userId)),
    db.select().from(projects).orderBy(asc(projects.id)),
    db.select({ n: count() }).from(history),
  ]);
  const digest = createHash('sha256')
    .update(JSON.stringify({ orgs, members, invitations, assignees, matters }))
    .digest('hex')
    .slice(0, 16);
  return `orgs=${orgs.length} members=${members.length} history=${historyRows[0]?.n} content=${digest}`;
}

/** Ids of the matters `user` sees on the list (all tab), sorted. */
export async function visibleMatterIds(ctx: TestContext, user: TestUser): Promise<string[]> {
  const r = await callAs(ctx.app, user, projectEndpoints.listProjects, {
    namespace: 'user',
    query: { limit: 500 },
  });
  if (r.status !== 200) throw new Error(`list failed: ${r.status}`);
  return (r.body.items ?? []).map((p) => p.id as string).sort();
}
