/**
 * The AppSync real-time protocol at /graphql/realtime, frame by frame against a listening
 * server (the AWS AppSync real-time protocol, ADR 0030): both header forms, the handshake and its refusals,
 * keep-alives, start/start_ack/data/error/stop/complete, per-topic refusals that leave the socket
 * open, the limits, and the fan-out of request mails, unread counts and status notifications.
 */
import { randomUUID } from 'node:crypto';
import {
  realtimeTopics,
  runtimeConfigSchema,
  requestEndpoints,
  requestMailEndpoints,
  type ApiNamespace,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  connectRealtime,
  dataFor,
  listenForSockets,
  openRealtime,
  realtimeOrigin,
  realtimeSockets,
  startMessage,
  subscribe,
  tokenOf,
} from '../support/realtime-client.js';
import { createMatter, type TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, multipartMail, type DetailWorld } from '../requests/detail-support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('realtime socket', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  const realtime = realtimeSockets();
  const { track, connect } = realtime;

  beforeAll(async () => {
    ctx = await createTestContext({
      PUBLIC_URL: realtimeOrigin,
      REALTIME_KEEP_ALIVE_MS: '100',
      REALTIME_MAX_SUBSCRIPTIONS: '3',
      REALTIME_MAX_FRAME_BYTES: '4096',
    });
    w = await buildWorld(ctx, 'rt');
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  const mailVariables = () => ({ projectId: w.projectId, requestId: w.number });
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

  test('/config.json publishes the socket at /graphql/realtime', async () => {
    const config = runtimeConfigSchema.parse((await ctx.app.inject({ url: '/config.json' })).json());
    expect(config.realtimeUrl).toBe('wss://portal.example.com/graphql/realtime');
  });

  test('header subprotocol: graphql-ws is selected (never the header), connection_ack with connectionTimeoutMs, then ka', async () => {
    const client = track(
      await openRealtime(realtime.url, { token: tokenOf(w.owner), origin: realtimeOrigin }),
    );
    expect(client.socket.protocol).toBe('graphql-ws');
    client.send({ type: 'connection_init' });
    const ack = await client.next();
    expect(ack).toMatchObject({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } });
    expect((await client.next()).type).toBe('ka');
  });

  test('query form ?header=…&payload=e30= is accepted too', async () => {
    const client = await connect(w.office, { form: 'query' });
    expect(client.socket.protocol).toBe('graphql-ws');
  });

  test.each([
    ['no token', () => undefined],
    ['a malformed token', () => 'not-a-jwt'],
    ['a forged token', () => `${tokenOf(w.owner).slice(0, -6)}AAAAAA`],
    [
      'a token of an unknown pool',
      () => ctx.identity.token('REGULAR', {}, {}).replace(/^[^.]+/, 'eyJhbGciOiJIUzI1NiJ9'),
    ],
  ])('%s: connection_error 401, then the socket closes', async (_name, tokenFor) => {
    const token = tokenFor();
    const client = track(
      await openRealtime(realtime.url, { origin: realtimeOrigin, ...(token ? { token } : {}) }),
    );
    client.send({ type: 'connection_init' });
    const error = await client.next();
    expect(error).toMatchObject({
      type: 'connection_error',
      payload: { errors: [{ errorType: 'UnauthorizedException', errorCode: 401 }] },
    });
    expect((await client.closed).code).toBe(4401);
  });

  test('an expired token: connection_error 401', async () => {
    const token = ctx.identity.token('REGULAR', { email: w.owner.email }, { expiresInSeconds: -5 });
    const client = track(await openRealtime(realtime.url, { token, origin: realtimeOrigin }));
    client.send({ type: 'connection_init' });
    expect(await client.next()).toMatchObject({
      type: 'connection_error',
      payload: { errors: [{ errorCode: 401 }] },
    });
  });

  test('the socket closes when its token expires', async () => {
    const token = ctx.identity.token('REGULAR', { email: 'short@example.com' }, { expiresInSeconds: 2 });
    const client = track(await connectRealtime(realtime.url, token, { origin: realtimeOrigin }));
    const started = performance.now();
    const { code } = await client.closed;
    expect(code).toBe(4401);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('another site’s Origin and a missing graphql-ws subprotocol are refused before the upgrade', async () => {
    await expect(
      openRealtime(realtime.url, { token: tokenOf(w.owner), origin: 'https://evil.example' }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      openRealtime(realtime.url, {
        token: tokenOf(w.owner),
        origin: realtimeOrigin,
        protocols: ['graphql-transport-ws'],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  test('keep-alive: ka arrives every configured interval', async () => {
    const client = await connect(w.admin);
    const times: number[] = [];
    for (let i = 0; i < 4; i += 1) times.push((await client.next((frame) => frame.type === 'ka')).at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 100 ms configured; the first ka comes with the ack. Loose upper bound: a loaded 2-core machine.
    for (const gap of gaps.slice(1)) {
      expect(gap).toBeGreaterThan(50);
      expect(gap).toBeLessThan(1_000);
    }
  });

  test('start → start_ack, a mail from the other side → data, stop → complete', async () => {
    const client = await connect(w.owner);
    const ack = await subscribe(client, 'mails', 'onRequestMail', mailVariables(), tokenOf(w.owner));
    expect(ack).toEqual({ type: 'start_ack', id: 'mails', at: ack.at });
    const mailId = await sendMail(w.office, 'patent', w.projectId, w.number);
    const data = await client.next(dataFor('mails'));
    expect(realtimeTopics.onRequestMail.data.parse(data.payload?.data?.onRequestMail)).toEqual({
      mailId,
      projectId: w.projectId,
      requestId: w.number,
    });
    client.send({ type: 'stop', id: 'mails' });
    expect(await client.next((frame) => frame.id === 'mails')).toMatchObject({
      type: 'complete',
      id: 'mails',
    });
  });

  test('the office side receives the client’s mail on the same topic', async () => {
    const client = await connect(w.office);
    expect((await subscribe(client, 'm', 'onRequestMail', mailVariables(), tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    const mailId = await sendMail(w.owner, 'user', w.projectId, w.number);
    expect((await client.next(dataFor('m'))).payload?.data?.onRequestMail).toMatchObject({ mailId });
  });

  test('unread counts: a mail to the client raises them, opening the thread lowers them', async () => {
    const client = await connect(w.admin);
    expect((await subscribe(client, 'u', 'onUnreadCounts', {}, tokenOf(w.admin))).type).toBe('start_ack');
    const before = (
      await call(ctx, requestEndpoints.getRequestUnreadSummary, { as: w.admin, namespace: 'user' })
    ).json<{
      item: { unreadMailCount: number };
    }>().item;
    await sendMail(w.office, 'patent', w.projectId, w.number);
    const raised = (await client.next(dataFor('u'))).payload?.data?.onUnreadCounts;
    expect(realtimeTopics.onUnreadCounts.data.parse(raised)).toEqual({
      unreadMailCount: before.unreadMailCount + 1,
      requestsWithUnread: 1,
      awaitingRequestCount: 0,
    });
    const read = await call(ctx, requestMailEndpoints.markRequestMailsRead, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
    });
    expect(read.statusCode).toBe(200);
    expect((await client.next(dataFor('u'))).payload?.data?.onUnreadCounts).toEqual({
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 0,
    });
  });

  test('a forbidden topic: ForbiddenException for that start only; the socket and its other subscriptions go on', async () => {
    const own = await createMatter(ctx, w.stranger, { title: '自分の案件' });
    const ownRequest = await insertRequest(ctx, own.id, w.firmId, w.stranger.id);
    const client = await connect(w.stranger);
    const token = tokenOf(w.stranger);
    const vars = { projectId: own.id, requestId: ownRequest.number };
    expect((await subscribe(client, 'own', 'onRequestMail', vars, token)).type).toBe('start_ack');
    const refused = await subscribe(client, 'theirs', 'onRequestMail', mailVariables(), token);
    expect(refused).toMatchObject({
      type: 'error',
      id: 'theirs',
      payload: { errors: [{ errorType: 'ForbiddenException' }] },
    });
    // Not a request at all: the same answer, so ids cannot be probed.
    const missing = await subscribe(
      client,
      'none',
      'onRequestMail',
      { projectId: randomUUID(), requestId: 1 },
      token,
    );
    expect(missing.payload?.errors?.[0]).toEqual(refused.payload?.errors?.[0]);
    const mailId = await sendMail(w.office, 'patent', own.id, ownRequest.number);
    expect((await client.next(dataFor('own'))).payload?.data?.onRequestMail).toMatchObject({ mailId });
  });

  test('notifications: the office accepts, the client side hears it; the office itself does not', async () => {
    const request = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    const client = await connect(w.owner);
    const office = await connect(w.office);
    expect((await subscribe(client, 'n', 'onNotification', {}, tokenOf(w.owner))).type).toBe('start_ack');
    expect((await subscribe(office, 'n', 'onNotification', {}, tokenOf(w.office))).type).toBe('start_ack');
    expect((await subscribe(office, 'm', 'onRequestMail', mailVariables(), tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    const accepted = await call(ctx, requestEndpoints.acceptRequest, {
      as: w.office,
      params: { projectId: w.projectId, requestId: request.number },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const event = realtimeTopics.onNotification.data.parse(
      (await client.next(dataFor('n'))).payload?.data?.onNotification,
    );
    expect(event).toMatchObject({
      kind: 'requestStatusChanged',
      projectId: w.projectId,
      requestId: request.number,
      action: 'accept',
      status: 2,
    });
    // The office's socket got nothing for its own act: the next thing it hears is a later mail.
    await sendMail(w.owner, 'user', w.projectId, w.number);
    const next = await office.next((frame) => frame.type === 'data');
    expect(next.id).toBe('m');
  });

  test('authorization on every start: no token, a bad one, another user’s → UnauthorizedException', async () => {
    const client = await connect(w.owner);
    client.send({
      id: 'a',
      type: 'start',
      payload: { data: startMessage('a', 'onUnreadCounts', {}, '').payload.data },
    });
    expect(await client.next((f) => f.id === 'a')).toMatchObject({
      type: 'error',
      payload: { errors: [{ errorType: 'UnauthorizedException' }] },
    });
    client.send(startMessage('b', 'onUnreadCounts', {}, 'x.y.z'));
    expect((await client.next((f) => f.id === 'b')).payload?.errors?.[0]?.errorType).toBe(
      'UnauthorizedException',
    );
    client.send(startMessage('c', 'onUnreadCounts', {}, tokenOf(w.admin)));
    expect((await client.next((f) => f.id === 'c')).payload?.errors?.[0]?.errorType).toBe(
      'UnauthorizedException',
    );
  });

  test('start before connection_init, unknown message types, bad documents and variables: an error, the socket stays', async () => {
    const early = track(
      await openRealtime(realtime.url, { token: tokenOf(w.owner), origin: realtimeOrigin }),
    );
    early.send(startMessage('s', 'onUnreadCounts', {}, tokenOf(w.owner)));
    expect((await early.next((f) => f.id === 's')).payload?.errors?.[0]?.errorType).toBe(
      'BadRequestException',
    );

    const client = await connect(w.owner);
    client.send({ type: 'subscribe', id: 'x' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({
      payload: { errors: [{ errorType: 'UnsupportedOperation' }] },
    });
    client.send('not json');
    expect((await client.next((f) => f.type === 'error')).payload?.errors?.[0]?.errorType).toBe(
      'BadRequestException',
    );
    const token = tokenOf(w.owner);
    client.send({
      id: 'q',
      type: 'start',
      payload: {
        data: JSON.stringify({ query: 'subscription { onEverything { id } }', variables: {} }),
        extensions: { authorization: { Authorization: token } },
      },
    });
    expect((await client.next((f) => f.id === 'q')).payload?.errors?.[0]?.errorType).toBe(
      'BadRequestException',
    );
    const invalid = await subscribe(client, 'v', 'onRequestMail', { projectId: 'nope', requestId: 0 }, token);
    expect(invalid.payload?.errors?.[0]?.errorType).toBe('BadRequestException');
    expect((await subscribe(client, 'ok', 'onUnreadCounts', {}, token)).type).toBe('start_ack');
  });

  test('at most the configured subscriptions per connection; a duplicate id is refused', async () => {
    const client = await connect(w.owner);
    const token = tokenOf(w.owner);
    for (const id of ['1', '2', '3'])
      expect((await subscribe(client, id, 'onNotification', {}, token)).type).toBe('start_ack');
    expect((await subscribe(client, '1', 'onNotification', {}, token)).payload?.errors?.[0]?.errorType).toBe(
      'BadRequestException',
    );
    expect((await subscribe(client, '4', 'onNotification', {}, token)).payload?.errors?.[0]?.errorType).toBe(
      'LimitExceededException',
    );
    client.send({ type: 'stop', id: '3' });
    await client.next((f) => f.type === 'complete');
    expect((await subscribe(client, '4', 'onNotification', {}, token)).type).toBe('start_ack');
  });

  test('a frame over the size limit closes the socket with 1009', async () => {
    const client = await connect(w.owner);
    client.send({ type: 'ka', padding: 'x'.repeat(5_000) });
    expect((await client.closed).code).toBe(1009);
  });

  test('closing the app closes every socket with 1001', async () => {
    const client = await connect(w.owner);
    expect(ctx.app.realtime.counts().connections).toBeGreaterThan(0);
    // A second app on the same database: close it and watch its socket go.
    const { buildApp } = await import('../../src/app.js');
    const other = await buildApp(ctx.config, {
      verifier: ctx.identity.verifier,
      database: ctx.database,
      logger: false,
    });
    const otherUrl = await listenForSockets(other);
    const second = track(await connectRealtime(otherUrl, tokenOf(w.owner), { origin: realtimeOrigin }));
    const closing = other.close();
    expect((await second.closed).code).toBe(1001);
    await closing;
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});
