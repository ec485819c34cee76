import { isRefused, refuse, type Refused } from '@ipportal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { firms, requests } from '../../../db/schema/index.js';
import { writableRequest } from '../../request-access.js';

/** A request whose concierge may start now, and the concierge office that would coordinate it. */
export interface StartableConcierge {
  request: typeof requests.$inferSelect;
  firm: typeof firms.$inferSelect;
}

/** The live concierge office, when the operator has set one up with a bank account to bill to (as issuing asks). */
async function conciergeFirm(db: Executor) {
  const [firm] = await db
    .select()
    .from(firms)
    .where(and(eq(firms.concierge, true), isNull(firms.deletedAt)))
    .limit(1);
  return firm?.bankAccount?.trim() ? firm : undefined;
}

/**
 * Whether the caller may turn the concierge on for the request now (a client who may write to
 * it, the concierge never used on it, a concierge office ready to bill), and which office it
 * would be. With `lock`, the request row stays locked to the end of the transaction, so two
 * clicks start it once.
 */
export async function findStartable(
  db: Executor,
  principal: Principal,
  target: { projectId: string; requestId: number },
  options: { lock: boolean },
): Promise<StartableConcierge | Refused> {
  const context = await writableRequest(db, principal, target.projectId, target.requestId, options);
  if (isRefused(context)) return context;
  const [request] = await db.select().from(requests).where(eq(requests.id, context.request.id)).limit(1);
  if (!request) return refuse('requestNotFound');
  if (request.concierge !== 'notUsed') return refuse('conciergeAlreadyUsed');
  const firm = await conciergeFirm(db);
  if (!firm) return refuse('conciergeNotAvailable');
  return { request, firm };
}
