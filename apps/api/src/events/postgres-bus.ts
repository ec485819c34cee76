import postgres from 'postgres';
import { busChannel, encodeSignal, notify, Subscribers } from './channel.js';
import { startHeartbeat } from './heartbeat.js';
import type { EventBus } from './types.js';

export interface PostgresBusOptions {
  /** Where to LISTEN: a direct (session) connection; LISTEN does nothing through a transaction-mode pooler. */
  listenUrl: string;
  heartbeatMs?: number;
  onHandlerError: (error: unknown) => void;
  /** The bus listens again after a break, just before its subscribers resync; `reason` says what broke. */
  onReconnect?: (reason: string) => void;
}

/**
 * PostgreSQL LISTEN on a dedicated connection. postgres.js re-LISTENs after a connection it sees
 * drop; a half-open socket it cannot see is caught by the heartbeat (`heartbeat.ts`), which
 * then throws the listening connection away and listens on a new one. The heartbeat's NOTIFY
 * goes out on a second connection of the bus's own, never through the app's pool: a beat queued
 * behind busy requests would make a busy process look like a cut one (ADR 0053). Every listen
 * after a break asks subscribers to resync, since signals sent while nobody listened are gone.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const subscribers = new Subscribers(options.onHandlerError);
  let closed = false;
  /** Owns both bus connections: its pool (max 1) sends the beats, `listen` opens the listening one. */
  let listener: postgres.Sql | undefined;
  let connecting: Promise<void> | undefined;

  const heartbeat = startHeartbeat({
    intervalMs: options.heartbeatMs ?? 5_000,
    send: async (payload) => {
      if (!listener) throw new Error('event bus: not connected');
      await listener`select pg_notify(${busChannel}, ${payload})`;
    },
    onLost: (reason) => reconnect(reason),
  });

  const onPayload = (payload: string) => {
    if (!heartbeat.receive(payload)) subscribers.deliver(payload);
  };

  /** Listens on a new pair of connections; `reason` is why the previous pair was given up (none at start). */
  const connect = async (reason?: string) => {
    const previous = listener;
    const current = postgres(options.listenUrl, {
      max: 1,
      onnotice: () => undefined,
      keep_alive: 10,
      connection: { application_name: 'ipportal-bus' },
    });
    listener = current;
    heartbeat.reset();
    if (previous) void previous.end({ timeout: 1 }).catch(() => undefined);
    let listened = false;
    // onlisten runs on the first LISTEN and again after each reconnect postgres.js makes itself.
    // A beat sent before it may have found nobody listening: it is forgotten, not judged.
    await current.listen(busChannel, onPayload, () => {
      if (current !== listener) return;
      heartbeat.reset();
      const why = listened ? 'listening connection closed' : reason;
      listened = true;
      if (why) options.onReconnect?.(why);
      subscribers.resync();
    });
  };

  const reconnect = (reason: string) => {
    if (closed || connecting) return;
    connecting = connect(reason)
      .catch(() => undefined) // the next lost beat tries again
      .finally(() => {
        connecting = undefined;
      });
  };

  try {
    await connect();
  } catch (error) {
    heartbeat.stop();
    await listener?.end({ timeout: 0 }).catch(() => undefined);
    throw error;
  }

  return {
    publish: (executor, signal) => notify(executor, encodeSignal(signal)),
    subscribe: (topic, handler) => subscribers.subscribe(topic, handler),
    onResync: (handler) => subscribers.onResync(handler),
    async close() {
      closed = true;
      heartbeat.stop();
      await connecting;
      await listener?.end({ timeout: 1 });
    },
  };
}
