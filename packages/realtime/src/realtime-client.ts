import { realtimeStartData } from '@ipportal/domain';
import type { RealtimeData, RealtimeTopic, RealtimeVariables } from '@ipportal/domain';
import { isAuthError, type RealtimeError } from './errors.js';
import { connectionInitFrame, parseRealtimeFrame, startFrame, stopFrame } from './frames.js';
import { realtimeHandshake } from './handshake.js';
import { globalSocket, socketOpen, type CreateRealtimeSocket, type RealtimeSocket } from './socket.js';
import { realtimeCloseCodes, realtimeTimings } from './timings.js';

/*
 * The realtime socket's client: the AWS AppSync real-time protocol as /graphql/realtime speaks it
 * (the client behaviour the server's protocol module, apps/api/src/realtime/protocol.ts, expects),
 * over the global WebSocket or one handed in. The web app holds one per signed-in user; the
 * benchmarks open many. It connects at once, keeps its subscriptions across reconnects
 * (re-sending each start with the same id) and tells its owner after every reconnect, since
 * events during the gap are lost and the screen must refetch what it shows.
 */

/** What the UI shows: `reconnecting` is an open socket that has been silent for 65 s. */
export type RealtimeState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface RealtimeClientOptions {
  /** The socket's address (`realtimeUrl` of /config.json). */
  url: string;
  /** The current ID token (as the API client gets it); `forceRefresh` renews the session first. Null: signed out. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** Called after every reconnect (not the first connect): refetch what the screen shows. */
  onReconnect?(): void;
  /** The server refused the connection (`connection_error`); the client retries on its own. */
  onConnectionError?(error: RealtimeError): void;
  /** Default: the global WebSocket. */
  createSocket?: CreateRealtimeSocket;
  /** 0 ≤ x < 1, for the handshake's jitter. */
  random?(): number;
}

export interface RealtimeSubscriptionHandlers<T extends RealtimeTopic> {
  onData(data: RealtimeData<T>): void;
  /** The server acknowledged the start (`start_ack`), on each socket the subscription is started on. */
  onStarted?(): void;
  /** The server refused this subscription (e.g. ForbiddenException); the others go on. */
  onError?(error: RealtimeError): void;
  /**
   * Another document for the topic than the domain's own, e.g. one of `realtimeChangeDocuments`
   * that also selects the change itself.
   */
  query?: string;
}

interface Subscription {
  id: string;
  data: string;
  onData(data: unknown): void;
  onStarted(): void;
  onError(error: RealtimeError): void;
  topic: RealtimeTopic;
  /** Sent on the current socket, waiting for its start_ack. */
  ackTimer: ReturnType<typeof setTimeout> | null;
  failed: boolean;
}

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners = new Set<(state: RealtimeState) => void>();
  private current: RealtimeState = 'connecting';
  private socket: RealtimeSocket | null = null;
  private token = '';
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
  /** Watches the silence since `lastAliveAt` (the `ka` watchdog). */
  private watchdogTimer: ReturnType<typeof setTimeout> | null = null;
  private lastAliveAt = 0;
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
      data: realtimeStartData(topic, variables, handlers.query),
      onData: (data) => handlers.onData(data as RealtimeData<T>),
      onStarted: () => handlers.onStarted?.(),
      onError: (error) => handlers.onError?.(error),
      ackTimer: null,
      failed: false,
    };
    this.subscriptions.set(id, subscription);
    if (this.acknowledged) this.start(subscription);
    return () => {
      if (!this.subscriptions.delete(id)) return;
      this.clearStartAck(subscription);
      if (this.acknowledged && !subscription.failed) this.send(stopFrame(id));
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
    const handshake = realtimeHandshake(this.options.url, token);
    const socket = (this.options.createSocket ?? globalSocket)(handshake.url, handshake.protocols);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.send(connectionInitFrame);
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
    const frame = parseRealtimeFrame(text);
    if (!frame) return;
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
        if (error) this.options.onConnectionError?.(error);
        return;
      }
      case 'ka':
        return this.alive();
      case 'start_ack':
        if (subscription && !subscription.failed) {
          this.clearStartAck(subscription);
          subscription.onStarted();
        }
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
    this.send(startFrame(subscription.id, subscription.data, { Authorization: this.token, host: this.host }));
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

  /**
   * A `ka` or `data` came: the socket lives. Only the time is noted: one timer watches the
   * silence and moves on when it fires, so a busy socket's frames cost no timer each.
   */
  private alive() {
    if (!this.acknowledged) return;
    this.lastAliveAt = Date.now();
    if (this.current === 'reconnecting') {
      this.setState('connected');
      // The timer waits for the close deadline now; the next alert comes sooner.
      if (this.watchdogTimer) clearTimeout(this.watchdogTimer);
      this.watchdogTimer = null;
    }
    if (!this.watchdogTimer)
      this.watchSilence(Math.min(realtimeTimings.keepAliveAlertMs, this.connectionTimeoutMs));
  }

  /** No `ka` or `data` for 65 s: show "reconnecting"; none for connectionTimeoutMs: close and reconnect. */
  private watchSilence(delay: number) {
    const socket = this.socket;
    this.watchdogTimer = setTimeout(() => {
      this.watchdogTimer = null;
      if (!socket || this.socket !== socket) return;
      const silent = Date.now() - this.lastAliveAt;
      if (silent >= this.connectionTimeoutMs) return this.drop(socket, 4408);
      const alerted = silent >= realtimeTimings.keepAliveAlertMs;
      if (alerted) this.setState('reconnecting');
      const next = alerted
        ? this.connectionTimeoutMs
        : Math.min(realtimeTimings.keepAliveAlertMs, this.connectionTimeoutMs);
      this.watchSilence(next - silent);
    }, delay);
  }

  private send(message: unknown) {
    if (this.socket?.readyState === socketOpen) this.socket.send(JSON.stringify(message));
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
    if (code === realtimeCloseCodes.tokenExpired) this.refreshToken = true;
    let delay: number;
    if (wasAcknowledged && code === realtimeCloseCodes.resync) {
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
    for (const timer of [this.retryTimer, this.ackTimer, this.watchdogTimer]) if (timer) clearTimeout(timer);
    this.retryTimer = this.ackTimer = this.watchdogTimer = null;
  }
}
