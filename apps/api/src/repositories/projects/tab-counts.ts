import { OrganizationRole, type ProjectTabCounts } from '@ipportal/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import { BuiltStatements } from '../../db/built-statements.js';
import type { Executor } from '../../db/client.js';
import { projectScopeVersions, projectTabCounts, projects } from '../../db/schema/index.js';

/*
 * Per-tab counts of the matter list (docs/adr/0015). Without a search or family filter they are
 * read from project_tab_counts, which triggers keep exact in the same transaction as every
 * change; with one they are counted once per change of the caller's scope (its version in
 * project_scope_versions) and kept in this process until the scope changes again.
 */

type CountPrincipal = Pick<
  Principal,
  'userId' | 'userType' | 'organizationId' | 'roleInOrganizationCode' | 'firmId'
>;

export interface CountFilters {
  status: 'all' | '0' | '1' | '2';
  family?: string | undefined;
  q?: string | undefined;
}

/** The counter scope of a caller and the scope whose version covers it; null for an office. */
export function countScopeOf(principal: CountPrincipal): { scope: string; home: string } | null {
  if (principal.userType === 'PATENT') return null;
  if (!principal.organizationId) return { scope: `u:${principal.userId}`, home: `u:${principal.userId}` };
  const home = `o:${principal.organizationId}`;
  if (principal.roleInOrganizationCode === OrganizationRole.Administrator) return { scope: home, home };
  return { scope: `a:${principal.userId}:${principal.organizationId}`, home };
}

const emptyCounts = (): ProjectTabCounts => ({
  all: 0,
  patent: 0,
  utilityModel: 0,
  design: 0,
  trademark: 0,
  deleted: 0,
});

const tabOfType: Record<number, keyof ProjectTabCounts> = {
  0: 'patent',
  1: 'utilityModel',
  2: 'trademark',
  3: 'design',
};

/** A scope's counter rows with its version, built once per database (ADR 0060). */
function countersStatement(db: Executor) {
  return db
    .select({
      version: projectScopeVersions.version,
      type: projectTabCounts.type,
      status: projectTabCounts.status,
      deleted: projectTabCounts.deleted,
      n: projectTabCounts.n,
    })
    .from(projectScopeVersions)
    .leftJoin(projectTabCounts, eq(projectTabCounts.scope, sql.placeholder('scope')))
    .where(eq(projectScopeVersions.scope, sql.placeholder('home')))
    .prepare('project_tab_counters');
}

const countersStatements = new BuiltStatements<ReturnType<typeof countersStatement>>();

/** Counts of a scope from its counter rows, optionally of one progress status. */
async function readCounters(
  db: Executor,
  scope: { scope: string; home: string },
  status: CountFilters['status'],
): Promise<{ counts: ProjectTabCounts; version: number }> {
  const rows = await countersStatements
    .on(db, '', countersStatement)
    .execute({ scope: scope.scope, home: scope.home });
  const counts = emptyCounts();
  for (const row of rows) {
    if (row.type === null || row.n === null) continue;
    if (status !== 'all' && row.status !== Number(status)) continue;
    if (row.deleted) counts.deleted += row.n;
    else {
      counts.all += row.n;
      const tab = tabOfType[row.type];
      if (tab) counts[tab] += row.n;
    }
  }
  return { counts, version: Number(rows[0]?.version ?? 0) };
}

/** Counting the matching rows: what a search or family filter needs, and what an office gets. */
export async function scanCounts(db: Executor, filters: SQL[]): Promise<ProjectTabCounts> {
  const live = sql`${projects.deletedAt} is null`;
  const [row] = await db
    .select({
      all: sql<number>`count(*) filter (where ${live})::int`,
      patent: sql<number>`count(*) filter (where ${live} and ${projects.type} = 0)::int`,
      utilityModel: sql<number>`count(*) filter (where ${live} and ${projects.type} = 1)::int`,
      trademark: sql<number>`count(*) filter (where ${live} and ${projects.type} = 2)::int`,
      design: sql<number>`count(*) filter (where ${live} and ${projects.type} = 3)::int`,
      deleted: sql<number>`count(*) filter (where ${projects.deletedAt} is not null)::int`,
    })
    .from(projects)
    .where(and(...filters));
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    all: n(row?.all),
    patent: n(row?.patent),
    utilityModel: n(row?.utilityModel),
    design: n(row?.design),
    trademark: n(row?.trademark),
    deleted: n(row?.deleted),
  };
}

/** Searched counts by scope, version and filters; the oldest entries go first past the limit. */
const searchedCounts = new Map<string, ProjectTabCounts>();
const searchedCountsLimit = 2000;

function remember(key: string, counts: ProjectTabCounts): void {
  searchedCounts.delete(key);
  searchedCounts.set(key, counts);
  if (searchedCounts.size > searchedCountsLimit) {
    const oldest = searchedCounts.keys().next().value;
    if (oldest !== undefined) searchedCounts.delete(oldest);
  }
}

/** The counts under the filters and, for a client, the same counts without search or family. */
export interface TabCountsWithBase {
  counts: ProjectTabCounts;
  /** From the counters (no search, no family); null for an office, whose counts are scanned. */
  unsearched: ProjectTabCounts | null;
}

/**
 * The per-tab counts the caller sees under the filters. `filters` are the same conditions the
 * page uses (scope included), for the counting path.
 */
export async function countProjectsByTab(
  db: Executor,
  principal: CountPrincipal,
  query: CountFilters,
  filters: SQL[],
): Promise<ProjectTabCounts> {
  return (await countProjectsByTabWithBase(db, principal, query, filters)).counts;
}

/** countProjectsByTab plus the unsearched counts, to tell a broad search from a narrow one. */
export async function countProjectsByTabWithBase(
  db: Executor,
  principal: CountPrincipal,
  query: CountFilters,
  filters: SQL[],
): Promise<TabCountsWithBase> {
  const scope = countScopeOf(principal);
  if (!scope) return { counts: await scanCounts(db, filters), unsearched: null };
  const { counts, version } = await readCounters(db, scope, query.status);
  if (!query.q && !query.family) return { counts, unsearched: { ...counts } };
  const key = JSON.stringify([scope.scope, version, query.status, query.family ?? '', query.q ?? '']);
  const cached = searchedCounts.get(key);
  if (cached) {
    remember(key, cached);
    return { counts: { ...cached }, unsearched: counts };
  }
  const scanned = await scanCounts(db, filters);
  remember(key, scanned);
  return { counts: { ...scanned }, unsearched: counts };
}
