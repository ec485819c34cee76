import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { chatUnreadSummaries } from '../repositories/chat/reads.js';
import { sideOf, viewersOf } from '../repositories/request-viewers.js';
import type { Subscriber } from './connection.js';
import { loadChatMessageSignal, loadChatReadChange, RoomEntries, withChange } from './chat-frames.js';
import { chatRoomKey, chatUnreadKey, loadRequestRow } from './topics.js';

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
    const signal = await loadChatMessageSignal(this.db, messageId, kind);
    if (!signal) return;
    const roomKey = chatRoomKey(signal.requestRowId);
    const watchers = this.hub.subscribersOf(roomKey);
    // The message's revisions, mentions and files are read only where a document selected them.
    const change =
      watchers && [...watchers].some((subscriber) => subscriber.change)
        ? (await withChange(this.db, signal)).change
        : undefined;
    this.hub.deliver(roomKey, signal.plain, change);
    if (!listening.unread) return;
    const request = await loadRequestRow(this.db, signal.requestRowId);
    if (!request) return;
    const entries = new RoomEntries(this.db, signal.requestRowId, signal.roomId);
    await this.unreadChanged(await viewersOf(this.db, request), entries);
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
      [loaded.readerUserId],
      new RoomEntries(this.db, loaded.requestRowId, loaded.roomId),
    );
  }

  /**
   * The chat unread counts of the users connected here among `userIds`: users without a
   * subscription here cost nothing; the others' counts are read in one statement, and the room
   * that moved them (for a subscription that selected it) with their own counts in one more.
   * Every frame goes out once all are read.
   */
  async unreadChanged(userIds: Iterable<string>, entries: RoomEntries | null): Promise<void> {
    const readers: { userId: string; principal: Principal; wantsRoom: boolean }[] = [];
    for (const userId of userIds) {
      const subscribers = this.hub.subscribersOf(chatUnreadKey(userId));
      const principal = subscribers?.values().next().value?.connection.caller?.principal;
      if (!subscribers || !principal) continue;
      const wantsRoom = entries !== null && [...subscribers].some((subscriber) => subscriber.change);
      readers.push({ userId, principal, wantsRoom });
    }
    if (readers.length === 0) return;
    const roomReaders = readers.filter((reader) => reader.wantsRoom).map((reader) => reader.principal);
    const [summaries, rooms] = await Promise.all([
      chatUnreadSummaries(
        this.db,
        readers.map((reader) => reader.principal),
      ),
      entries && roomReaders.length > 0 ? entries.forReaders(roomReaders) : new Map<string, never>(),
    ]);
    for (const { userId } of readers) {
      const summary = summaries.get(userId);
      if (!summary) continue;
      this.hub.deliver(chatUnreadKey(userId), summary, { ...summary, room: rooms.get(userId) ?? null });
    }
  }
}
