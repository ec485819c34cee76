import type { RequestUnreadEvent } from '@ipportal/domain';
import type { Executor } from '../db/client.js';
import type { VisibleRequest } from '../repositories/request-access.js';
import { sideOf, viewersOf, type Side } from '../repositories/request-viewers.js';
import type { Subscriber } from './connection.js';
import { loadMailSent, loadMailsRead, ThreadUnreadCounts, type MailChange } from './mail-frames.js';
import { loadRequestRow, requestMailKey, unreadCountsOf, unreadKey } from './topics.js';

/** What the request mails' fan-out needs of this process's hub. */
export interface MailDelivery {
  /** Whether anyone on this process subscribes to the mail threads and to the unread counts. */
  listening(): { threads: boolean; unread: boolean };
  subscribersOf(key: string): ReadonlySet<Subscriber> | undefined;
  /**
   * Sends `plain` to the subscribers of `key` (those `only` lets through), and `change` instead
   * to those whose document selected the change (ADR 0050).
   */
  deliver(key: string, plain: unknown, change: unknown, only?: (subscriber: Subscriber) => boolean): void;
}

const sides: readonly Side[] = ['client', 'office'];

const sideOfSubscriber = (subscriber: Subscriber): Side | undefined => {
  const principal = subscriber.connection.caller?.principal;
  return principal && sideOf(principal);
};

/**
 * The request mails' signals on one process (ADR 0055): a new mail goes to its thread's
 * subscribers and moves the unread counts of the request's viewers; a read goes to the thread's
 * change subscribers (the 既読 marks; plain documents never heard of reads) and moves the counts.
 * Each is loaded from the rows once, the thread's unread count once per side, the counts per user.
 */
export class MailFanout {
  constructor(
    private readonly db: Executor,
    private readonly hub: MailDelivery,
  ) {}

  async mailSent(mailId: string): Promise<void> {
    const listening = this.hub.listening();
    if (!listening.threads && !listening.unread) return;
    const loaded = await loadMailSent(this.db, mailId);
    if (!loaded) return;
    const counts = new ThreadUnreadCounts(this.db, loaded.request.id);
    await this.toThread(loaded, counts);
    await this.unreadChanged(loaded.request, counts);
  }

  /** Someone opened the thread of `requestRowId` and marked its mails read. */
  async mailsRead(requestRowId: string): Promise<void> {
    const listening = this.hub.listening();
    if (!listening.threads && !listening.unread) return;
    const request = await loadRequestRow(this.db, requestRowId);
    if (!request) return;
    const counts = new ThreadUnreadCounts(this.db, request.id);
    const watchers = this.hub.subscribersOf(requestMailKey(request.id));
    if (watchers && [...watchers].some((subscriber) => subscriber.change)) {
      const loaded = await loadMailsRead(this.db, request);
      if (loaded) await this.toThread(loaded, counts);
    }
    await this.unreadChanged(request, counts);
  }

  /**
   * The thread's subscribers, side by side: plain documents get the ids (of a new mail only), a
   * change document the change with its own side's unread count. Every count is loaded before the
   * first frame goes out, so the frames of one signal leave in the same turn.
   */
  private async toThread(loaded: MailChange, counts: ThreadUnreadCounts): Promise<void> {
    const key = requestMailKey(loaded.request.id);
    const subscribers = this.hub.subscribersOf(key);
    if (!subscribers) return;
    const watching = new Set<Side>();
    for (const subscriber of subscribers) {
      const side = sideOfSubscriber(subscriber);
      if (side && subscriber.change) watching.add(side);
    }
    const unread = new Map<Side, number>();
    for (const side of watching) unread.set(side, await counts.of(side));
    for (const side of sides) {
      const unreadCount = unread.get(side);
      if (loaded.plain === null && unreadCount === undefined) continue;
      this.hub.deliver(
        key,
        loaded.plain,
        unreadCount === undefined ? undefined : { ...loaded.change, unreadCount },
        (subscriber) => sideOfSubscriber(subscriber) === side && (loaded.plain !== null || subscriber.change),
      );
    }
  }

  /**
   * The unread counts of every subscriber here who sees the request, computed once per user; a
   * change document also gets the request's row as that user's request list shows it.
   */
  private async unreadChanged(request: VisibleRequest, counts: ThreadUnreadCounts): Promise<void> {
    if (!this.hub.listening().unread) return;
    for (const userId of await viewersOf(this.db, request)) {
      const subscribers = this.hub.subscribersOf(unreadKey(userId));
      const principal = subscribers?.values().next().value?.connection.caller?.principal;
      if (!subscribers || !principal) continue;
      const summary = await unreadCountsOf(this.db, principal);
      const wantsRequest = [...subscribers].some((subscriber) => subscriber.change);
      const change: RequestUnreadEvent | undefined = wantsRequest
        ? {
            ...summary,
            request: {
              projectId: request.projectId,
              requestId: request.number,
              unreadMailCount: await counts.of(sideOf(principal)),
            },
          }
        : undefined;
      this.hub.deliver(unreadKey(userId), summary, change);
    }
  }
}
