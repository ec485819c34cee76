import { realtimeStartData, type RealtimeTopic, type RealtimeVariables } from '@ipportal/domain';
import WebSocket from 'ws';

/*
 * A plain `ws` client of the realtime socket for tests and the benchmark's shape: every frame it
 * receives is kept in order with its arrival time, and `next` waits for the first one that
 * matches (an event, never a sleep).
 */

export interface RealtimeFrame {
  type: string;
  id?: string;
  payload?: {
    data?: Record<string, unknown>;
    errors?: { errorType: string; errorCode?: number; message: string }[];
    connectionTimeoutMs?: number;
  };
  /** When it arrived (performance.now()). */
  at: number;
}

export interface OpenOptions {
  /** The Authorization value (a JWT, with or without "Bearer "); none: no header at all. */
  token?: string;
  /** How the header travels: Amplify v6's `header-` subprotocol (default) or the older query string. */
  form?: 'subprotocol' | 'query';
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

const headerJson = (token: string, host: string) =>
  Buffer.from(JSON.stringify({ Authorization: token, host }));

export function realtimeUrl(httpBase: string): string {
  return `${httpBase.replace(/^http/, 'ws')}/graphql/realtime`;
}

/** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
export function openRealtime(url: string, options: OpenOptions = {}): Promise<RealtimeTestClient> {
  const target = new URL(url);
  const protocols = [...(options.protocols ?? ['graphql-ws'])];
  if (options.token !== undefined) {
    const header = headerJson(options.token, target.host);
    if ((options.form ?? 'subprotocol') === 'subprotocol')
      protocols.push(`header-${header.toString('base64url')}`);
    else {
      target.searchParams.set('header', header.toString('base64'));
      target.searchParams.set('payload', 'e30=');
    }
  }
  const socket = new WebSocket(target, protocols, options.origin ? { origin: options.origin } : {});
  const frames: RealtimeFrame[] = [];
  const waiters = new Set<() => void>();
  let read = new Set<RealtimeFrame>();
  socket.on('message', (data) => {
    frames.push({
      ...(JSON.parse((data as Buffer).toString('utf8')) as Omit<RealtimeFrame, 'at'>),
      at: performance.now(),
    });
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
  client.send({ type: 'connection_init' });
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
) {
  return {
    id,
    type: 'start',
    payload: {
      data: realtimeStartData(topic, variables),
      extensions: { authorization: { Authorization: token, host: 'localhost' } },
    },
  };
}

/** Sends a start and answers its start_ack or error. */
export async function subscribe<T extends RealtimeTopic>(
  client: RealtimeTestClient,
  id: string,
  topic: T,
  variables: RealtimeVariables<T>,
  token: string,
): Promise<RealtimeFrame> {
  client.send(startMessage(id, topic, variables, token));
  return client.next((frame) => frame.id === id && (frame.type === 'start_ack' || frame.type === 'error'));
}

export const dataFor = (id: string) => (frame: RealtimeFrame) => frame.type === 'data' && frame.id === id;
