import { realtimeTopics } from '@ipportal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from './fake-socket.js';
import { RealtimeClient } from './realtime-client.js';
import type { RealtimeClientOptions, RealtimeState } from './realtime-client.js';
import { realtimeTimings } from './timings.js';

const url = 'wss://portal.example.com/graphql/realtime';
const projectId = '11111111-1111-4111-8111-111111111111';

function setUp(overrides: Partial<RealtimeClientOptions> = {}) {
  const fake = fakeSockets();
  const getToken = vi.fn<RealtimeClientOptions['getToken']>((options) =>
    Promise.resolve(options?.forceRefresh ? 'header.fresh.token' : 'header.first.token'),
  );
  const onReconnect = vi.fn();
  const states: RealtimeState[] = [];
  const client = new RealtimeClient({
    url,
    getToken,
    onReconnect,
    createSocket: fake.createSocket,
    random: () => 0.5,
    ...overrides,
  });
  client.onStateChange((state) => states.push(state));
  return { fake, getToken, onReconnect, states, client };
}

/** Lets the client's token promise settle (no timers move). */
const settle = () => vi.advanceTimersByTimeAsync(0);

function decodeHeader(protocol: string) {
  const base64 = protocol.slice('header-'.length).replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64)) as Record<string, unknown>;
}

let client: RealtimeClient | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  client?.dispose();
  client = undefined;
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('connects with graphql-ws and the header subprotocol, sends connection_init, then starts on connection_ack', async () => {
    const t = setUp();
    client = t.client;
    const onData = vi.fn();
    client.subscribe('onUnreadCounts', {}, { onData });
    expect(client.state).toBe('connecting');
    await settle();
    const socket = t.fake.last;
    expect(socket.url).toBe(url);
    expect(socket.protocols[0]).toBe('graphql-ws');
    expect(socket.protocols[1]).toMatch(/^header-[A-Za-z0-9_-]+$/);
    expect(decodeHeader(socket.protocols[1]!)).toEqual({
      Authorization: 'header.first.token',
      host: 'portal.example.com',
    });
    socket.open();
    expect(socket.sent).toEqual([{ type: 'connection_init' }]);
    // Nothing starts before the ack.
    expect(socket.sentOf('start')).toHaveLength(0);
    socket.receive({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } });
    expect(client.state).toBe('connected');
    const [start] = socket.sentOf('start');
    expect(start).toMatchObject({
      type: 'start',
      payload: { extensions: { authorization: { Authorization: 'header.first.token' } } },
    });
    expect(JSON.parse((start!.payload as { data: string }).data)).toEqual({
      query: realtimeTopics.onUnreadCounts.query,
      variables: {},
    });
    socket.receive({ type: 'start_ack', id: start!.id });
    socket.receive({
      type: 'data',
      id: start!.id,
      payload: { data: { onUnreadCounts: { unreadMailCount: 3, requestsWithUnread: 2 } } },
    });
    expect(onData).toHaveBeenCalledWith({ unreadMailCount: 3, requestsWithUnread: 2 });
    expect(t.onReconnect).not.toHaveBeenCalled();
  });

  it('no connection_ack within 15 s: closes and retries with jittered backoff capped at 5 s', async () => {
    const t = setUp();
    client = t.client;
    await settle();
    t.fake.last.open();
    await vi.advanceTimersByTimeAsync(realtimeTimings.ackTimeoutMs - 1);
    expect(t.fake.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fake.sockets[0]!.closedWith).not.toBeNull();
    expect(client.state).toBe('connecting');
    // Each failed handshake waits longer, never more than 5 s.
    const delays: number[] = [];
    for (let i = 1; i < realtimeTimings.handshakeTries; i += 1) {
      const count = t.fake.sockets.length;
      let waited = 0;
      while (t.fake.sockets.length === count) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
      expect(waited).toBeLessThanOrEqual(realtimeTimings.handshakeMaxDelayMs);
      t.fake.last.serverClose(1006);
    }
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    // After about six tries it shows the failure and goes on at the slow pace.
    expect(client.state).toBe('disconnected');
    const count = t.fake.sockets.length;
    await vi.advanceTimersByTimeAsync(realtimeTimings.laterReconnectMs - 1);
    expect(t.fake.sockets).toHaveLength(count);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fake.sockets).toHaveLength(count + 1);
    t.fake.last.accept();
    expect(client.state).toBe('connected');
  });

  it('ka watchdog: 65 s of silence shows reconnecting, a ka restores connected; connectionTimeoutMs of silence closes and reconnects', async () => {
    const t = setUp();
    client = t.client;
    await settle();
    t.fake.last.accept(120_000);
    await vi.advanceTimersByTimeAsync(60_000);
    t.fake.last.receive({ type: 'ka' });
    await vi.advanceTimersByTimeAsync(realtimeTimings.keepAliveAlertMs - 1);
    expect(client.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.state).toBe('reconnecting');
    t.fake.last.receive({ type: 'ka' });
    expect(client.state).toBe('connected');
    // Then silence for the whole connectionTimeoutMs.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.fake.sockets[0]!.closedWith).not.toBeNull();
    expect(client.state).toBe('disconnected');
    expect(t.states).toEqual(['connected', 'reconnecting', 'connected', 'reconnecting', 'disconnected']);
  });

  it('a busy socket costs no timer per frame and still alerts after 65 s of silence', async () => {
    const t = setUp();
    client = t.client;
    const onData = vi.fn();
    client.subscribe('onUnreadCounts', {}, { onData });
    await settle();
    t.fake.last.accept();
    const [start] = t.fake.last.sentOf('start');
    t.fake.last.receive({ type: 'start_ack', id: start!.id });
    const timersSet = vi.spyOn(globalThis, 'setTimeout');
    for (let i = 0; i < 100; i += 1) {
      t.fake.last.receive({
        type: 'data',
        id: start!.id,
        payload: { data: { onUnreadCounts: { unreadMailCount: i, requestsWithUnread: 1 } } },
      });
    }
    expect(timersSet).not.toHaveBeenCalled();
    for (let i = 0; i < 100; i += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      t.fake.last.receive({ type: 'ka' });
    }
    // The watchdog moved on twice in 100 s of traffic, not once per frame.
    expect(timersSet.mock.calls.length).toBeLessThanOrEqual(2);
    timersSet.mockRestore();
    expect(onData).toHaveBeenCalledTimes(100);
    expect(client.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(realtimeTimings.keepAliveAlertMs - 1);
    expect(client.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.state).toBe('reconnecting');
  });

  it('a connectionTimeoutMs shorter than 65 s closes before any alert', async () => {
    const t = setUp();
    client = t.client;
    await settle();
    t.fake.last.accept(30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(t.fake.sockets[0]!.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fake.sockets[0]!.closedWith).not.toBeNull();
    expect(t.states).toEqual(['connected', 'disconnected']);
  });

  it('an established socket drops: reconnects after 5 s, re-sends each start with the same id and asks for a refetch', async () => {
    const t = setUp();
    client = t.client;
    const mails = vi.fn();
    const counts = vi.fn();
    client.subscribe('onRequestMail', { projectId, requestId: 7 }, { onData: mails });
    client.subscribe('onUnreadCounts', {}, { onData: counts });
    await settle();
    const first = t.fake.last;
    first.accept();
    const ids = first.sentOf('start').map((frame) => frame.id);
    expect(ids).toHaveLength(2);

    first.serverClose(1001);
    expect(client.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(realtimeTimings.firstReconnectMs - 1);
    expect(t.fake.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fake.sockets).toHaveLength(2);
    // The next attempt fails too: then every 60 s.
    t.fake.last.serverClose(1006);
    await vi.advanceTimersByTimeAsync(realtimeTimings.laterReconnectMs - 1);
    expect(t.fake.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fake.sockets).toHaveLength(3);
    expect(t.onReconnect).not.toHaveBeenCalled();

    const third = t.fake.last;
    third.accept();
    expect(client.state).toBe('connected');
    expect(third.sentOf('start').map((frame) => frame.id)).toEqual(ids);
    expect(t.onReconnect).toHaveBeenCalledTimes(1);
    third.receive({
      type: 'data',
      id: ids[0],
      payload: { data: { onRequestMail: { mailId: 'm', projectId, requestId: 7 } } },
    });
    expect(mails).toHaveBeenCalledTimes(1);
  });

  it('the server’s resync close (4000, e.g. the profile changed): back within a second, never shown as disconnected', async () => {
    const t = setUp();
    client = t.client;
    client.subscribe('onNotification', {}, { onData: vi.fn() });
    await settle();
    t.fake.last.accept();
    t.fake.last.serverClose(4000);
    expect(client.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(realtimeTimings.resyncMaxDelayMs);
    expect(t.fake.sockets).toHaveLength(2);
    t.fake.last.accept();
    expect(t.fake.last.sentOf('start')).toHaveLength(1);
    expect(t.onReconnect).toHaveBeenCalledTimes(1);
    expect(t.states).not.toContain('disconnected');
  });

  it('a ForbiddenException on one subscription keeps the socket and the others', async () => {
    const t = setUp();
    client = t.client;
    const forbidden = vi.fn();
    const counts = vi.fn();
    client.subscribe('onRequestMail', { projectId, requestId: 9 }, { onData: vi.fn(), onError: forbidden });
    client.subscribe('onUnreadCounts', {}, { onData: counts });
    await settle();
    const socket = t.fake.last;
    socket.accept();
    const [mailStart, countStart] = socket.sentOf('start');
    socket.receive({
      type: 'error',
      id: mailStart!.id,
      payload: { errors: [{ errorType: 'ForbiddenException', message: 'Not your request' }] },
    });
    socket.receive({ type: 'start_ack', id: countStart!.id });
    expect(forbidden).toHaveBeenCalledWith({ errorType: 'ForbiddenException', message: 'Not your request' });
    expect(socket.closedWith).toBeNull();
    expect(client.state).toBe('connected');
    socket.receive({
      type: 'data',
      id: countStart!.id,
      payload: { data: { onUnreadCounts: { unreadMailCount: 1, requestsWithUnread: 1 } } },
    });
    expect(counts).toHaveBeenCalledTimes(1);
    // The refused one's start_ack timer is gone: 15 s later the socket is still there.
    await vi.advanceTimersByTimeAsync(realtimeTimings.startAckTimeoutMs);
    expect(socket.closedWith).toBeNull();
  });

  it('onStarted on each start_ack (again after a reconnect); onConnectionError on a refused connection', async () => {
    const onConnectionError = vi.fn();
    const t = setUp({ onConnectionError });
    client = t.client;
    const onStarted = vi.fn();
    client.subscribe('onNotification', {}, { onData: vi.fn(), onStarted });
    await settle();
    t.fake.last.accept();
    const [start] = t.fake.last.sentOf('start');
    expect(onStarted).not.toHaveBeenCalled();
    t.fake.last.receive({ type: 'start_ack', id: start!.id });
    expect(onStarted).toHaveBeenCalledTimes(1);
    t.fake.last.serverClose(4000);
    await vi.advanceTimersByTimeAsync(realtimeTimings.resyncMaxDelayMs);
    t.fake.last.open();
    const refusal = { errorType: 'UnauthorizedException', errorCode: 401, message: 'expired' };
    t.fake.last.receive({ type: 'connection_error', payload: { errors: [refusal] } });
    expect(onConnectionError).toHaveBeenCalledWith(refusal);
    await vi.advanceTimersByTimeAsync(realtimeTimings.handshakeMaxDelayMs);
    t.fake.last.accept();
    t.fake.last.receive({ type: 'start_ack', id: start!.id });
    expect(onStarted).toHaveBeenCalledTimes(2);
  });

  it('connection_error 401: refreshes the token before trying again', async () => {
    const t = setUp();
    client = t.client;
    await settle();
    t.fake.last.open();
    t.fake.last.receive({
      type: 'connection_error',
      payload: { errors: [{ errorType: 'UnauthorizedException', errorCode: 401, message: 'expired' }] },
    });
    await vi.advanceTimersByTimeAsync(realtimeTimings.handshakeMaxDelayMs);
    expect(t.getToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(t.fake.sockets).toHaveLength(2);
    expect(decodeHeader(t.fake.last.protocols[1]!).Authorization).toBe('header.fresh.token');
  });

  it('an UnauthorizedException on a start, or close 4401, reconnects with a fresh token', async () => {
    const t = setUp();
    client = t.client;
    client.subscribe('onNotification', {}, { onData: vi.fn() });
    await settle();
    t.fake.last.accept();
    const [start] = t.fake.last.sentOf('start');
    t.fake.last.receive({
      type: 'error',
      id: start!.id,
      payload: { errors: [{ errorType: 'UnauthorizedException', message: 'Token expired' }] },
    });
    expect(t.fake.sockets[0]!.closedWith).not.toBeNull();
    await vi.advanceTimersByTimeAsync(realtimeTimings.firstReconnectMs);
    expect(t.getToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    t.fake.last.accept();
    expect(t.onReconnect).toHaveBeenCalledTimes(1);
    t.fake.last.serverClose(4401);
    await vi.advanceTimersByTimeAsync(realtimeTimings.firstReconnectMs);
    expect(t.getToken).toHaveBeenCalledTimes(3);
    expect(t.getToken).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('no start_ack within 15 s: starts over on a new socket', async () => {
    const t = setUp();
    client = t.client;
    client.subscribe('onNotification', {}, { onData: vi.fn() });
    await settle();
    t.fake.last.accept();
    await vi.advanceTimersByTimeAsync(realtimeTimings.startAckTimeoutMs);
    expect(t.fake.sockets[0]!.closedWith).not.toBeNull();
    await vi.advanceTimersByTimeAsync(realtimeTimings.firstReconnectMs);
    expect(t.fake.sockets).toHaveLength(2);
  });

  it('stop sends stop; dispose closes the socket and stops retrying; no token: disconnected', async () => {
    const t = setUp();
    client = t.client;
    const stop = client.subscribe('onNotification', {}, { onData: vi.fn() });
    await settle();
    t.fake.last.accept();
    const [start] = t.fake.last.sentOf('start');
    stop();
    expect(t.fake.last.sentOf('stop')).toEqual([{ type: 'stop', id: start!.id }]);
    client.dispose();
    expect(t.fake.last.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(realtimeTimings.laterReconnectMs * 2);
    expect(t.fake.sockets).toHaveLength(1);

    const signedOut = setUp({ getToken: () => Promise.resolve(null) });
    client = signedOut.client;
    await settle();
    expect(signedOut.fake.sockets).toHaveLength(0);
    expect(client.state).toBe('disconnected');
  });
});
