import type { ProjectFamilyGroup, ProjectTab } from '@ipportal/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projectScopeVersions, projects } from '../../db/schema/index.js';
import { familyOrderKey } from './family-order.js';
import { commonFilters, tabFilter } from './list-filters.js';
import { countScopeOf } from './tab-counts.js';

/** The filters of a view whose groups are counted (its sort does not change them). */
export interface FamilyGroupsQuery {
  tab: ProjectTab;
  status: 'all' | '0' | '1' | '2';
  q?: string | undefined;
  family?: string | undefined;
}

/**
 * Group sizes by scope, scope version and filters. A change to any matter of the scope bumps its
 * version (the tab-count triggers, docs/adr/0015), so an entry is exact for as long as it is
 * read. Few entries: one per view a user opens grouped, each as long as the view's families.
 */
const cachedGroups = new Map<string, ProjectFamilyGroup[]>();
const cachedGroupsLimit = 200;

function remember(key: string, groups: ProjectFamilyGroup[]): void {
  cachedGroups.delete(key);
  cachedGroups.set(key, groups);
  if (cachedGroups.size > cachedGroupsLimit) {
    const oldest = cachedGroups.keys().next().value;
    if (oldest !== undefined) cachedGroups.delete(oldest);
  }
}

async function scopeVersion(db: Executor, home: string): Promise<number> {
  const [row] = await db
    .select({ version: projectScopeVersions.version })
    .from(projectScopeVersions)
    .where(eq(projectScopeVersions.scope, home));
  return Number(row?.version ?? 0);
}

/**
 * One grouped count over the view's rows: the same conditions its pages use, scope included.
 * Grouped by the order key itself, so rows read in that order (the grouped index) need no sort.
 */
async function countGroups(db: Executor, filters: SQL[]): Promise<ProjectFamilyGroup[]> {
  const rows = await db
    .select({ family: sql<string | null>`${familyOrderKey}`, count: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(...filters))
    .groupBy(familyOrderKey)
    .orderBy(familyOrderKey);
  return rows.map((row) => ({ family: row.family, count: Number(row.count) }));
}

/**
 * The family groups of a list view in the order `group=family` lists them, each with the number
 * of its matters the caller sees, so a grouped list can place each group's first row at its
 * offset without reading the rows. Offices are counted every time: their scope (requests
 * addressed to the firm) has no version.
 */
export async function listFamilyGroups(
  db: Executor,
  principal: Principal,
  query: FamilyGroupsQuery,
): Promise<ProjectFamilyGroup[]> {
  const filters = [...commonFilters(principal, query), ...tabFilter(query.tab)];
  const scope = countScopeOf(principal);
  if (!scope) return countGroups(db, filters);
  // The version first: a change committed while counting then leaves a stale entry under an
  // old version, never a new version's key over old counts.
  const version = await scopeVersion(db, scope.home);
  const key = JSON.stringify([
    scope.scope,
    version,
    query.tab,
    query.status,
    query.family ?? '',
    query.q ?? '',
  ]);
  const cached = cachedGroups.get(key);
  if (cached) {
    remember(key, cached);
    return cached.map((group) => ({ ...group }));
  }
  const groups = await countGroups(db, filters);
  remember(key, groups);
  return groups.map((group) => ({ ...group }));
}
