import type { Storage } from './types.js';

export interface DiscardLogger {
  warn(object: object, message: string): void;
}

/**
 * Best effort: objects whose database row was never written (a refused or failed write) go too.
 * Write-once objects refuse, and the warning says which key stays unreferenced (their upload
 * check reports them as well).
 */
export async function discardStored(
  storage: Pick<Storage, 'delete'>,
  keys: readonly string[],
  log: DiscardLogger,
): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a stored object');
      }
    }),
  );
}
