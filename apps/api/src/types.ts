import type { ApiErrorMessage } from '@ipportal/domain';
import type { Principal, TokenVerifier } from './auth/types.js';
import type { AppConfig } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { Mailer } from './mail/types.js';
import type { Storage } from './storage/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The Drizzle database (PGlite or PostgreSQL); other modules (identity) use it through this. */
    db: Database;
    database: DatabaseHandle;
    storage: Storage;
    mailer: Mailer;
    verifier: TokenVerifier;
    /** Forget cached principals of a user on this process only; a change to the row goes through `withPrincipalChange` (every process). */
    invalidatePrincipal(userId: string): void;
  }
  interface FastifyRequest {
    /** Set by the auth hook on /user/* and /patent/*; null elsewhere. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The message a failure of this route starts with, before the reason. */
    failureMessage?: ApiErrorMessage;
    /** A creating POST that honours an Idempotency-Key header (src/plugins/idempotency.ts). */
    idempotent?: boolean;
  }
}

export {};
