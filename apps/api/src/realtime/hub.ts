import type { RealtimeTopic, RequestUnreadSummary } from '@ipportal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/types.js';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import type { EventBus } from '../events/index.js';
import type { RealtimeConnection, Subscriber } from './connection.js';
import { viewersOf } from '../repositories/request-viewers.js';
import { findPrincipal } from '../repositories/users.js';
import { closeCodes, frames } from './protocol.js';
import { loadBillingChange, seesBillingChange } from './billing-audience.js';
import { ChatFanout } from './chat-fanout.js';
import { MailFanout } from './mail-fanout.js';
import {
  authorizeTopic,
  billingKey,
  chatUnreadKey,
  chatUnreadOf,
  loadArrivalNotification,
  loadStatusNotification,
  notificationKey,
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
    onBillingChanged: 0,
  };
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: (() => void)[];
  private readonly chat: ChatFanout;
  private readonly mail: MailFanout;
  draining = false;

  constructor(
    private readonly db: Executor,
    bus: EventBus,
    private readonly limits: AppConfig['realtime'],
    log: FastifyBaseLogger,
  ) {
    this.chat = new ChatFanout(db, {
      listening: () => ({ rooms: this.perTopic.onChatRoom > 0, unread: this.perTopic.onChatUnread > 0 }),
      subscribersOf: (key) => this.byKey.get(key),
      deliver: (key, plain, change, only) => this.deliver(key, plain, only, change),
    });
    this.mail = new MailFanout(db, {
      listening: () => ({
        threads: this.perTopic.onRequestMail > 0,
        unread: this.perTopic.onUnreadCounts > 0,
      }),
      subscribersOf: (key) => this.byKey.get(key),
      deliver: (key, plain, change, only) => this.deliver(key, plain, only, change),
    });
    const run = (work: Promise<void>) =>
      work.catch((error: unknown) => log.error({ err: error }, 'realtime fan-out failed'));
    this.stopListening = [
      bus.subscribe('request.mailSent', ({ id }) => void run(this.mail.mailSent(id))),
      bus.subscribe('request.mailsRead', ({ id }) => void run(this.mail.mailsRead(id))),
      bus.subscribe('request.statusChanged', ({ id }) => void run(this.statusChanged(id))),
      bus.subscribe('request.received', ({ id }) => void run(this.requestReceived(id))),
      bus.subscribe('billing.changed', ({ id }) => void run(this.billingChanged(id))),
      bus.subscribe('chat.messageSent', ({ id }) => void run(this.chat.messageChanged(id, 'sent'))),
      bus.subscribe('chat.messageChanged', ({ id }) => void run(this.chat.messageChanged(id, 'changed'))),
      bus.subscribe('chat.read', ({ id }) => void run(this.chat.read(id))),
      // Access taken away ends the subscriptions it covered, on every process, with an error
      // frame per subscription (ADR 0030): a changed role, organization or office checks all of
      // the user's subscriptions again with the user as stored now; a changed matter (assignees,
      // deletion) those of its requests; an ended sign-in ends them all and closes the socket.
      bus.subscribe('auth.principalChanged', ({ id }) => void run(this.principalChanged(id))),
      bus.subscribe('access.projectChanged', ({ id }) => void run(this.projectChanged(id))),
      bus.subscribe('auth.sessionsEnded', ({ id }) => this.sessionsEnded(id)),
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

  /**
   * Sends `data` to the local subscribers of `key` (those `only` lets through, when given); a
   * subscriber whose document selected the change gets `change` instead, when given (ADR 0050).
   */
  private deliver(
    key: string,
    data: unknown,
    only?: (subscriber: Subscriber) => boolean,
    change?: unknown,
  ): void {
    const set = this.byKey.get(key);
    if (!set) return;
    const json = { plain: JSON.stringify(data), change: change === undefined ? '' : JSON.stringify(change) };
    // One encoded frame per (id, response key, form): subscribers of one topic mostly share them,
    // so a fan-out to thousands of sockets encodes the frame a handful of times, not once per socket.
    const encoded = new Map<string, Buffer>();
    for (const subscriber of set) {
      if (only && !only(subscriber)) continue;
      const form = subscriber.change && change !== undefined ? 'change' : 'plain';
      const key = `${subscriber.id}\u0000${subscriber.responseKey}\u0000${form}`;
      let frame = encoded.get(key);
      if (!frame) {
        frame = Buffer.from(
          `{"type":"data","id":${JSON.stringify(subscriber.id)},"payload":{"data":{${JSON.stringify(subscriber.responseKey)}:${json[form]}}}}`,
        );
        encoded.set(key, frame);
      }
      subscriber.connection.send(frame);
    }
  }

  /** Unread counts that no single request's thread moved: a change document hears `request: null`. */
  private deliverUnread(userId: string, summary: RequestUnreadSummary): void {
    this.deliver(unreadKey(userId), summary, undefined, { ...summary, request: null });
  }

  /**
   * A request's status changed: its viewers connected here hear of it (not the one who changed
   * it), and every viewer subscribed to the counts gets them again, the one who changed it too
   * (their other tabs): the office's requests waiting for an answer move, and the sidebar shows
   * them without asking.
   */
  private async statusChanged(entryId: string): Promise<void> {
    if (this.perTopic.onNotification === 0 && this.perTopic.onUnreadCounts === 0) return;
    const loaded = await loadStatusNotification(this.db, entryId);
    if (!loaded) return;
    const viewers = new Set(await viewersOf(this.db, loaded.request));
    const counted = this.localUsers((p) => viewers.has(p.userId) && this.byKey.has(unreadKey(p.userId)));
    const counts = new Map<string, RequestUnreadSummary>();
    for (const [userId, principal] of counted) counts.set(userId, await unreadCountsOf(this.db, principal));
    // Every frame of one signal goes out in the same turn, once all were computed.
    for (const userId of viewers) {
      if (userId !== loaded.actorUserId) this.deliver(notificationKey(userId), loaded.event);
      const summary = counts.get(userId);
      if (summary) this.deliverUnread(userId, summary);
    }
  }

  /**
   * A request arrived at an office (sent to it, or handed to the concierge): that office's users
   * connected here hear of it and get their counts again (its open requests are counted there).
   * No other office hears anything.
   */
  private async requestReceived(entryId: string): Promise<void> {
    if (this.perTopic.onNotification === 0 && this.perTopic.onUnreadCounts === 0) return;
    const loaded = await loadArrivalNotification(this.db, entryId);
    if (!loaded) return;
    const office = this.localUsers((p) => p.userType === 'PATENT' && p.firmId === loaded.firmId);
    const counts = new Map<string, RequestUnreadSummary>();
    for (const [userId, principal] of office) {
      if (this.byKey.has(unreadKey(userId))) counts.set(userId, await unreadCountsOf(this.db, principal));
    }
    // Every frame of one signal goes out in the same turn, once all were computed.
    for (const userId of office.keys()) {
      this.deliver(notificationKey(userId), loaded.event);
      const summary = counts.get(userId);
      if (summary) this.deliverUnread(userId, summary);
    }
  }

  /**
   * An estimate, invoice or payment changed: each user subscribed here who may read it over REST
   * hears of it (the issuing office, the client side that sees it); nobody else.
   */
  private async billingChanged(signalId: string): Promise<void> {
    if (this.perTopic.onBillingChanged === 0) return;
    const change = await loadBillingChange(this.db, signalId);
    if (!change) return;
    const subscribed = this.localUsers((p) => this.byKey.has(billingKey(p.userId)));
    const readers: string[] = [];
    for (const [userId, principal] of subscribed) {
      if (await seesBillingChange(this.db, principal, change)) readers.push(userId);
    }
    // Every frame of one signal goes out in the same turn, once all readers were decided.
    for (const userId of readers) this.deliver(billingKey(userId), change.event);
  }

  /** The users connected here (with a signed-in socket) whose principal passes `match`, once each. */
  private localUsers(match: (principal: Principal) => boolean): Map<string, Principal> {
    const found = new Map<string, Principal>();
    for (const connection of this.connections) {
      const principal = connection.caller?.principal;
      if (principal && !found.has(principal.userId) && match(principal))
        found.set(principal.userId, principal);
    }
    return found;
  }

  /**
   * Checks the subscriptions `which` of one connection again, as a start would now; those refused
   * (or filed under another key) end with the revocation error.
   */
  private async recheck(connection: RealtimeConnection, which: (subscriber: Subscriber) => boolean) {
    for (const subscriber of [...connection.subscriptions.values()]) {
      const caller = connection.caller;
      if (connection.state === 'closed' || !caller) return;
      if (!which(subscriber)) continue;
      const authorization = await authorizeTopic(
        this.db,
        caller.principal,
        subscriber.topic,
        subscriber.variables,
      );
      if (!('key' in authorization) || authorization.key !== subscriber.key) connection.revoke(subscriber.id);
    }
  }

  /** The user's role, organization or office changed: every subscription of theirs is checked again. */
  private async principalChanged(userId: string): Promise<void> {
    const connections = [...this.connections].filter((connection) => connection.userId === userId);
    if (connections.length === 0) return;
    const principal = await findPrincipal(this.db, userId);
    for (const connection of connections) {
      if (!principal || !connection.caller) {
        connection.close(closeCodes.tokenExpired, 'user gone');
        continue;
      }
      connection.caller = { ...connection.caller, principal };
      await this.recheck(connection, () => true);
    }
    // The counts as they are for the user now (a request they no longer see stops counting).
    if (principal && this.byKey.has(unreadKey(userId)))
      this.deliverUnread(userId, await unreadCountsOf(this.db, principal));
    if (principal && this.byKey.has(chatUnreadKey(userId))) {
      const summary = await chatUnreadOf(this.db, principal);
      this.deliver(chatUnreadKey(userId), summary, undefined, { ...summary, room: null });
    }
  }

  /** Who sees a matter's requests changed: the subscriptions to them are checked again. */
  private async projectChanged(projectId: string): Promise<void> {
    if (this.perTopic.onRequestMail === 0 && this.perTopic.onChatRoom === 0) return;
    const ofProject = (subscriber: Subscriber) =>
      (subscriber.variables as { projectId?: unknown } | undefined)?.projectId === projectId;
    for (const connection of [...this.connections]) {
      if (![...connection.subscriptions.values()].some(ofProject)) continue;
      await this.recheck(connection, ofProject);
    }
  }

  /** A sign-out or revoked token: each subscription ends with the error, then the socket closes (4401). */
  private sessionsEnded(sub: string): void {
    for (const connection of [...this.connections]) {
      if (connection.caller?.claims.sub !== sub) continue;
      for (const id of [...connection.subscriptions.keys()]) connection.revoke(id);
      connection.close(closeCodes.tokenExpired, 'signed out');
    }
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
