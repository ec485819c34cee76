/**
 * A request's status changes (the office accepts, completes or declines it): the viewers' open
 * sockets hear of it, and every viewer subscribed to the sidebar's counts gets them again in the
 * same turn, so no page asks the server for them (the office's requests waiting for an answer
 * move). The one who acted is not notified of their own act, but their counts still arrive
 * (their other tabs); another office hears nothing.
 */
import { requestEndpoints } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { realtimeOrigin, realtimeSockets } from '../support/realtime-client.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { countsOf, notificationOf, notifiedSocket } from './notification-sockets.js';
import { insertFirm, officeUser, sendRequest } from './requests-fixtures.js';

describe.skipIf(skipDriver)('a request status change carries the sidebar counts', () => {
  let ctx: TestContext;
  let client: TestUser;
  let firmId: string;
  let actor: TestUser;
  let colleague: TestUser;
  let otherFirmId: string;
  let otherStaff: TestUser;
  let projectId: string;
  const realtime = realtimeSockets();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    client = await signIn(ctx, 'REGULAR', 'client@status-counts.example');
    firmId = await insertFirm(ctx, 'Status IP');
    actor = await officeUser(ctx, 'actor@status-ip.example', firmId);
    colleague = await officeUser(ctx, 'colleague@status-ip.example', firmId);
    otherFirmId = await insertFirm(ctx, 'Elsewhere IP');
    otherStaff = await officeUser(ctx, 'staff@elsewhere-status.example', otherFirmId);
    projectId = (await createMatter(ctx, client, { title: '全固体電池の出願' })).id;
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  const connect = (user: TestUser) => notifiedSocket(realtime, user);
  const act = async (endpoint: typeof requestEndpoints.acceptRequest, requestId: number) => {
    const answer = await call(ctx, endpoint, { as: actor, params: { projectId, requestId } });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  test('accepted and completed: the colleague and the client hear it with their counts; the actor gets only its counts', async () => {
    const first = await sendRequest(ctx, client, projectId, firmId, { name: '米国出願の見積' });
    const second = await sendRequest(ctx, client, projectId, firmId, { name: '先行技術調査' });
    const actorSocket = await connect(actor);
    const colleagueSocket = await connect(colleague);
    const clientSocket = await connect(client);
    const otherSocket = await connect(otherStaff);

    await act(requestEndpoints.acceptRequest, first.requestId);
    expect(await notificationOf(colleagueSocket)).toMatchObject({
      kind: 'requestStatusChanged',
      projectId,
      requestId: first.requestId,
      action: 'accept',
      status: 2,
    });
    // One of the office's two requests still waits for its answer.
    expect(await countsOf(colleagueSocket)).toEqual({
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 1,
    });
    expect(await countsOf(actorSocket)).toMatchObject({ awaitingRequestCount: 1 });
    expect(await notificationOf(clientSocket)).toMatchObject({
      requestId: first.requestId,
      action: 'accept',
    });
    expect(await countsOf(clientSocket)).toMatchObject({ unreadMailCount: 0, requestsWithUnread: 0 });

    await act(requestEndpoints.acceptRequest, second.requestId);
    expect(await countsOf(colleagueSocket)).toMatchObject({ awaitingRequestCount: 0 });
    // The actor's socket was not told of either acceptance: its next notification is the
    // colleague's act below.
    const completed = await call(ctx, requestEndpoints.completeRequest, {
      as: colleague,
      params: { projectId, requestId: first.requestId },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await notificationOf(actorSocket)).toMatchObject({
      requestId: first.requestId,
      action: 'complete',
    });

    // Another office heard nothing of these requests: its first frames are about its own request.
    const own = await sendRequest(ctx, client, projectId, otherFirmId, { name: '他所への依頼' });
    expect(await notificationOf(otherSocket)).toMatchObject({
      kind: 'requestReceived',
      requestId: own.requestId,
    });
    expect(await countsOf(otherSocket)).toMatchObject({ awaitingRequestCount: 1 });
  });
});
