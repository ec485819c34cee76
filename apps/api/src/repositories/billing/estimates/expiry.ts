import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { deals, requests } from '../../../db/schema/index.js';
import { recordHistory } from '../../history.js';

/**
 * The daily job's part: a history entry `estimate.expire` (once) for every sent estimate whose
 * validity date passed before `today`. The status itself stays `sent` and is answered as expired.
 */
export async function recordExpiredDeals(db: Executor, today: string): Promise<number> {
  const expired = await db
    .select({ deal: deals, requestProjectId: requests.projectId })
    .from(deals)
    .innerJoin(requests, eq(requests.id, deals.requestId))
    .where(
      and(
        eq(deals.status, 'sent'),
        sql`${deals.validUntil} < ${today}`,
        sql`not exists (select 1 from history h where h.entity_type = 'deal' and h.entity_id = ${deals.id} and h.action = 'estimate.expire')`,
      ),
    )
    .limit(1000);
  if (expired.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { deal } of expired) {
      await recordHistory(tx, {
        actorUserId: null,
        actorKind: 'system',
        action: 'estimate.expire',
        entityType: 'deal',
        entityId: deal.id,
        projectId: deal.projectId,
        requestId: deal.requestId,
        changes: { name: deal.number, version: deal.version, validUntil: deal.validUntil },
      });
    }
  });
  return expired.length;
}
