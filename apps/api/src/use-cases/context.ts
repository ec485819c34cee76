import type { Executor } from '../db/client.js';
import type { Storage } from '../storage/types.js';

/** What a use case may log: a warning with details (pino's and Fastify's loggers fit). */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The services a use case works with; the HTTP layer passes the app's. */
export interface UseCaseContext {
  db: Executor;
  storage: Storage;
  log: WarningLog;
}

/** Best effort: an object whose database row was never written (or was removed) goes too. */
export async function discardStored({ storage, log }: UseCaseContext, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a stored object');
  }
}
