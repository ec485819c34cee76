import { randomUUID } from 'node:crypto';
import { userResponseSchema, userEndpoints, organizationEndpoints } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  history,
  mailOutbox,
  organizationInvitations,
  projectAssignees,
  projects,
} from '../../src/db/schema/index.js';
import { renderMail } from '../../src/mail/index.js';
import { skipDriver } from '../support/db.js';
import {
  callAs,
  createMatter,
  createOrgTestContext,
  createOrganizationAs,
  signIn,
  snapshotOrganizations,
  invitationMailTo,
  tokenFromMail,
  visibleMatterIds,
  type OrgTestContext,
  type TestUser,
} from './support.js';
import { call } from '../support/endpoints.js';

/**
 * Invitations: the mail (invitee's language, a link to the portal's invitation page), accepting
 * by the link, joining on the first sign-in after sign-up, revoking, resending, and every way a
 * link can fail.
 */
describe.skipIf(skipDriver)('organization invitations', () => {
  let ctx: OrgTestContext;
  let admin: TestUser;
  let org: string;
  const invite = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    callAs(ctx.app, admin, organizationEndpoints.inviteMember, {
      params: { organizationId: org },
      body: { email, ...extra },
      headers,
    });
  const accept = (user: TestUser, token: string) =>
    callAs(ctx.app, user, organizationEndpoints.acceptInvitation, { body: { token } });
  const inspect = (user: TestUser, token: string) =>
    callAs(ctx.app, user, organizationEndpoints.inspectInvitation, { body: { token } });

  beforeAll(async () => {
    ctx = await createOrgTestContext({ PUBLIC_URL: 'https://portal.example.com' });
    admin = await signIn(ctx, 'REGULAR', 'boss@acme.example', { name: '管理 太郎' });
    org = await createOrganizationAs(ctx, admin, 'Acme 株式会社');
  });
  afterAll(async () => ctx?.close());

  test('the mail goes out in the chosen language with a link to the invitation page', async () => {
    const r = await invite('Newbie@Example.com', { locale: 'en' });
    expect(r.status).toBe(201);
    expect(r.body.item).toMatchObject({
      status: 'invited',
      email: 'newbie@example.com',
      roleInOrganizationCode: 1,
      userId: null,
    });
    const mail = await invitationMailTo(ctx, 'newbie@example.com');
    expect(mail).toMatchObject({
      to: 'newbie@example.com',
      locale: 'en',
      template: 'organizationInvitation',
    });
    const params = mail.params as { url: string; organizationName: string; inviterName: string };
    expect(params.url).toMatch(
      /^https:\/\/portal\.example\.com\/organization\/invitation\?token=[\w-]{40,}$/,
    );
    const rendered = renderMail(mail.locale, 'organizationInvitation', mail.params as never);
    expect(rendered.subject).toBe('[IP Portal] Invitation to join Acme 株式会社');
    expect(rendered.text).toContain('管理 太郎 has invited you');
    expect(rendered.text).toContain(params.url);
    // The token is stored hashed only.
    const token = await tokenFromMail(ctx, 'newbie@example.com');
    const rows = await ctx.app.db.select().from(organizationInvitations);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test("an invitee with an account gets the mail in their saved language; otherwise the inviter's", async () => {
    const english = await signIn(ctx, 'REGULAR', 'english@example.com');
    await callAs(ctx.app, english, userEndpoints.updateUser, { namespace: 'user', body: { locale: 'en' } });
    await invite('english@example.com', { locale: 'ja' });
    expect(await invitationMailTo(ctx, 'english@example.com')).toMatchObject({ locale: 'en' });
    await invite('someone-else@example.com');
    const someoneElse = await invitationMailTo(ctx, 'someone-else@example.com');
    expect(someoneElse).toMatchObject({ locale: 'ja' });
    const ja = renderMail('ja', 'organizationInvitation', someoneElse.params as never);
    expect(ja.subject).toBe('【IP Portal】「Acme 株式会社」への招待');
  });

  test('bad input answers 400 with translated errors and changes nothing', async () => {
    const before = await snapshotOrganizations(ctx.app.db);
    const bad = await invite('not-an-email', {}, { 'accept-language': 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'email', message: 'Enter the email address in the form name@example.com' },
    ]);
    const role = await invite('x@example.com', { roleInOrganizationCode: 5 });
    expect(role.status).toBe(400);
    const extra = await invite('x@example.com', { admin: true });
    expect(extra.status).toBe(400);
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
    const queued = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'x@example.com'));
    expect(queued).toEqual([]);
  });

  test('an existing user without an organization joins by accepting; their own matters come along', async () => {
    const hanako = await signIn(ctx, 'REGULAR', 'hanako@example.com');
    const own = await createMatter(ctx, hanako, { refrenceCode: 'H-1' });
    expect((await invite('hanako@example.com')).status).toBe(201);
    const token = await tokenFromMail(ctx, 'hanako@example.com');

    const preview = await inspect(hanako, token);
    expect(preview.status).toBe(200);
    expect(preview.body.item).toMatchObject({
      organizationName: 'Acme 株式会社',
      state: 'pending',
      forYou: true,
      acceptedByYou: false,
    });

    const joined = await accept(hanako, token);
    expect(joined.status).toBe(200);
    const user = userResponseSchema.parse(joined.body).item;
    expect(user).toMatchObject({ organizationId: org, roleInOrganizationCode: 1 });
    // At once: GET /user right after (the principal cache was invalidated).
    const me = await callAs(ctx.app, hanako, userEndpoints.getUser, { namespace: 'user' });
    expect(me.body.item).toMatchObject({ organizationId: org, roleInOrganizationCode: 1 });
    // Her matter now belongs to the organization, she stays assigned, the administrator sees it.
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, own.id));
    expect(row?.organizationId).toBe(org);
    expect(await visibleMatterIds(ctx, hanako)).toEqual([own.id]);
    expect(await visibleMatterIds(ctx, admin)).toContain(own.id);
    const assigned = await ctx.app.db
      .select()
      .from(projectAssignees)
      .where(and(eq(projectAssignees.projectId, own.id), eq(projectAssignees.userId, hanako.id)));
    expect(assigned).toHaveLength(1);

    // Accepting again answers the user again; inspecting says she accepted it.
    expect((await accept(hanako, token)).status).toBe(200);
    expect((await inspect(hanako, token)).body.item).toMatchObject({
      state: 'accepted',
      acceptedByYou: true,
    });
    const actions = (await ctx.app.db.select().from(history).where(eq(history.entityId, org))).map(
      (h) => h.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'organization.invitation.create',
        'organization.invitation.accept',
        'organization.member.add',
      ]),
    );
  });

  test('someone without an account joins on the first sign-in after confirming the address', async () => {
    await invite('fresh@example.com', { roleInOrganizationCode: 0 });
    const fresh = await signIn(ctx, 'REGULAR', 'Fresh@Example.com');
    const me = await callAs(ctx.app, fresh, userEndpoints.getUser, { namespace: 'user' });
    expect(me.body.item).toMatchObject({ organizationId: org, roleInOrganizationCode: 0 });
    const token = await tokenFromMail(ctx, 'fresh@example.com');
    expect((await inspect(fresh, token)).body.item).toMatchObject({ state: 'accepted', acceptedByYou: true });
  });

  test('an unverified email does not join', async () => {
    await invite('unverified@example.com');
    const headers = {
      authorization: `Bearer ${ctx.identity.token('REGULAR', {
        sub: randomUUID(),
        email: 'unverified@example.com',
        email_verified: false,
      })}`,
    };
    const me = await call(ctx, userEndpoints.getUser, { headers, namespace: 'user' });
    expect(me.json<{ item: { organizationId: string | null } }>().item.organizationId).toBeNull();
  });

  test('a link fails for another address, when revoked, replaced, expired, unknown, or for a member of an organization', async () => {
    const other = await signIn(ctx, 'REGULAR', 'other@example.com');
    await invite('target@example.com');
    const first = await tokenFromMail(ctx, 'target@example.com');
    const before = await snapshotOrganizations(ctx.app.db);
    const wrong = await accept(other, first);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toContain('別のメールアドレス宛て');
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);

    // Inviting again replaces the pending invitation: the first link stops working.
    await invite('target@example.com');
    const second = await tokenFromMail(ctx, 'target@example.com');
    expect(second).not.toBe(first);
    const target = await signIn(ctx, 'REGULAR', 'target-account@example.com');
    void target;
    const members = await callAs(ctx.app, admin, organizationEndpoints.listMembers, {
      params: { organizationId: org },
    });
    expect((members.body.items ?? []).filter((m) => m.email === 'target@example.com')).toHaveLength(1);

    // Revoked.
    const pending = (members.body.items ?? []).find((m) => m.email === 'target@example.com')!;
    const revoke = await callAs(ctx.app, admin, organizationEndpoints.revokeInvitation, {
      params: { organizationId: org, invitationId: String(pending.invitationId) },
    });
    expect(revoke.status).toBe(200);
    expect(
      (
        await callAs(ctx.app, admin, organizationEndpoints.revokeInvitation, {
          params: { organizationId: org, invitationId: String(pending.invitationId) },
        })
      ).status,
    ).toBe(404);

    const late = await signIn(ctx, 'REGULAR', 'late@example.com');
    await invite('late@example.com');
    const lateToken = await tokenFromMail(ctx, 'late@example.com');
    await ctx.app.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.email, 'late@example.com'));
    const expired = await accept(late, lateToken);
    expect(expired.status).toBe(409);
    expect((await inspect(late, lateToken)).body.item).toMatchObject({ state: 'expired' });

    const used = await signIn(ctx, 'REGULAR', 'target@example.com');
    const revoked = await accept(used, second);
    expect(revoked.status).toBe(409);
    expect((await accept(used, first)).status).toBe(409);
    expect((await accept(used, 'no-such-token')).status).toBe(404);
    expect((await inspect(used, 'no-such-token')).status).toBe(404);

    // Someone who already belongs to an organization cannot join another one.
    const founder = await signIn(ctx, 'REGULAR', 'founder@elsewhere.example');
    await createOrganizationAs(ctx, founder, 'Elsewhere');
    await invite('founder@elsewhere.example');
    const busy = await accept(founder, await tokenFromMail(ctx, 'founder@elsewhere.example'));
    expect(busy.status).toBe(409);
    expect(busy.body.message).toContain('すでに組織に所属しています');
  });

  test('inviting a member again answers 409', async () => {
    const r = await invite('boss@acme.example');
    expect(r.status).toBe(409);
  });
});
