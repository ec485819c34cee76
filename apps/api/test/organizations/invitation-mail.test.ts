import { organizationMemberListResponseSchema, organizationEndpoints } from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, mailOutbox, organizationInvitations } from '../../src/db/schema/index.js';
import { inviteMember } from '../../src/use-cases/invite-member.js';
import { skipDriver } from '../support/db.js';
import {
  callAs,
  createOrgTestContext,
  createOrganizationAs,
  invitationMailTo,
  signIn,
  snapshotOrganizations,
  tokenFromMail,
  type OrgTestContext,
  type TestUser,
} from './support.js';

/**
 * An invitation and its mail commit together (the outbox): the invitation is answered at once,
 * its mail is delivered in the background with retries, and the members list shows the mail's
 * state. A mail that failed for good is resent by inviting the address again.
 */
describe.skipIf(skipDriver)('organization invitation mail', () => {
  let ctx: OrgTestContext;
  let admin: TestUser;
  let org: string;
  const invite = (email: string) =>
    callAs(ctx.app, admin, organizationEndpoints.inviteMember, {
      params: { organizationId: org },
      body: { email, roleInOrganizationCode: 1 },
    });
  const listed = async (email: string) => {
    const members = await callAs(ctx.app, admin, organizationEndpoints.listMembers, {
      params: { organizationId: org },
    });
    expect(members.status).toBe(200);
    return organizationMemberListResponseSchema
      .parse(members.body)
      .items.filter((m) => m.email === email && m.status === 'invited');
  };
  const invitationsTo = (email: string) =>
    ctx.app.db
      .select({ id: organizationInvitations.id, status: organizationInvitations.status })
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.organizationId, org), eq(organizationInvitations.email, email)))
      .orderBy(asc(organizationInvitations.createdAt));

  /** Reads the list again until the invitation's mail is in `status` (the outbox row is the truth). */
  async function waitForMailStatus(email: string, status: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await listed(email);
      if (row?.mailStatus === status) return row;
      if (Date.now() > deadline)
        throw new Error(`invitation mail to ${email} is ${row?.mailStatus}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    // One retry, one second apart, keeps the failure test short.
    ctx = await createOrgTestContext({ MAIL_RETRY_LIMIT: '1', MAIL_RETRY_DELAY_SECONDS: '1' });
    admin = await signIn(ctx, 'REGULAR', 'boss@mailstate.example', { name: '管理 花子' });
    org = await createOrganizationAs(ctx, admin, 'Mail 株式会社');
  });
  afterAll(async () => ctx?.close());

  test('the invitation is answered with its mail queued; the list shows it sent once delivered', async () => {
    const r = await invite('queued@example.com');
    expect(r.status).toBe(201);
    expect(r.body.item).toMatchObject({ status: 'invited', mailStatus: 'queued' });
    const mail = await invitationMailTo(ctx, 'queued@example.com');
    const invitationId = (r.body.item as { invitationId: string }).invitationId;
    const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.delivery!.id));
    expect(row).toMatchObject({
      reference: `invitation:${invitationId}`,
      dedupeKey: `invitation:${invitationId}`,
      template: 'organizationInvitation',
    });
    await waitForMailStatus('queued@example.com', 'sent');
  });

  test('an invitation whose mail cannot be queued is not made, and a refused one queues no mail', async () => {
    const before = await snapshotOrganizations(ctx.app.db);
    const broken = new Error('outbox unavailable');
    await expect(
      inviteMember(
        { db: ctx.app.db, mail: () => Promise.reject(broken) },
        {
          organizationId: org,
          email: 'never@example.com',
          roleCode: 1,
          locale: 'ja',
          linkBase: 'https://portal.example.com',
        },
        { userId: admin.id },
      ),
    ).rejects.toBe(broken);
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
    // Inviting a member is refused before anything is written: no mail either.
    expect((await invite('boss@mailstate.example')).status).toBe(409);
    const mails = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'boss@mailstate.example'));
    expect(mails).toEqual([]);
  });

  test('a mail that fails after its retries shows as failed; inviting again resends it and the new link works', async () => {
    ctx.sink.failNext(1000);
    expect((await invite('unlucky@example.com')).status).toBe(201);
    const failed = await waitForMailStatus('unlucky@example.com', 'failed');
    ctx.sink.failNext(0);
    const [outboxRow] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invitation:${failed.invitationId ?? ''}`));
    expect(outboxRow).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'mail sink: connection refused',
    });

    // The resend button: the same address invited again, a new invitation with a new mail.
    const resend = await invite('unlucky@example.com');
    expect(resend.status).toBe(201);
    const token = await tokenFromMail(ctx, 'unlucky@example.com');
    const [shown] = await listed('unlucky@example.com');
    expect(shown?.invitationId).not.toBe(failed.invitationId);
    await waitForMailStatus('unlucky@example.com', 'sent');
    expect((await listed('unlucky@example.com')).length).toBe(1);
    expect((await invitationsTo('unlucky@example.com')).map((i) => i.status)).toEqual(['revoked', 'pending']);
    const replaced = await ctx.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.entityId, org), eq(history.action, 'organization.invitation.revoke')));
    expect(replaced.map((h) => h.changes)).toContainEqual({
      invitationId: failed.invitationId,
      email: 'unlucky@example.com',
      reason: 'replaced',
    });

    const invitee = await signIn(ctx, 'REGULAR', 'unlucky@example.com');
    const accepted = await callAs(ctx.app, invitee, organizationEndpoints.acceptInvitation, {
      body: {
        token,
      },
    });
    expect(accepted.status).toBe(200);
  }, 60_000);
});
