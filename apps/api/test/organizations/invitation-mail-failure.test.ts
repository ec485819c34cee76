import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, organizationInvitations } from '../../src/db/schema/index.js';
import type { MailMessage, Mailer, SentMail } from '../../src/mail/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  call,
  createOrganizationAs,
  signIn,
  snapshotOrganizations,
  tokenFromMail,
  type TestUser,
} from './support.js';

/** A mailer whose transport can be switched off, like an SMTP server that refuses the connection. */
function switchableMailer(): Mailer & { sent: MailMessage[]; broken: boolean } {
  const mailer = {
    transport: 'smtp' as const,
    sent: [] as MailMessage[],
    broken: false,
    send(message: MailMessage): Promise<SentMail> {
      if (mailer.broken) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:587'));
      mailer.sent.push(message);
      return Promise.resolve({ messageId: `<${mailer.sent.length}@test>` });
    },
    close: () => Promise.resolve(),
  };
  return mailer;
}

/**
 * An invitation and its mail are one unit: when the mail cannot be sent the administrator gets a
 * translated 502, no pending invitation is left behind, an earlier invitation (a failed resend)
 * keeps working, and trying again once the mail works succeeds.
 */
describe.skipIf(skipDriver)('organization invitation when the mail cannot be sent', () => {
  let ctx: TestContext;
  let mailer: ReturnType<typeof switchableMailer>;
  let admin: TestUser;
  let org: string;
  const invitePath = () => `/user/organizations/${org}/invitations`;
  const invite = (email: string, headers: Record<string, string> = {}) =>
    call(ctx.app, 'POST', invitePath(), admin, { email, roleInOrganizationCode: 1 }, headers);
  const invitationsTo = (email: string) =>
    ctx.app.db
      .select({ id: organizationInvitations.id, status: organizationInvitations.status })
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.organizationId, org), eq(organizationInvitations.email, email)))
      .orderBy(asc(organizationInvitations.createdAt));
  const listedInvitations = async (email: string) => {
    const members = await call(ctx.app, 'GET', `/user/organizations/${org}/members`, admin);
    expect(members.status).toBe(200);
    return (members.body.items ?? []).filter((m) => m.email === email && m.status === 'invited');
  };

  beforeAll(async () => {
    mailer = switchableMailer();
    ctx = await createTestContext({}, { mailer });
    admin = await signIn(ctx, 'REGULAR', 'boss@mailfail.example', { name: '管理 花子' });
    org = await createOrganizationAs(ctx, admin, 'Mailfail 株式会社');
  });
  afterAll(async () => ctx?.close());

  test('a failing mailer: 502 with a translated reason, no pending invitation; a retry succeeds', async () => {
    mailer.broken = true;
    const refused = await invite('newcomer@example.com');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ hasError: true });
    expect(refused.body.message).toBe(
      '招待メールを送信できなかったため、招待しませんでした。しばらくしてからもう一度お試しください',
    );
    const english = await invite('newcomer@example.com', { 'accept-language': 'en' });
    expect(english.status).toBe(502);
    expect(english.body.message).toBe(
      'The invitation mail could not be sent, so no invitation was made; try again in a moment',
    );
    // Nothing pending: the members screen shows no invitation, and the rows are revoked.
    expect(await listedInvitations('newcomer@example.com')).toEqual([]);
    expect((await invitationsTo('newcomer@example.com')).map((r) => r.status)).toEqual([
      'revoked',
      'revoked',
    ]);
    const withdrawn = await ctx.app.db
      .select({ action: history.action, changes: history.changes })
      .from(history)
      .where(eq(history.entityId, org))
      .orderBy(asc(history.id));
    expect(
      withdrawn.filter((h) => h.action === 'organization.invitation.revoke').at(-1)?.changes,
    ).toMatchObject({
      email: 'newcomer@example.com',
      reason: 'mailNotSent',
    });

    mailer.broken = false;
    const retried = await invite('newcomer@example.com');
    expect(retried.status).toBe(201);
    expect(retried.body.item).toMatchObject({ status: 'invited', email: 'newcomer@example.com' });
    expect(await listedInvitations('newcomer@example.com')).toHaveLength(1);
    const newcomer = await signIn(ctx, 'REGULAR', 'newcomer@example.com');
    const accepted = await call(ctx.app, 'POST', '/user/organizations/invitations/accept', newcomer, {
      token: tokenFromMail(mailer.sent, 'newcomer@example.com'),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.item).toMatchObject({ organizationId: org, roleInOrganizationCode: 1 });
  });

  test('a failed resend keeps the earlier invitation working; a successful one replaces it', async () => {
    expect((await invite('resend@example.com')).status).toBe(201);
    const first = tokenFromMail(mailer.sent, 'resend@example.com');
    const [earlier] = await listedInvitations('resend@example.com');

    mailer.broken = true;
    const before = await snapshotOrganizations(ctx.app.db);
    const resend = await invite('resend@example.com');
    expect(resend.status).toBe(502);
    mailer.broken = false;
    // Only the withdrawn attempt was added (revoked, with its history); the earlier one is untouched.
    expect(await snapshotOrganizations(ctx.app.db)).not.toBe(before);
    expect((await invitationsTo('resend@example.com')).map((r) => r.status)).toEqual(['pending', 'revoked']);
    expect(await listedInvitations('resend@example.com')).toEqual([earlier]);
    const state = async (token: string) =>
      (await call(ctx.app, 'POST', '/user/organizations/invitations/inspect', admin, { token })).body.item
        ?.state;
    expect(await state(first)).toBe('pending');

    expect((await invite('resend@example.com')).status).toBe(201);
    const second = tokenFromMail(mailer.sent, 'resend@example.com');
    expect(second).not.toBe(first);
    expect((await invitationsTo('resend@example.com')).map((r) => r.status)).toEqual([
      'revoked',
      'revoked',
      'pending',
    ]);
    expect(await state(first)).toBe('revoked');
    expect(await state(second)).toBe('pending');
    // The invitee signs up and joins through the one pending invitation.
    const invitee = await signIn(ctx, 'REGULAR', 'resend@example.com');
    expect(
      (await call(ctx.app, 'POST', '/user/organizations/invitations/accept', invitee, { token: second })).body
        .item,
    ).toMatchObject({ organizationId: org });
  });
});
