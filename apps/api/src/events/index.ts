import type { DatabaseHandle } from '../db/client.js';
import { createPgliteBus } from './pglite-bus.js';
import { createPostgresBus } from './postgres-bus.js';
import type { EventBus } from './types.js';

export {
  busTopics,
  type BusTopic,
  type EventBus,
  type Publisher,
  type Signal,
  type SignalHandler,
} from './types.js';

export interface EventBusOptions {
  /** LISTEN connection for PostgreSQL (DATABASE_LISTEN_URL); defaults to the database's own URL. */
  listenUrl?: string | undefined;
  heartbeatMs?: number;
  onHandlerError: (error: unknown) => void;
  onReconnect?: (reason: string) => void;
}

/** The bus for the open database: PGlite's LISTEN in the embedded default, a dedicated PostgreSQL connection otherwise. */
export function openEventBus(handle: DatabaseHandle, options: EventBusOptions): Promise<EventBus> {
  const { connection } = handle;
  if (connection.driver === 'pglite') return createPgliteBus(connection.client, options.onHandlerError);
  return createPostgresBus({
    listenUrl: options.listenUrl ?? connection.url,
    heartbeatMs: options.heartbeatMs,
    onHandlerError: options.onHandlerError,
    onReconnect: options.onReconnect,
  });
}
