import {
  caseTypeOfTab,
  isRefused,
  refuse,
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
import { listColumnsFor, projectScope } from './scope.js';
import { countProjectsByTabWithBase } from './tab-counts.js';

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export type ProjectListPage = Omit<ProjectListResponse, 'hasError' | 'message'>;

/**
 * Sort keys. Nullable columns sort through COALESCE so the keyset comparison `(key, id) < (v, id)`
 * stays total; `cast` turns the cursor's text back into the key's SQL type.
 */
export const sortKeys: Record<ProjectSortField, { expr: SQL; cast: string }> = {
  refrenceCode: { expr: sql`${projects.refrenceCode}`, cast: 'text' },
  type: { expr: sql`${projects.type}`, cast: 'smallint' },
  regionCode: { expr: sql`${projects.regionCode}`, cast: 'integer' },
  title: { expr: sql`${projects.title}`, cast: 'text' },
  status: { expr: sql`${projects.status}`, cast: 'smallint' },
  applicationCode: {
    expr: sql`coalesce(${projects.applicationCode}, '')`,
    cast: 'text',
  },
  applicationDate: {
    expr: sql`coalesce(${projects.applicationDate}, '0001-01-01'::date)`,
    cast: 'date',
  },
  registCode: {
    expr: sql`coalesce(${projects.registCode}, '')`,
    cast: 'text',
  },
  // The stored count a client sees; replaced by the caller's own count in listProjects and the
  // CSV (a firm counts only its requests).
  requestCount: { expr: sql`${projects.requestCount}`, cast: 'integer' },
  updateDate: { expr: sql`${projects.updatedAt}`, cast: 'timestamptz' },
};

/**
 * How a search reads the list: `indexed` finds the candidates through the GIN index over the
 * search text's grams, then sorts them; `walk` reads the list in its order through the sort key's
 * index and keeps the rows holding the text, stopping when the page is full (docs/adr/0016).
 */
export type SearchShape = 'indexed' | 'walk';

/**
 * Free text matches the reference code, title, invention/device name, family, the application,
 * publication and registration numbers (national and international) and the applicants' names:
 * the matter's search_text (drizzle/0007), folded the same way as the query (NFKC, lower case),
 * so ＡＢＣ finds abc and ｶﾞ finds ガ. strpos keeps the rows that hold the whole text; in the
 * indexed shape the gram condition first lets the GIN index find the candidates.
 */
export function textFilter(q: string, shape: SearchShape = 'indexed'): SQL {
  // Fields are joined by newlines in search_text: a query never spans two of them.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const folded = sql`ipportal_search_fold(${q.replace(/[\u0000-\u001f\u007f]+/g, ' ')})`;
  const holds = sql`strpos(${projects.searchText}, ${folded}) > 0`;
  if (shape === 'walk') return sql`(${holds})`;
  return sql`(ipportal_text_grams(${projects.searchText}) @> ipportal_query_grams(${folded}) and ${holds})`;
}

/**
 * Which search shape reads fewer rows for a page. Walking the list in order reads about
 * (rows up to the page's end) x (tab / matches) rows; the index reads every match and sorts them.
 * A broad search (電池 in one matter of six) fills a first page after a few hundred rows walked,
 * where the index would read and sort thousands; a rare one is the other way round. Without
 * the unsearched count (an office's scope is counted by scanning) the index is used.
 */
export function searchShapeFor(matches: number, tabTotal: number | null, rowsToPageEnd: number): SearchShape {
  if (tabTotal === null || matches === 0) return 'indexed';
  return rowsToPageEnd * tabTotal < matches * matches ? 'walk' : 'indexed';
}

/** Filters shared by the page and the per-tab counts (everything except the tab). */
export function commonFilters(
  principal: Principal,
  query: Pick<ProjectListQuery, 'status' | 'family' | 'q'>,
  searchShape: SearchShape = 'indexed',
): SQL[] {
  const filters: SQL[] = [projectScope(principal)];
  if (query.status !== 'all') filters.push(eq(projects.status, Number(query.status)));
  if (query.family) filters.push(eq(projects.family, query.family));
  if (query.q) filters.push(textFilter(query.q, searchShape));
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
  const listColumns = listColumnsFor(principal);
  const key =
    query.sort === 'requestCount'
      ? { ...sortKeys.requestCount, expr: listColumns.requestCount as SQL }
      : sortKeys[query.sort];
  // The sort key as the database writes it, for the next cursor (one text for every key type).
  const columns = { ...listColumns, sortKeyText: sql<string>`(${key.expr})::text` };
  // A grouped view pages by offset only: its cursor would need the family too (see nextCursor).
  if (query.cursor && query.group) return refuse('invalidCursor');
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.order) : null;
  if (isRefused(cursor)) return cursor;
  const counting = countProjectsByTabWithBase(db, principal, query, commonFilters(principal, query));
  // A search waits for its counts (cached per change of the caller's scope): how many rows match
  // in the tab decides how the page reads them. Without one, the two queries run side by side.
  let shape: SearchShape = 'indexed';
  if (query.q) {
    const { counts, unsearched } = await counting;
    shape = searchShapeFor(
      counts[query.tab],
      unsearched ? unsearched[query.tab] : null,
      (cursor ? 0 : (query.offset ?? 0)) + query.limit + 1,
    );
  }
  const filters = [...commonFilters(principal, query, shape), ...tabFilter(query.tab)];
  if (cursor) {
    const comparison = query.order === 'desc' ? sql.raw('<') : sql.raw('>');
    filters.push(
      sql`(${key.expr}, ${projects.id}) ${comparison} (cast(cast(${String(cursor.value)} as text) as ${sql.raw(key.cast)}), cast(${cursor.id} as uuid))`,
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
  const [rows, { counts }] = await Promise.all([pageQuery, counting]);
  const hasMore = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  const items = pageRows.map(toProject);
  const last = pageRows.at(-1);
  return {
    items,
    counts,
    nextCursor:
      hasMore && last && !query.group
        ? encodeCursor({ sort: query.sort, order: query.order, value: last.sortKeyText, id: last.id })
        : null,
  };
}
