import type { RealtimeTopic } from '@ipportal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import type { EventBus } from '../events/index.js';
import type { RealtimeConnection, Subscriber } from './connection.js';
import { viewersOf } from '../repositories/request-viewers.js';
import { closeCodes, frames } from './protocol.js';
import {
  chatRoomKey,
  chatUnreadKey,
  chatUnreadOf,
  loadChatMessageEvent,
  loadChatReadEvent,
  loadRequestMailEvent,
  loadRequestRow,
  loadStatusNotification,
  notificationKey,
  requestMailKey,
  unreadCountsOf,
  unreadKey,
} from './topics.js';

/** Closing many sockets at once would bring them all back 5 s later at once (Amplify adds no jitter). */
const closeSpreadMsPerConnection = 5;
const maxCloseSpreadMs = 5_000;

/**
 * This process's sockets and their subscriptions, filed by routing key, and the fan-out: each
 * bus signal (from any process) is reloaded from the rows once and sent to the local subscribers
 * it concerns. Keep-alives and dead-peer pings go out on one timer for every socket.
 */
export class RealtimeHub {
  readonly connections = new Set<RealtimeConnection>();
  private readonly byKey = new Map<string, Set<Subscriber>>();
  private readonly perTopic: Record<RealtimeTopic, number> = {
    onRequestMail: 0,
    onUnreadCounts: 0,
    onChatRoom: 0,
    onChatUnread: 0,
    onNotification: 0,
  };
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: (() => void)[];
  draining = false;

  constructor(
    private readonly db: Executor,
    bus: EventBus,
    private readonly limits: AppConfig['realtime'],
    log: FastifyBaseLogger,
  ) {
    const run = (work: Promise<void>) =>
      work.catch((error: unknown) => log.error({ err: error }, 'realtime fan-out failed'));
    this.stopListening = [
      bus.subscribe('request.mailSent', ({ id }) => void run(this.mailSent(id))),
      bus.subscribe('request.mailsRead', ({ id }) => void run(this.unreadChanged(id))),
      bus.subscribe('request.statusChanged', ({ id }) => void run(this.statusChanged(id))),
      bus.subscribe('chat.messageSent', ({ id }) => void run(this.chatMessage(id, 'sent'))),
      bus.subscribe('chat.messageChanged', ({ id }) => void run(this.chatMessage(id, 'changed'))),
      bus.subscribe('chat.read', ({ id }) => void run(this.chatRead(id))),
      // A changed role or office may change what the user sees; an ended sign-in must stop
      // the pushes. Their sockets close; the client reconnects and every start is checked again.
      bus.subscribe('auth.principalChanged', ({ id }) =>
        this.closeWhere((c) => c.userId === id, closeCodes.resync, 'user changed'),
      ),
      bus.subscribe('auth.sessionsEnded', ({ id }) =>
        this.closeWhere((c) => c.caller?.claims.sub === id, closeCodes.tokenExpired, 'signed out'),
      ),
      // Signals sent while the listener was away are gone: the sockets close (gradually) and
      // the clients reconnect and refetch what they show. Nothing is replayed, by design.
      bus.onResync(() => void this.drain(closeCodes.resync, 'resync: reconnect and refetch')),
    ];
    this.timer = setInterval(() => this.beat(), limits.keepAliveMs);
    this.timer.unref();
  }

  add(subscriber: Subscriber): void {
    const set = this.byKey.get(subscriber.key) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.byKey.set(subscriber.key, set);
    this.perTopic[subscriber.topic] += 1;
  }

  remove(subscriber: Subscriber): void {
    const set = this.byKey.get(subscriber.key);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.byKey.delete(subscriber.key);
    this.perTopic[subscriber.topic] -= 1;
  }

  /** Subscriptions on this process, by topic (for tests and the benchmark's figures). */
  counts(): Record<RealtimeTopic, number> & { connections: number } {
    return { ...this.perTopic, connections: this.connections.size };
  }

  /** `ka` to every acknowledged socket; a websocket ping to every socket; a peer silent for three beats is cut. */
  private beat(): void {
    const deadBefore = Date.now() - Math.max(3 * this.limits.keepAliveMs, 30_000);
    for (const connection of this.connections) {
      if (connection.lastPong < deadBefore) {
        connection.socket.terminate();
        continue;
      }
      if (connection.state === 'ready') connection.send(frames.ka);
      connection.socket.ping();
    }
  }

  /** Sends `data` to the local subscribers of `key` (those `only` lets through, when given). */
  private deliver(key: string, data: unknown, only?: (subscriber: Subscriber) => boolean): void {
    const set = this.byKey.get(key);
    if (!set) return;
    const json = JSON.stringify(data);
    // One encoded frame per (id, response key): subscribers of one topic mostly share both, so a
    // fan-out to thousands of sockets encodes the frame a handful of times, not once per socket.
    const encoded = new Map<string, Buffer>();
    for (const subscriber of set) {
      if (only && !only(subscriber)) continue;
      const key = `${subscriber.id}\u0000${subscriber.responseKey}`;
      let frame = encoded.get(key);
      if (!frame) {
        frame = Buffer.from(
          `{"type":"data","id":${JSON.stringify(subscriber.id)},"payload":{"data":{${JSON.stringify(subscriber.responseKey)}:${json}}}}`,
        );
        encoded.set(key, frame);
      }
      subscriber.connection.send(frame);
    }
  }

  private async mailSent(mailId: string): Promise<void> {
    if (this.perTopic.onRequestMail === 0 && this.perTopic.onUnreadCounts === 0) return;
    const loaded = await loadRequestMailEvent(this.db, mailId);
    if (!loaded) return;
    this.deliver(requestMailKey(loaded.requestRowId), loaded.event);
    await this.unreadChanged(loaded.requestRowId);
  }

  /** The unread counts of every local subscriber who sees the request, computed once per user. */
  private async unreadChanged(requestRowId: string): Promise<void> {
    if (this.perTopic.onUnreadCounts === 0) return;
    const request = await loadRequestRow(this.db, requestRowId);
    if (!request) return;
    for (const userId of await viewersOf(this.db, request)) {
      const first = this.byKey.get(unreadKey(userId))?.values().next().value;
      const caller = first?.connection.caller;
      if (!caller) continue;
      this.deliver(unreadKey(userId), await unreadCountsOf(this.db, caller.principal));
    }
  }

  private async statusChanged(entryId: string): Promise<void> {
    if (this.perTopic.onNotification === 0) return;
    const loaded = await loadStatusNotification(this.db, entryId);
    if (!loaded) return;
    for (const userId of await viewersOf(this.db, loaded.request)) {
      if (userId !== loaded.actorUserId) this.deliver(notificationKey(userId), loaded.event);
    }
  }

  /** A sent, edited or withdrawn chat message: the room's subscribers, then its members' unread counts. */
  private async chatMessage(messageId: string, change: 'sent' | 'changed'): Promise<void> {
    if (this.perTopic.onChatRoom === 0 && this.perTopic.onChatUnread === 0) return;
    const loaded = await loadChatMessageEvent(this.db, messageId, change);
    if (!loaded) return;
    this.deliver(chatRoomKey(loaded.requestRowId), loaded.event);
    if (this.perTopic.onChatUnread === 0) return;
    const request = await loadRequestRow(this.db, loaded.requestRowId);
    if (!request) return;
    for (const userId of await viewersOf(this.db, request)) await this.chatUnreadChanged(userId);
  }

  /**
   * A read pointer moved: the room hears of it (only the reader's own side when the reader's
   * organization keeps its 既読 marks to itself), and the reader's unread counts fell.
   */
  private async chatRead(signalId: string): Promise<void> {
    if (this.perTopic.onChatRoom === 0 && this.perTopic.onChatUnread === 0) return;
    const loaded = await loadChatReadEvent(this.db, signalId);
    if (!loaded) return;
    this.deliver(
      chatRoomKey(loaded.requestRowId),
      loaded.event,
      loaded.shared ? undefined : (s) => s.connection.caller?.principal.userType === loaded.readerUserType,
    );
    await this.chatUnreadChanged(loaded.readerUserId);
  }

  /** The chat unread counts of a user connected here, computed once for all their subscriptions. */
  private async chatUnreadChanged(userId: string): Promise<void> {
    const first = this.byKey.get(chatUnreadKey(userId))?.values().next().value;
    const caller = first?.connection.caller;
    if (!caller) return;
    this.deliver(chatUnreadKey(userId), await chatUnreadOf(this.db, caller.principal));
  }

  private closeWhere(match: (connection: RealtimeConnection) => boolean, code: number, reason: string): void {
    for (const connection of this.connections) if (match(connection)) connection.close(code, reason);
  }

  /**
   * Closes every socket, spread over up to 5 s so their clients do not all come back in the same
   * instant (shutdown, resync).
   */
  async drain(code: number, reason: string): Promise<void> {
    const all = [...this.connections];
    if (all.length === 0) return;
    const spreadMs = Math.min(maxCloseSpreadMs, all.length * closeSpreadMsPerConnection);
    const batches = Math.max(1, Math.ceil(spreadMs / 50));
    const perBatch = Math.ceil(all.length / batches);
    for (let start = 0; start < all.length; start += perBatch) {
      for (const connection of all.slice(start, start + perBatch)) connection.close(code, reason);
      if (start + perBatch < all.length) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    this.draining = true;
    clearInterval(this.timer);
    for (const stop of this.stopListening) stop();
    await this.drain(closeCodes.goingAway, 'server shutting down');
  }
}
