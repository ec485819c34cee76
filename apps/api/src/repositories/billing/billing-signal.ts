import type { Executor } from '../../db/client.js';
import type { Publisher } from '../../events/index.js';

/** The documents whose changes the realtime socket passes on (its `onBillingChanged` topic). */
export type BillingDocument = 'deal' | 'invoice' | 'payment';

/**
 * Tells every process, when `tx` commits, that an estimate, invoice or payment changed in a way
 * its other side sees; the realtime hub reloads it and tells only the parties that see it.
 */
export function publishBillingChange(
  tx: Executor,
  bus: Publisher,
  document: BillingDocument,
  id: string,
): Promise<void> {
  return bus.publish(tx, { topic: 'billing.changed', id: `${document}:${id}` });
}
