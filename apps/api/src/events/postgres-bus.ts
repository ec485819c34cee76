import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../db/client.js';
import { busChannel, encodeSignal, notify, Subscribers } from './channel.js';
import type { EventBus } from './types.js';

export interface PostgresBusOptions {
  /** Where to LISTEN: a direct (session) connection; LISTEN does nothing through a transaction-mode pooler. */
  listenUrl: string;
  /** The app's pool, for the heartbeat's NOTIFY. */
  db: Database;
  heartbeatMs?: number;
  onHandlerError: (error: unknown) => void;
  onReconnect?: (reason: string) => void;
}

/**
 * PostgreSQL LISTEN on a dedicated connection. postgres.js re-LISTENs after a connection it sees
 * drop; a half-open socket it cannot see is caught by a heartbeat: every `heartbeatMs` this
 * process NOTIFYs itself and, when its own heartbeat has not come back by the next beat, throws
 * the listening connection away and listens on a new one. Every (re)connect asks subscribers to
 * resync, since signals sent while nobody listened are gone.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const subscribers = new Subscribers(options.onHandlerError);
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const heartbeatPayload = JSON.stringify({ heartbeat: randomUUID() });
  let heartbeatSeen = true;
  let closed = false;
  let listener: postgres.Sql | undefined;
  let connecting: Promise<void> | undefined;

  const onPayload = (payload: string) => {
    if (payload === heartbeatPayload) heartbeatSeen = true;
    else subscribers.deliver(payload);
  };

  const connect = async () => {
    const previous = listener;
    listener = postgres(options.listenUrl, {
      max: 1,
      onnotice: () => undefined,
      keep_alive: 10,
      connection: { application_name: 'ipportal-bus' },
    });
    if (previous) void previous.end({ timeout: 1 }).catch(() => undefined);
    // onlisten runs on the first LISTEN and again after each reconnect postgres.js makes itself.
    await listener.listen(busChannel, onPayload, () => {
      heartbeatSeen = true;
      subscribers.resync();
    });
  };

  const reconnect = (reason: string) => {
    if (closed || connecting) return;
    options.onReconnect?.(reason);
    connecting = connect()
      .catch(() => undefined) // the next beat tries again
      .finally(() => {
        connecting = undefined;
      });
  };

  await connect();
  const timer = setInterval(() => {
    if (closed) return;
    if (!heartbeatSeen) {
      reconnect('heartbeat not received');
      return;
    }
    heartbeatSeen = false;
    notify(options.db, heartbeatPayload).catch(() => undefined);
  }, heartbeatMs);
  timer.unref();

  return {
    publish: (executor, signal) => notify(executor, encodeSignal(signal)),
    subscribe: (topic, handler) => subscribers.subscribe(topic, handler),
    onResync: (handler) => subscribers.onResync(handler),
    async close() {
      closed = true;
      clearInterval(timer);
      await connecting;
      await listener?.end({ timeout: 1 });
    },
  };
}
