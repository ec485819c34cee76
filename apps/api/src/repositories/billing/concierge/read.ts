import { refuse, type Concierge, type Refused } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { firms, requests } from '../../../db/schema/index.js';
import { findVisibleRequest } from '../../request-access.js';
import { feeOf } from './fee.js';

/** A request's concierge state and coordinating office, for anyone who may read the request. */
export async function getConcierge(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  feeYen: number,
): Promise<Concierge | Refused<'requestNotFound'>> {
  const request = await findVisibleRequest(db, principal, projectId, requestId, { coordinated: true });
  if (!request) return refuse('requestNotFound');
  return conciergeOf(db, request, feeYen);
}

/** The concierge of a request the caller was already found to see (its id, not its number). */
export async function readConcierge(db: Executor, requestId: string, feeYen: number): Promise<Concierge> {
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request) throw new Error('request not readable after its write');
  return conciergeOf(db, request, feeYen);
}

async function conciergeOf(
  db: Executor,
  request: typeof requests.$inferSelect,
  feeYen: number,
): Promise<Concierge> {
  const [firm] = request.coordinatorFirmId
    ? await db
        .select({ id: firms.id, name: firms.name })
        .from(firms)
        .where(eq(firms.id, request.coordinatorFirmId))
        .limit(1)
    : [];
  return {
    state: request.concierge,
    firm: firm ?? null,
    invoiceId: request.conciergeInvoiceId,
    startedAt: request.conciergeStartedAt?.toISOString() ?? null,
    fee: feeOf(feeYen),
  };
}
