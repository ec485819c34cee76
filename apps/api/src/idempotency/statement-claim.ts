import { sql, type SQL } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import { currentClaim } from './context.js';

/**
 * What a write done by one statement instead of a transaction (ADR 0060) adds to it so that the
 * running request's Idempotency-Key claim is marked `committed` in the same commit, as every
 * transaction of such a request marks it (plugins/idempotency.ts): a process that dies after the
 * commit and before storing its answer leaves a claim no retry runs again.
 */
export interface StatementClaim {
  /** A data-modifying `with` query, `claim_committed`, that marks the claim when `written` (the name of a `with` query of the statement) has a row. */
  mark(written: string): SQL;
  /** The values of its placeholders (`claim*`). */
  values: Record<string, string>;
  /** To call once the statement wrote. */
  committed(): void;
}

/** The running request's claim for a statement, if it holds one not yet committed. */
export function statementClaim(): StatementClaim | undefined {
  const claim = currentClaim();
  if (!claim || claim.committed) return undefined;
  return {
    mark: (written) => sql`claim_committed as (
      update ${idempotencyKeys} set state = 'committed'
       where user_id = ${sql.placeholder('claimUserId')} and key = ${sql.placeholder('claimKey')}
         and state = 'running' and owner = ${sql.placeholder('claimOwner')}
         and exists (select 1 from ${sql.raw(written)}))`,
    values: { claimUserId: claim.ref.userId, claimKey: claim.ref.key, claimOwner: claim.owner },
    committed: () => {
      claim.committed = true;
    },
  };
}
