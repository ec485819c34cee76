/**
 * Subscriptions end when access ends (ADR 0030): a change that takes a request away from a user
 * (unassignment, a deleted matter, removal from the organization, a role change, a sign-out)
 * ends that user's open subscriptions to it with an `error` frame (ForbiddenException,
 * "accessRevoked") within a second, over real sockets; nothing of the request reaches them
 * afterwards on any topic, and the subscriptions they still may hold go on.
 */
import {
  realtimeAccessRevoked,
  organizationEndpoints,
  projectAssigneeEndpoints,
  projectEndpoints,
  requestEndpoints,
  requestMailEndpoints,
  type ApiNamespace,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationMembers, users } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  connectRealtime,
  dataFor,
  realtimeUrl,
  subscribe,
  type RealtimeFrame,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, multipartMail, type DetailWorld } from '../requests/detail-support.js';
import { call } from '../support/endpoints.js';

const publicUrl = 'https://portal.example.com';
const tokenOf = (user: TestUser) => user.headers.authorization.replace(/^Bearer /, '');
const revokedFor = (id: string) => (frame: RealtimeFrame) => frame.type === 'error' && frame.id === id;

describe.skipIf(skipDriver)('realtime: access taken away ends the subscriptions', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let url: string;
  let organizationId: string;
  const open: RealtimeTestClient[] = [];
  const connect = async (user: TestUser) => {
    const client = await connectRealtime(url, tokenOf(user), { origin: publicUrl });
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: publicUrl });
    w = await buildWorld(ctx, 'rv');
    const [membership] = await ctx.app.db.query.organizationMembers.findMany({
      where: (m, { eq: is }) => is(m.userId, w.admin.id),
    });
    organizationId = membership!.organizationId;
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    url = realtimeUrl(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    for (const client of open) await client.close();
    await ctx?.close();
  });

  const sendMail = async (user: TestUser, namespace: ApiNamespace, projectId: string, number: number) => {
    const body = multipartMail({ subject: '進捗', body: 'ご確認ください。' });
    const response = await call(ctx, requestMailEndpoints.sendRequestMail, {
      as: user,
      headers: body.headers,
      namespace,
      params: { projectId, requestId: number },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ item: { id: string } }>().item.id;
  };
  const setAssignees = async (projectId: string, userIds: string[]) => {
    const response = await call(ctx, projectAssigneeEndpoints.setProjectAssignees, {
      as: w.admin,
      params: { projectId },
      body: { userIds },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Mail, chat room, unread counts and notifications of one request, all acknowledged. */
  const subscribeAll = async (
    client: RealtimeTestClient,
    user: TestUser,
    projectId: string,
    requestId: number,
  ) => {
    const token = tokenOf(user);
    for (const [id, topic] of [
      ['mails', 'onRequestMail'],
      ['chat', 'onChatRoom'],
    ] as const) {
      expect((await subscribe(client, id, topic, { projectId, requestId }, token)).type).toBe('start_ack');
    }
    for (const [id, topic] of [
      ['unread', 'onUnreadCounts'],
      ['chatUnread', 'onChatUnread'],
      ['notes', 'onNotification'],
    ] as const) {
      expect((await subscribe(client, id, topic, {}, token)).type).toBe('start_ack');
    }
  };
  const expectRevoked = async (client: RealtimeTestClient, ids: string[], since: number) => {
    for (const id of ids) {
      const frame = await client.next(revokedFor(id), 1_000);
      expect(frame.payload?.errors?.[0]).toMatchObject({
        errorType: 'ForbiddenException',
        message: realtimeAccessRevoked,
      });
      expect(frame.at - since).toBeLessThan(1_000);
    }
  };
  test('unassigned from the matter: its request mail and chat subscriptions end within 1 s; counts and notifications stay', async () => {
    const matter = await createMatter(ctx, w.owner, { title: '担当替えの案件' });
    const request = await insertRequest(ctx, matter.id, w.firmId, w.owner.id);
    await setAssignees(matter.id, [w.unassigned.id]);
    const client = await connect(w.unassigned);
    await subscribeAll(client, w.unassigned, matter.id, request.number);
    const since = performance.now();
    await setAssignees(matter.id, []);
    await expectRevoked(client, ['mails', 'chat'], since);
    // Nothing of the request arrives afterwards on any topic; the socket itself stays open.
    const from = client.frames.length;
    await sendMail(w.office, 'patent', matter.id, request.number);
    const accepted = await call(ctx, requestEndpoints.acceptRequest, {
      as: w.office,
      params: { projectId: matter.id, requestId: request.number },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The owner, who still sees it, hears the mail: the signals went out.
    const ownerClient = await connect(w.owner);
    expect(
      (
        await subscribe(
          ownerClient,
          'mails',
          'onRequestMail',
          { projectId: matter.id, requestId: request.number },
          tokenOf(w.owner),
        )
      ).type,
    ).toBe('start_ack');
    const marker = await sendMail(w.office, 'patent', matter.id, request.number);
    expect((await ownerClient.next(dataFor('mails'))).payload?.data?.onRequestMail).toMatchObject({
      mailId: marker,
    });
    expect(client.frames.slice(from).filter((frame) => frame.type === 'data')).toEqual([]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  test('the matter deleted: its subscriptions end within 1 s', async () => {
    const matter = await createMatter(ctx, w.owner, { title: '削除する案件' });
    const request = await insertRequest(ctx, matter.id, w.firmId, w.owner.id);
    const client = await connect(w.office);
    expect(
      (
        await subscribe(
          client,
          'mails',
          'onRequestMail',
          { projectId: matter.id, requestId: request.number },
          tokenOf(w.office),
        )
      ).type,
    ).toBe('start_ack');
    const since = performance.now();
    const deleted = await call(ctx, projectEndpoints.deleteProject, {
      as: w.owner,
      params: { projectId: matter.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectRevoked(client, ['mails'], since);
  });

  test('removed from the organization: the subscriptions to its requests end; those of their own go on', async () => {
    const member = await signIn(ctx, 'REGULAR', 'leaving-rv@example.com');
    await ctx.app.db.insert(organizationMembers).values({ organizationId, userId: member.id, roleCode: 1 });
    ctx.app.invalidatePrincipal(member.id);
    await setAssignees(w.projectId, [member.id]);
    const client = await connect(member);
    const token = tokenOf(member);
    const vars = { projectId: w.projectId, requestId: w.number };
    expect((await subscribe(client, 'mails', 'onRequestMail', vars, token)).type).toBe('start_ack');
    expect((await subscribe(client, 'notes', 'onNotification', {}, token)).type).toBe('start_ack');
    const since = performance.now();
    const removed = await call(ctx, organizationEndpoints.removeMember, {
      as: w.admin,
      params: { organizationId, userId: member.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectRevoked(client, ['mails'], since);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  test('demoted from administrator to member: the subscriptions to matters not assigned to them end', async () => {
    const second = await signIn(ctx, 'REGULAR', 'second-admin-rv@example.com');
    await ctx.app.db.insert(organizationMembers).values({ organizationId, userId: second.id, roleCode: 0 });
    ctx.app.invalidatePrincipal(second.id);
    const client = await connect(second);
    const vars = { projectId: w.projectId, requestId: w.number };
    expect((await subscribe(client, 'chat', 'onChatRoom', vars, tokenOf(second))).type).toBe('start_ack');
    const since = performance.now();
    const demoted = await call(ctx, organizationEndpoints.changeMemberRole, {
      as: w.admin,
      params: { organizationId, userId: second.id },
      body: { roleInOrganizationCode: 1 },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await expectRevoked(client, ['chat'], since);
  });

  test('signed out (sessions ended on any process): every subscription ends with the error, then the socket closes 4401', async () => {
    const client = await connect(w.admin);
    await subscribeAll(client, w.admin, w.projectId, w.number);
    const [row] = await ctx.app.db
      .select({ sub: users.identitySub })
      .from(users)
      .where(eq(users.id, w.admin.id));
    const since = performance.now();
    await ctx.app.bus.publish(ctx.app.db, { topic: 'auth.sessionsEnded', id: row!.sub });
    await expectRevoked(client, ['mails', 'chat', 'unread', 'chatUnread', 'notes'], since);
    expect((await client.closed).code).toBe(4401);
  });
});
