import { realtimeAccessRevoked, realtimeStartData } from '@ipportal/domain';
import type { RealtimeData, RealtimeTopic, RealtimeVariables } from '@ipportal/domain';

/*
 * The realtime socket's client: the AWS AppSync real-time protocol as /graphql/realtime speaks it
 * (the client behaviour the server's protocol module, apps/api/src/realtime/protocol.ts, expects), over the browser's WebSocket. One
 * instance per signed-in user: it connects at once, keeps its subscriptions across reconnects
 * (re-sending each start with the same id) and tells its owner after every reconnect, since
 * events during the gap are lost and the screen must refetch what it shows.
 */

/** What the UI shows: `reconnecting` is an open socket that has been silent for 65 s. */
export type RealtimeState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** The part of the browser's WebSocket this client uses (tests hand in a fake). */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
}

export interface RealtimeClientOptions {
  /** The socket's address (`realtimeUrl` of /config.json). */
  url: string;
  /** The current ID token (as the API client gets it); `forceRefresh` renews the session first. Null: signed out. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Called after every reconnect (not the first connect): refetch what the screen shows. */
  onReconnect?(): void;
  createSocket?(url: string, protocols: string[]): RealtimeSocket;
  /** 0 ≤ x < 1, for the handshake's jitter. */
  random?(): number;
}

export interface RealtimeSubscriptionHandlers<T extends RealtimeTopic> {
  onData(data: RealtimeData<T>): void;
  /** The server refused this subscription (e.g. ForbiddenException); the others go on. */
  onError?(error: RealtimeError): void;
}

export interface RealtimeError {
  errorType: string;
  message: string;
  errorCode?: number;
}

/** The server ended a subscription because its user lost access since it started (ADR 0030). */
export function isAccessRevoked(error: RealtimeError): boolean {
  return error.errorType === 'ForbiddenException' && error.message === realtimeAccessRevoked;
}

/** Protocol timings (the Amplify v6 client's). */
export const realtimeTimings = {
  ackTimeoutMs: 15_000,
  startAckTimeoutMs: 15_000,
  /** No `ka` or `data` for this long: show "reconnecting". */
  keepAliveAlertMs: 65_000,
  /** Until the server's connection_ack says otherwise. */
  defaultConnectionTimeoutMs: 300_000,
  handshakeBaseDelayMs: 200,
  handshakeMaxDelayMs: 5_000,
  handshakeTries: 6,
  /** After an established socket drops. */
  firstReconnectMs: 5_000,
  laterReconnectMs: 60_000,
  /** After the server's resync close (4000). */
  resyncMaxDelayMs: 1_000,
} as const;

const OPEN = 1;
/** Error types after which Amplify drops the whole socket and reconnects with a fresh token. */
const authErrorTypes = new Set(['Unauthorized', 'UnauthorizedException', 'NotAuthorizedException']);
/** Close codes of our server that mean "the token ran out" (ADR 0030). */
const tokenExpiredClose = 4401;
/**
 * The server asks for a reconnect and a refetch (the user's profile changed, or its bus listened
 * again; it spreads these closes itself): come back at once, not as after a failure.
 */
const resyncClose = 4000;

interface Subscription {
  id: string;
  data: string;
  onData(data: unknown): void;
  onError(error: RealtimeError): void;
  topic: RealtimeTopic;
  /** Sent on the current socket, waiting for its start_ack. */
  ackTimer: ReturnType<typeof setTimeout> | null;
  failed: boolean;
}

interface Frame {
  type?: unknown;
  id?: unknown;
  payload?: {
    connectionTimeoutMs?: unknown;
    data?: Record<string, unknown>;
    errors?: RealtimeError[];
  };
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The connect's subprotocols: `graphql-ws` and the Amplify v6 header form. */
export function realtimeProtocols(url: string, token: string): string[] {
  const header = JSON.stringify({ Authorization: token, host: new URL(url).host });
  return ['graphql-ws', `header-${base64url(header)}`];
}

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners = new Set<(state: RealtimeState) => void>();
  private current: RealtimeState = 'connecting';
  private socket: RealtimeSocket | null = null;
  private token: string | null = null;
  private host = '';
  private acknowledged = false;
  /** A socket of this client has been acknowledged before: the next ack is a reconnect. */
  private everConnected = false;
  /** Handshake failures in a row (reset by an ack). */
  private failures = 0;
  /** An established socket dropped: reconnect at 5 s, then every 60 s. */
  private recovering = false;
  private refreshToken = false;
  private connectionTimeoutMs: number = realtimeTimings.defaultConnectionTimeoutMs;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private ackTimer: ReturnType<typeof setTimeout> | null = null;
  private alertTimer: ReturnType<typeof setTimeout> | null = null;
  private deadTimer: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;
  private disposed = false;
  /** Counts connect attempts so a late token of an old attempt is ignored. */
  private attempt = 0;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
    this.host = new URL(options.url).host;
    void this.connect();
  }

  get state(): RealtimeState {
    return this.current;
  }

  /** Calls `listener` on every change of state; returns the unsubscribe. */
  onStateChange(listener: (state: RealtimeState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribes to a topic (kept across reconnects); returns the stop. */
  subscribe<T extends RealtimeTopic>(
    topic: T,
    variables: RealtimeVariables<T>,
    handlers: RealtimeSubscriptionHandlers<T>,
  ): () => void {
    const id = `${topic}-${this.nextId++}`;
    const subscription: Subscription = {
      id,
      topic,
      data: realtimeStartData(topic, variables),
      onData: (data) => handlers.onData(data as RealtimeData<T>),
      onError: (error) => handlers.onError?.(error),
      ackTimer: null,
      failed: false,
    };
    this.subscriptions.set(id, subscription);
    if (this.acknowledged) this.start(subscription);
    return () => {
      if (!this.subscriptions.delete(id)) return;
      this.clearStartAck(subscription);
      if (this.acknowledged && !subscription.failed) this.send({ type: 'stop', id });
    };
  }

  /** Closes the socket for good (sign-out, unmount). */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
    for (const subscription of this.subscriptions.values()) this.clearStartAck(subscription);
    this.subscriptions.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket, 1000);
    this.setState('disconnected');
    this.listeners.clear();
  }

  private setState(state: RealtimeState) {
    if (this.current === state) return;
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }

  private async connect() {
    if (this.disposed) return;
    const attempt = ++this.attempt;
    if (!this.recovering) this.setState('connecting');
    let token: string | null;
    try {
      token = await this.options.getToken(this.refreshToken ? { forceRefresh: true } : undefined);
    } catch {
      token = null;
    }
    if (this.disposed || attempt !== this.attempt) return;
    this.refreshToken = false;
    if (token === null) {
      // Signed out (or the session cannot be renewed): nothing to connect with.
      this.setState('disconnected');
      return;
    }
    this.token = token;
    this.acknowledged = false;
    const socket = (this.options.createSocket ?? defaultSocket)(
      this.options.url,
      realtimeProtocols(this.options.url, token),
    );
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.send({ type: 'connection_init' });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket && typeof event.data === 'string') this.receive(event.data);
    };
    socket.onerror = () => {
      // A close follows; it decides what happens next.
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.lost(event.code);
    };
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      if (this.socket === socket) this.drop(socket, 4408);
    }, realtimeTimings.ackTimeoutMs);
  }

  private receive(text: string) {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    const id = typeof frame.id === 'string' ? frame.id : undefined;
    const subscription = id === undefined ? undefined : this.subscriptions.get(id);
    switch (frame.type) {
      case 'connection_ack':
        return this.acknowledge(frame.payload?.connectionTimeoutMs);
      case 'connection_error': {
        const error = frame.payload?.errors?.[0];
        if (error && (error.errorCode === 401 || error.errorCode === 403 || isAuthError(error)))
          this.refreshToken = true;
        if (this.socket) this.drop(this.socket, 4400);
        return;
      }
      case 'ka':
        return this.alive();
      case 'start_ack':
        if (subscription) this.clearStartAck(subscription);
        return;
      case 'data':
        this.alive();
        if (subscription && !subscription.failed) {
          const data = frame.payload?.data?.[subscription.topic];
          if (data !== undefined) subscription.onData(data);
        }
        return;
      case 'error': {
        const error = frame.payload?.errors?.[0] ?? { errorType: 'UnknownError', message: '' };
        if (isAuthError(error)) {
          // Amplify drops the whole socket here: reconnect with a fresh token.
          this.refreshToken = true;
          if (this.socket) this.drop(this.socket, 4401);
          return;
        }
        if (subscription) {
          subscription.failed = true;
          this.clearStartAck(subscription);
          subscription.onError(error);
        }
        return;
      }
      default:
        return;
    }
  }

  private acknowledge(connectionTimeoutMs: unknown) {
    if (this.acknowledged) return;
    this.acknowledged = true;
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
    this.connectionTimeoutMs =
      typeof connectionTimeoutMs === 'number' && connectionTimeoutMs > 0
        ? connectionTimeoutMs
        : realtimeTimings.defaultConnectionTimeoutMs;
    this.failures = 0;
    this.recovering = false;
    const reconnect = this.everConnected;
    this.everConnected = true;
    this.setState('connected');
    this.alive();
    for (const subscription of this.subscriptions.values()) {
      subscription.failed = false;
      this.start(subscription);
    }
    if (reconnect) this.options.onReconnect?.();
  }

  private start(subscription: Subscription) {
    this.send({
      id: subscription.id,
      type: 'start',
      payload: {
        data: subscription.data,
        extensions: { authorization: { Authorization: this.token, host: this.host } },
      },
    });
    this.clearStartAck(subscription);
    const socket = this.socket;
    subscription.ackTimer = setTimeout(() => {
      subscription.ackTimer = null;
      // No start_ack in 15 s: the socket is not answering; start over.
      if (socket && this.socket === socket) this.drop(socket, 4408);
    }, realtimeTimings.startAckTimeoutMs);
  }

  private clearStartAck(subscription: Subscription) {
    if (subscription.ackTimer) clearTimeout(subscription.ackTimer);
    subscription.ackTimer = null;
  }

  /** A `ka` or `data` came: the socket lives. */
  private alive() {
    if (!this.acknowledged) return;
    if (this.current === 'reconnecting') this.setState('connected');
    if (this.alertTimer) clearTimeout(this.alertTimer);
    if (this.deadTimer) clearTimeout(this.deadTimer);
    this.alertTimer = setTimeout(() => {
      this.alertTimer = null;
      this.setState('reconnecting');
    }, realtimeTimings.keepAliveAlertMs);
    const socket = this.socket;
    this.deadTimer = setTimeout(() => {
      this.deadTimer = null;
      if (socket && this.socket === socket) this.drop(socket, 4408);
    }, this.connectionTimeoutMs);
  }

  private send(message: unknown) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Closes a socket this client gave up on, then goes on as if the server had closed it. */
  private drop(socket: RealtimeSocket, code: number) {
    this.detach(socket, 1000);
    if (this.socket === socket) this.lost(code);
  }

  private detach(socket: RealtimeSocket, code: number) {
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(code);
    } catch {
      // Already closing.
    }
  }

  /** The current socket is gone: schedule the next attempt as the protocol doc says. */
  private lost(code: number) {
    const wasAcknowledged = this.acknowledged;
    this.socket = null;
    this.acknowledged = false;
    this.clearTimers();
    for (const subscription of this.subscriptions.values()) this.clearStartAck(subscription);
    if (this.disposed) return;
    if (code === tokenExpiredClose) this.refreshToken = true;
    let delay: number;
    if (wasAcknowledged && code === resyncClose) {
      // Within a second, handshake retries as at the start; the state shows connecting.
      this.recovering = false;
      this.failures = 0;
      delay = Math.round(realtimeTimings.resyncMaxDelayMs * (this.options.random ?? Math.random)());
      this.setState('connecting');
    } else if (wasAcknowledged) {
      // An established socket dropped: 5 s, then every 60 s.
      this.recovering = true;
      this.failures = 0;
      delay = realtimeTimings.firstReconnectMs;
      this.setState('disconnected');
    } else if (this.recovering) {
      delay = realtimeTimings.laterReconnectMs;
    } else {
      this.failures += 1;
      if (this.failures >= realtimeTimings.handshakeTries) {
        // The handshake keeps failing: show it, and go on at the slow pace.
        this.recovering = true;
        this.setState('disconnected');
        delay = realtimeTimings.laterReconnectMs;
      } else {
        const cap = Math.min(
          realtimeTimings.handshakeMaxDelayMs,
          realtimeTimings.handshakeBaseDelayMs * 2 ** this.failures,
        );
        // Full jitter, at least half the step.
        delay = Math.round(cap / 2 + (cap / 2) * (this.options.random ?? Math.random)());
      }
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private clearTimers() {
    for (const timer of [this.retryTimer, this.ackTimer, this.alertTimer, this.deadTimer])
      if (timer) clearTimeout(timer);
    this.retryTimer = this.ackTimer = this.alertTimer = this.deadTimer = null;
  }
}

function isAuthError(error: RealtimeError): boolean {
  return authErrorTypes.has(error.errorType) || /Token expired/i.test(error.message ?? '');
}

function defaultSocket(url: string, protocols: string[]): RealtimeSocket {
  return new WebSocket(url, protocols) as unknown as RealtimeSocket;
}
