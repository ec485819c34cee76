import type { PGlite } from '@electric-sql/pglite';
import { busChannel, encodeSignal, notify, Subscribers } from './channel.js';
import type { EventBus } from './types.js';

/** The embedded default: one process, PGlite's own LISTEN, delivered after commit like PostgreSQL. */
export async function createPgliteBus(
  client: PGlite,
  onHandlerError: (error: unknown) => void,
): Promise<EventBus> {
  const subscribers = new Subscribers(onHandlerError);
  const unlisten = await client.listen(busChannel, (payload) => subscribers.deliver(payload));
  return {
    publish: (executor, signal) => notify(executor, encodeSignal(signal)),
    subscribe: (topic, handler) => subscribers.subscribe(topic, handler),
    onResync: (handler) => subscribers.onResync(handler),
    async close() {
      // A closed PGlite refuses UNLISTEN; nothing is left to stop then.
      if (!client.closed) await unlisten();
    },
  };
}
