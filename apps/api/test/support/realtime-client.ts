import { realtimeStartData, type RealtimeTopic, type RealtimeVariables } from '@ipportal/domain';
import {
  connectionInitFrame,
  parseRealtimeFrame,
  realtimeHandshake,
  startFrame,
  type RealtimeFrame as ProtocolFrame,
  type RealtimeHeaderForm,
} from '@ipportal/realtime';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/*
 * The tests' frame-by-frame view of the realtime socket: the handshake and the frames are
 * @ipportal/realtime's (the web's client speaks through the same functions), carried by a `ws`
 * socket so a test can set the Origin and read a refused upgrade's status. Every frame received is
 * kept in order with its arrival time, and `next` waits for the first one that matches (an event,
 * never a sleep). Tests that need the client's own behaviour (retries, re-starts) use its
 * `RealtimeClient`.
 */

import { realtimeUrl } from '@ipportal/realtime';

export { realtimeUrl };

export interface RealtimeFrame extends ProtocolFrame {
  /** When it arrived (performance.now()). */
  at: number;
}

export interface OpenOptions {
  /** The Authorization value (a JWT, with or without "Bearer "); none: no header at all. */
  token?: string;
  /** How the header travels: Amplify v6's `header-` subprotocol (default) or the older query string. */
  form?: RealtimeHeaderForm;
  origin?: string;
  /** Replaces the offered subprotocols (the header one is added for the subprotocol form). */
  protocols?: string[];
}

export interface RealtimeTestClient {
  socket: WebSocket;
  frames: RealtimeFrame[];
  /** The first unread frame matching `match` (default: any), waiting for it if needed. */
  next(match?: (frame: RealtimeFrame) => boolean, timeoutMs?: number): Promise<RealtimeFrame>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
export function openRealtime(url: string, options: OpenOptions = {}): Promise<RealtimeTestClient> {
  const handshake = realtimeHandshake(url, options.token, {
    form: options.form,
    protocols: options.protocols,
  });
  const socket = new WebSocket(
    handshake.url,
    handshake.protocols,
    options.origin ? { origin: options.origin } : {},
  );
  const frames: RealtimeFrame[] = [];
  const waiters = new Set<() => void>();
  let read = new Set<RealtimeFrame>();
  socket.on('message', (data) => {
    const text = (data as Buffer).toString('utf8');
    const frame = parseRealtimeFrame(text);
    if (!frame) throw new Error(`not a realtime frame: ${text}`);
    frames.push({ ...frame, at: performance.now() });
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    }),
  );
  const client: RealtimeTestClient = {
    socket,
    frames,
    next(match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find((frame) => !read.has(frame) && match(frame));
          if (found) {
            read.add(found);
            done();
            resolve(found);
          } else if (socket.readyState === WebSocket.CLOSED) {
            done();
            reject(new Error(`socket closed while waiting; frames: ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching frame within ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    send(message) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) {
        socket.close();
        await closed;
      }
      read = new Set();
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) =>
      reject(
        Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
          statusCode: response.statusCode,
        }),
      ),
    );
    socket.once('error', reject);
  });
}

/** Opens, sends connection_init and waits for connection_ack. */
export async function connectRealtime(url: string, token: string, options: OpenOptions = {}) {
  const client = await openRealtime(url, { ...options, token });
  client.send(connectionInitFrame);
  const ack = await client.next(
    (frame) => frame.type === 'connection_ack' || frame.type === 'connection_error',
  );
  if (ack.type !== 'connection_ack') throw new Error(`connection refused: ${JSON.stringify(ack)}`);
  return client;
}

export function startMessage<T extends RealtimeTopic>(
  id: string,
  topic: T,
  variables: RealtimeVariables<T>,
  token: string,
  query?: string,
) {
  return startFrame(id, realtimeStartData(topic, variables, query), {
    Authorization: token,
    host: 'localhost',
  });
}

/** Sends a start and answers its start_ack or error. */
export async function subscribe<T extends RealtimeTopic>(
  client: RealtimeTestClient,
  id: string,
  topic: T,
  variables: RealtimeVariables<T>,
  token: string,
  /** Another document for the topic (default: the domain's), e.g. one selecting the change itself. */
  query?: string,
): Promise<RealtimeFrame> {
  client.send(startMessage(id, topic, variables, token, query));
  return client.next((frame) => frame.id === id && (frame.type === 'start_ack' || frame.type === 'error'));
}

export const dataFor = (id: string) => (frame: RealtimeFrame) => frame.type === 'data' && frame.id === id;

/** The PUBLIC_URL a realtime test's app is built with: the only Origin its socket accepts. */
export const realtimeOrigin = 'https://portal.example.com';

/** A signed-in test user's JWT, as the socket's Authorization header carries it. */
export const tokenOf = (user: { headers: { authorization: string } }) =>
  user.headers.authorization.replace(/^Bearer /, '');

/** Puts `app` on a free port of 127.0.0.1 and answers its realtime URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return realtimeUrl(`http://127.0.0.1:${port}`);
}

/**
 * The sockets of one test file: `listen` in beforeAll (the app built with PUBLIC_URL
 * realtimeOrigin), then `connect` opens a socket as a user with that Origin and waits for its
 * connection_ack, `track` keeps a socket opened another way, and `closeAll` in afterAll closes
 * every one of them before the app closes.
 */
export function realtimeSockets() {
  const open: RealtimeTestClient[] = [];
  let url = '';
  const track = <T extends RealtimeTestClient>(client: T) => {
    open.push(client);
    return client;
  };
  return {
    /** The realtime URL, once `listen` has run. */
    get url() {
      return url;
    },
    async listen(app: FastifyInstance) {
      url = await listenForSockets(app);
    },
    track,
    connect: async (user: { headers: { authorization: string } }, options: OpenOptions = {}) =>
      track(await connectRealtime(url, tokenOf(user), { origin: realtimeOrigin, ...options })),
    async closeAll() {
      for (const client of open) await client.close();
    },
  };
}
