import { caseTypeOfTab, type ProjectSortField } from '@ipportal/domain';
import { eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema/index.js';
import type { ProjectListQuery } from './list.js';
import { projectScope, type ScopePrincipal } from './scope.js';

/*
 * The matter list's conditions and sort keys, shared by its page (list-page-statement.ts), its
 * per-tab counts, its family groups and its CSV, so all of them read the same rows.
 */

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
export function textFilter(q: string | Placeholder, shape: SearchShape = 'indexed'): SQL {
  const folded = sql`ipportal_search_fold(${typeof q === 'string' ? searchedText(q) : q})`;
  const holds = sql`strpos(${projects.searchText}, ${folded}) > 0`;
  if (shape === 'walk') return sql`(${holds})`;
  return sql`(ipportal_text_grams(${projects.searchText}) @> ipportal_query_grams(${folded}) and ${holds})`;
}

/** The text a search looks for: fields are joined by newlines in search_text, so a query never spans two of them. */
export function searchedText(q: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return q.replace(/[\u0000-\u001f\u007f]+/g, ' ');
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

/**
 * Filters shared by the page and the per-tab counts (everything except the tab). With
 * `placeholders` the filters' values are the placeholders `status`, `family` and `q` (for a
 * statement built once, list-page-statement.ts), and `principal` should carry placeholders too.
 */
export function commonFilters(
  principal: ScopePrincipal,
  query: Pick<ProjectListQuery, 'status' | 'family' | 'q'>,
  searchShape: SearchShape = 'indexed',
  bind: 'values' | 'placeholders' = 'values',
): SQL[] {
  const value = <T>(name: string, given: T) => (bind === 'placeholders' ? sql.placeholder(name) : given);
  const filters: SQL[] = [projectScope(principal)];
  if (query.status !== 'all') filters.push(eq(projects.status, value('status', Number(query.status))));
  if (query.family) filters.push(eq(projects.family, value('family', query.family)));
  if (query.q) filters.push(textFilter(value('q', query.q), searchShape));
  return filters;
}

export function tabFilter(tab: ProjectListQuery['tab']): SQL[] {
  if (tab === 'deleted') return [isNotNull(projects.deletedAt)];
  if (tab === 'all') return [isNull(projects.deletedAt)];
  return [isNull(projects.deletedAt), eq(projects.type, caseTypeOfTab[tab])];
}
