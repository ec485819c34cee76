import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { projects, requests } from '../db/schema/index.js';
import { projectScope } from './projects/scope.js';

type ScopePrincipal = Pick<
  Principal,
  'userId' | 'userType' | 'organizationId' | 'roleInOrganizationCode' | 'firmId'
>;

/**
 * Which requests a caller sees (issue 9, "Authorization"), as one SQL condition on `requests`:
 * - a REGULAR user: live requests of the matters `projectScope` lets them see (a deleted
 *   matter's requests stay readable, like the matter itself);
 * - a PATENT user: live requests addressed to their firm, on a live matter (firms do not see
 *   deleted matters).
 * Everything else is invisible, and routes answer 404 so ids cannot be probed.
 */
export function requestScope(principal: ScopePrincipal): SQL {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return sql`false`;
    return sql`(${requests}.deleted_at is null and ${requests}.firm_id = ${principal.firmId} and exists (select 1 from ${projects} where ${projects}.id = ${requests}.project_id and ${projects}.deleted_at is null))`;
  }
  // Uncorrelated subquery: the visible matters are computed once per statement.
  return sql`(${requests}.deleted_at is null and ${requests}.project_id in (select ${projects}.id from ${projects} where ${projectScope(principal)}))`;
}

/** The stored request row a caller may see, with the ids the routes need. */
export type VisibleRequest = typeof requests.$inferSelect;

/**
 * The request `number` of matter `projectId` if the caller may see it, else undefined (answer
 * 404). The row carries `id`, `projectId` and `firmId` for further checks.
 */
export async function findVisibleRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  number: number,
): Promise<VisibleRequest | undefined> {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(requestScope(principal), eq(requests.projectId, projectId), eq(requests.number, number)))
    .limit(1);
  return row;
}
