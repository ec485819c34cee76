import {
  caseTypeOfTab,
  isRefused,
  refuse,
  type Project,
  type ProjectListResponse,
  type ProjectSortField,
  type Refused,
  type projectListQuerySchema,
} from '@ipportal/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { toProject } from './columns.js';
import { groupOrder } from './family-order.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { listColumnsFor, projectScope, requestCount } from './scope.js';
import { countProjectsByTab } from './tab-counts.js';

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export type ProjectListPage = Omit<ProjectListResponse, 'hasError' | 'message'>;

/**
 * Sort keys. Nullable columns sort through COALESCE so the keyset comparison `(key, id) < (v, id)`
 * stays total; `cast` turns the cursor's JSON value back into the key's SQL type.
 */
export const sortKeys: Record<
  ProjectSortField,
  { expr: SQL; cast: string; value: (p: Project) => string | number }
> = {
  refrenceCode: { expr: sql`${projects.refrenceCode}`, cast: 'text', value: (p) => p.refrenceCode },
  type: { expr: sql`${projects.type}`, cast: 'smallint', value: (p) => p.type },
  regionCode: { expr: sql`${projects.regionCode}`, cast: 'integer', value: (p) => p.regionCode },
  title: { expr: sql`${projects.title}`, cast: 'text', value: (p) => p.title },
  status: { expr: sql`${projects.status}`, cast: 'smallint', value: (p) => p.status },
  applicationCode: {
    expr: sql`coalesce(${projects.applicationCode}, '')`,
    cast: 'text',
    value: (p) => p.applicationCode ?? '',
  },
  applicationDate: {
    expr: sql`coalesce(${projects.applicationDate}, '0001-01-01'::date)`,
    cast: 'date',
    value: (p) => p.applicationDate ?? '0001-01-01',
  },
  registCode: {
    expr: sql`coalesce(${projects.registCode}, '')`,
    cast: 'text',
    value: (p) => p.registCode ?? '',
  },
  // Replaced by the caller's own count in listProjects (a firm counts only its requests).
  requestCount: { expr: requestCount, cast: 'integer', value: (p) => p.requestCount },
  updateDate: { expr: sql`${projects.updatedAt}`, cast: 'timestamptz', value: (p) => p.updateDate },
};

/**
 * Free text matches the reference code, title, invention/device name, family, the application,
 * publication and registration numbers (national and international) and the applicants' names:
 * the matter's search_text (drizzle/0007), folded the same way as the query (NFKC, lower case),
 * so ＡＢＣ finds abc and ｶﾞ finds ガ. The GIN index over its one- and two-character grams finds
 * the candidates; strpos keeps those that hold the whole text (docs/adr/0016).
 */
export function textFilter(q: string): SQL {
  // Fields are joined by newlines in search_text: a query never spans two of them.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const folded = sql`ipportal_search_fold(${q.replace(/[\u0000-\u001f\u007f]+/g, ' ')})`;
  return sql`(ipportal_text_grams(${projects.searchText}) @> ipportal_query_grams(${folded}) and strpos(${projects.searchText}, ${folded}) > 0)`;
}

/** Filters shared by the page and the per-tab counts (everything except the tab). */
export function commonFilters(
  principal: Principal,
  query: Pick<ProjectListQuery, 'status' | 'family' | 'q'>,
): SQL[] {
  const filters: SQL[] = [projectScope(principal)];
  if (query.status !== 'all') filters.push(eq(projects.status, Number(query.status)));
  if (query.family) filters.push(eq(projects.family, query.family));
  if (query.q) filters.push(textFilter(query.q));
  return filters;
}

export function tabFilter(tab: ProjectListQuery['tab']): SQL[] {
  if (tab === 'deleted') return [isNotNull(projects.deletedAt)];
  if (tab === 'all') return [isNull(projects.deletedAt)];
  return [isNull(projects.deletedAt), eq(projects.type, caseTypeOfTab[tab])];
}

/** One page of the matter list plus the per-tab counts; a cursor the server did not issue is refused. */
export async function listProjects(
  db: Executor,
  principal: Principal,
  query: ProjectListQuery,
): Promise<ProjectListPage | Refused<'invalidCursor'>> {
  const columns = listColumnsFor(principal);
  const key =
    query.sort === 'requestCount'
      ? { ...sortKeys.requestCount, expr: columns.requestCount as SQL }
      : sortKeys[query.sort];
  const filters = [...commonFilters(principal, query), ...tabFilter(query.tab)];
  // A grouped view pages by offset only: its cursor would need the family too (see nextCursor).
  if (query.cursor && query.group) return refuse('invalidCursor');
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort, query.order);
    if (isRefused(cursor)) return cursor;
    const comparison = query.order === 'desc' ? sql.raw('<') : sql.raw('>');
    filters.push(
      sql`(${key.expr}, ${projects.id}) ${comparison} (cast(${cursor.value} as ${sql.raw(key.cast)}), cast(${cursor.id} as uuid))`,
    );
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order = [...groupOrder(query.group), direction(key.expr), direction(projects.id)];
  // A position deep in the list skips its rows by id only (an index walk), so the columns and
  // each row's request count are computed for the page's rows, not for every row skipped.
  const pageQuery = query.offset
    ? db
        .select(columns)
        .from(projects)
        .where(
          inArray(
            projects.id,
            db
              .select({ id: projects.id })
              .from(projects)
              .where(and(...filters))
              .orderBy(...order)
              .limit(query.limit + 1)
              .offset(query.offset),
          ),
        )
        .orderBy(...order)
    : db
        .select(columns)
        .from(projects)
        .where(and(...filters))
        .orderBy(...order)
        .limit(query.limit + 1);
  const [rows, counts] = await Promise.all([
    pageQuery,
    countProjectsByTab(db, principal, query, commonFilters(principal, query)),
  ]);
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toProject);
  const last = items.at(-1);
  return {
    items,
    counts,
    nextCursor:
      hasMore && last && !query.group
        ? encodeCursor({ sort: query.sort, order: query.order, value: key.value(last), id: last.id })
        : null,
  };
}
