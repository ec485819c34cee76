import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { sideOf, viewersOf } from '../repositories/request-viewers.js';
import type { Subscriber } from './connection.js';
import { loadChatMessageChange, loadChatReadChange, RoomEntries } from './chat-frames.js';
import { chatRoomKey, chatUnreadKey, chatUnreadOf, loadRequestRow } from './topics.js';

/** What the chat's fan-out needs of this process's hub. */
export interface ChatDelivery {
  /** Whether anyone on this process subscribes to the chat's topics. */
  listening(): { rooms: boolean; unread: boolean };
  subscribersOf(key: string): ReadonlySet<Subscriber> | undefined;
  /**
   * Sends `plain` to the subscribers of `key` (those `only` lets through), and `change` instead
   * to those whose document selected the change (ADR 0050).
   */
  deliver(key: string, plain: unknown, change: unknown, only?: (subscriber: Subscriber) => boolean): void;
}

/**
 * The chat's signals on one process (ADR 0031, ADR 0050): a sent, edited or withdrawn message
 * goes to the room's subscribers and moves its members' unread counts; a read pointer goes to the
 * room (the other side only when the reader's side shares 既読) and moves the reader's counts.
 * Each is loaded from the rows once; the room's list entry once per side.
 */
export class ChatFanout {
  constructor(
    private readonly db: Executor,
    private readonly hub: ChatDelivery,
  ) {}

  async messageChanged(messageId: string, kind: 'sent' | 'changed'): Promise<void> {
    const listening = this.hub.listening();
    if (!listening.rooms && !listening.unread) return;
    const loaded = await loadChatMessageChange(this.db, messageId, kind);
    if (!loaded) return;
    this.hub.deliver(chatRoomKey(loaded.requestRowId), loaded.plain, loaded.change);
    if (!listening.unread) return;
    const request = await loadRequestRow(this.db, loaded.requestRowId);
    if (!request) return;
    const entries = new RoomEntries(this.db, loaded.requestRowId, loaded.roomId);
    for (const userId of await viewersOf(this.db, request)) await this.unreadChanged(userId, entries);
  }

  async read(signalId: string): Promise<void> {
    const listening = this.hub.listening();
    if (!listening.rooms && !listening.unread) return;
    const loaded = await loadChatReadChange(this.db, signalId);
    if (!loaded) return;
    const ownSideOnly = (subscriber: Subscriber) => {
      const principal = subscriber.connection.caller?.principal;
      return principal !== undefined && sideOf(principal) === loaded.readerSide;
    };
    this.hub.deliver(
      chatRoomKey(loaded.requestRowId),
      loaded.plain,
      loaded.change,
      loaded.shared ? undefined : ownSideOnly,
    );
    await this.unreadChanged(
      loaded.readerUserId,
      new RoomEntries(this.db, loaded.requestRowId, loaded.roomId),
    );
  }

  /**
   * The chat unread counts of a user connected here, computed once for all their subscriptions;
   * with the room that moved them for a subscription that selected it.
   */
  async unreadChanged(userId: string, entries: RoomEntries | null): Promise<void> {
    const subscribers = this.hub.subscribersOf(chatUnreadKey(userId));
    const principal: Principal | undefined = subscribers?.values().next().value?.connection.caller?.principal;
    if (!subscribers || !principal) return;
    const summary = await chatUnreadOf(this.db, principal);
    const wantsRoom = entries !== null && [...subscribers].some((subscriber) => subscriber.change);
    const room = wantsRoom ? await entries.of(principal) : null;
    this.hub.deliver(chatUnreadKey(userId), summary, { ...summary, room });
  }
}
