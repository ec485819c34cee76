import type { Executor } from '../db/client.js';

/**
 * What processes tell each other. Signals are small on purpose: a topic and the id of the row
 * that changed. Rows stay the truth; a receiver reloads what it needs (or drops a cache).
 */
export const busTopics = [
  /** A user's sign-in sessions ended or a token was revoked (id: the identity `sub`). */
  'auth.sessionsEnded',
  /** A portal user's role, organization or office changed (id: users.id). */
  'auth.principalChanged',
  /** Who may see a matter and its requests may have shrunk: assignees set, matter deleted (id: projects.id). */
  'access.projectChanged',
  /** A pool's signing keys were created or rotated (id: the pool). */
  'identity.keysChanged',
  /** A mail was added to a request's thread (id: request_mails.id). */
  'request.mailSent',
  /** Mails of a request were marked read, so unread counts fell (id: requests.id). */
  'request.mailsRead',
  /** An office accepted, completed or declined a request (id: the history entry's id). */
  'request.statusChanged',
  /**
   * A request arrived at an office: a client sent it, or turned the concierge on for it (id: the
   * history entry's id, `request.create` or `concierge.start`).
   */
  'request.received',
  /**
   * An estimate, invoice or payment changed in a way its other side sees (id: `deal:<id>`,
   * `invoice:<id>` or `payment:<id>`).
   */
  'billing.changed',
  /** A chat message was sent (id: chat_messages.id). */
  'chat.messageSent',
  /** A chat message was edited or withdrawn (id: chat_messages.id). */
  'chat.messageChanged',
  /** A user's read pointer in a chat room moved forward (id: `${chat_rooms.id}:${users.id}`). */
  'chat.read',
] as const;

export type BusTopic = (typeof busTopics)[number];

export interface Signal {
  topic: BusTopic;
  id: string;
}

export type SignalHandler = (signal: Signal) => void;

/** What a writer needs of the bus: send a signal in its transaction. */
export interface Publisher {
  publish(executor: Executor, signal: Signal): Promise<void>;
}

export interface EventBus {
  /**
   * Sends a signal through `executor`: inside a transaction it is delivered when (and only if)
   * the transaction commits; on the database itself at once. Every process receives it, this
   * one included.
   */
  publish(executor: Executor, signal: Signal): Promise<void>;
  /** Calls `handler` for each signal of `topic` from any process; returns the unsubscribe. */
  subscribe(topic: BusTopic, handler: SignalHandler): () => void;
  /**
   * Called after the listener (re)connects: signals sent while it was away are lost, so a
   * subscriber drops or reloads whatever it keeps (a cache, a socket's state).
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}
