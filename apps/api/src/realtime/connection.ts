import { realtimeAccessRevoked, type RealtimeTopic } from '@ipportal/domain';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { AuthError } from '../auth/errors.js';
import type { SignedInCaller } from '../auth/authenticate.js';
import type { AppConfig } from '../config.js';
import { readSubscription, selectsChange } from './document.js';
import { closeCodes, frames, parseClientMessage, tokenOf, type StartMessage } from './protocol.js';
import type { Authorization } from './topics.js';

/** One subscription of one connection, filed in the hub under `key`. */
export interface Subscriber {
  connection: RealtimeConnection;
  id: string;
  topic: RealtimeTopic;
  key: string;
  /** The field name (or alias) the data goes under. */
  responseKey: string;
  /** The start's variables, validated: what a later check of the caller's access reads again. */
  variables: unknown;
  /** Whether the document selects the change itself (the chat's topics, ADR 0050), not only ids. */
  change: boolean;
}

/** What a connection needs from the server around it. */
export interface ConnectionContext {
  limits: AppConfig['realtime'];
  /** Verifies a token and loads its caller exactly as REST does; throws `AuthError`. */
  signIn(token: string): Promise<SignedInCaller>;
  authorize(
    caller: SignedInCaller,
    topic: RealtimeTopic,
    variables: unknown,
  ): Promise<Authorization | { invalid: string }>;
  add(subscriber: Subscriber): void;
  remove(subscriber: Subscriber): void;
  closed(connection: RealtimeConnection): void;
  log: FastifyBaseLogger;
  /**
   * The TCP socket under the websocket: frames sent to it in one turn of the event loop (the
   * fan-out of a burst of signals) are held and leave in one write at the turn's end.
   */
  stream?: Pick<Socket, 'cork' | 'uncork' | 'destroyed'>;
}

/** connection_init must come this soon after the socket opens (Amplify sends it at once). */
const initTimeoutMs = 15_000;
/** A peer whose unsent frames pass this reads too slowly to keep: it is cut and reconnects. */
const maxBufferedBytes = 1024 * 1024;
/** setTimeout's ceiling (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

/**
 * One socket speaking the AppSync real-time protocol. Its token is verified when it opens (the
 * header subprotocol or query); frames are handled one at a time in arrival order, so a stop
 * always meets the start before it. It closes when its token expires.
 */
export class RealtimeConnection {
  state: 'opening' | 'ready' | 'closed' = 'opening';
  /** Last time the peer answered a websocket ping (or opened). */
  lastPong = Date.now();
  caller: SignedInCaller | undefined;
  readonly subscriptions = new Map<string, Subscriber>();
  private queue: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private corked = false;

  constructor(
    readonly socket: WebSocket,
    private readonly context: ConnectionContext,
    /** The connect's sign-in, started at the upgrade. */
    private readonly signedIn: Promise<SignedInCaller | AuthError>,
  ) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        this.send(frames.error(undefined, 'UnsupportedOperation', 'Binary frames are not supported'));
        return;
      }
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.concat(data as Buffer[]).toString('utf8');
      this.queue = this.queue
        .then(() => this.handle(text))
        .catch((error: unknown) => {
          context.log.error({ err: error }, 'realtime frame failed');
          this.send(frames.error(undefined, 'InternalFailureException', 'Internal Server Error'));
        });
    });
    socket.on('pong', () => {
      this.lastPong = Date.now();
    });
    socket.on('close', () => this.dispose());
    socket.on('error', (error) => context.log.debug({ err: error }, 'realtime socket error'));
    this.later(initTimeoutMs, () => {
      if (this.state === 'opening') this.close(closeCodes.handshake, 'connection_init timeout');
    });
  }

  get userId(): string | undefined {
    return this.caller?.principal.userId;
  }

  /** Sends a text frame (a Buffer holds UTF-8 JSON); a peer too slow to read what it is sent is cut off. */
  send(frame: string | Buffer): void {
    if (this.state === 'closed') return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.holdForTurn();
    this.socket.send(frame, { binary: false });
  }

  /** One write system call for every frame of this turn, not one each. */
  private holdForTurn(): void {
    const stream = this.context.stream;
    if (!stream || this.corked) return;
    this.corked = true;
    stream.cork();
    setImmediate(() => {
      this.corked = false;
      if (!stream.destroyed) stream.uncork();
    });
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.socket.close(code, reason);
    this.dispose();
  }

  /** Re-read after an await: the socket may have closed meanwhile. */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(run, Math.min(Math.max(ms, 0), maxTimerMs));
    timer.unref();
    this.timers.push(timer);
  }

  private dispose(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    for (const subscriber of this.subscriptions.values()) this.context.remove(subscriber);
    this.subscriptions.clear();
    this.context.closed(this);
  }

  private async handle(text: string): Promise<void> {
    if (this.state === 'closed') return;
    const message = parseClientMessage(text);
    switch (message.type) {
      case 'connection_init':
        return this.init();
      case 'start':
        return this.start(message);
      case 'stop':
        return this.stop(message.id);
      case 'unknown':
        return this.send(
          frames.error(undefined, 'UnsupportedOperation', `Unknown message type: ${message.rawType}`),
        );
      case 'invalid':
        return this.send(frames.error(message.id, 'BadRequestException', message.reason));
    }
  }

  private async init(): Promise<void> {
    if (this.state === 'ready') {
      this.send(frames.connectionAck(this.context.limits.connectionTimeoutMs));
      return;
    }
    const outcome = await this.signedIn;
    if (this.state === 'closed') return;
    if (outcome instanceof AuthError) {
      this.send(
        frames.connectionError(
          outcome.reason === 'notLoggedIn' ? 'Unauthorized' : `Unauthorized: ${outcome.reason}`,
        ),
      );
      this.close(closeCodes.tokenExpired, 'unauthorized');
      return;
    }
    this.caller = outcome;
    this.state = 'ready';
    this.send(frames.connectionAck(this.context.limits.connectionTimeoutMs));
    this.send(frames.ka);
    const exp = outcome.claims.exp;
    if (typeof exp === 'number') {
      // Amplify reconnects about 5 s later and reads a fresh token then.
      this.later(exp * 1000 - Date.now(), () => this.close(closeCodes.tokenExpired, 'token expired'));
    }
  }

  private async start(message: StartMessage): Promise<void> {
    const { id } = message;
    const caller = this.caller;
    if (this.state !== 'ready' || !caller) {
      this.send(frames.error(id, 'BadRequestException', 'Send connection_init first'));
      return;
    }
    if (this.subscriptions.has(id)) {
      this.send(frames.error(id, 'BadRequestException', 'Subscription id already in use'));
      return;
    }
    if (this.subscriptions.size >= this.context.limits.maxSubscriptionsPerConnection) {
      this.send(frames.error(id, 'LimitExceededException', 'Too many subscriptions on this connection'));
      return;
    }
    // Every start carries a token; it must verify and name the connection's user.
    const token = tokenOf(message.payload.extensions?.authorization);
    let startedBy: SignedInCaller;
    try {
      if (!token) throw new AuthError('notLoggedIn', 'start without a token');
      startedBy = await this.context.signIn(token);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      this.send(frames.error(id, 'UnauthorizedException', 'Unauthorized'));
      return;
    }
    if (startedBy.principal.userId !== caller.principal.userId) {
      this.send(
        frames.error(id, 'UnauthorizedException', 'The token names another user than the connection'),
      );
      return;
    }
    let request: { query?: unknown; variables?: unknown };
    try {
      request = JSON.parse(message.payload.data) as typeof request;
    } catch {
      this.send(frames.error(id, 'BadRequestException', 'payload.data is not JSON'));
      return;
    }
    const subscription =
      typeof request.query === 'string' ? readSubscription(request.query, request.variables) : undefined;
    if (!subscription) {
      this.send(frames.error(id, 'BadRequestException', 'Not a subscription this server offers'));
      return;
    }
    const authorization = await this.context.authorize(caller, subscription.topic, subscription.variables);
    if (this.isClosed()) return;
    if ('invalid' in authorization) {
      this.send(frames.error(id, 'BadRequestException', authorization.invalid));
      return;
    }
    if ('refused' in authorization) {
      this.send(frames.error(id, 'ForbiddenException', authorization.refused));
      return;
    }
    const subscriber: Subscriber = {
      connection: this,
      id,
      topic: subscription.topic,
      key: authorization.key,
      responseKey: subscription.responseKey,
      variables: subscription.variables,
      change: selectsChange(request.query as string, subscription.topic),
    };
    // Filed before start_ack: whatever happens after the client hears the ack reaches it.
    this.subscriptions.set(id, subscriber);
    this.context.add(subscriber);
    this.send(frames.startAck(id));
  }

  /**
   * Ends a subscription whose caller lost access since it started: the hub forgets it and the
   * client hears an `error` for its id (ForbiddenException, `realtimeAccessRevoked`), which ends
   * it there without dropping the socket.
   */
  revoke(id: string): void {
    const subscriber = this.subscriptions.get(id);
    if (!subscriber) return;
    this.subscriptions.delete(id);
    this.context.remove(subscriber);
    this.send(frames.error(id, 'ForbiddenException', realtimeAccessRevoked));
  }

  private stop(id: string): void {
    const subscriber = this.subscriptions.get(id);
    if (subscriber) {
      this.subscriptions.delete(id);
      this.context.remove(subscriber);
    }
    this.send(frames.complete(id));
  }
}
