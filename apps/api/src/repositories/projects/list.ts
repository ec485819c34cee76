import {
  isRefused,
  refuse,
  type ProjectListResponse,
  type Refused,
  type projectListQuerySchema,
} from '@ipportal/domain';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { toProject } from './columns.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { commonFilters, searchShapeFor, type SearchShape } from './list-filters.js';
import { listPageRows } from './list-page-statement.js';
import { countProjectsByTabWithBase } from './tab-counts.js';

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export type ProjectListPage = Omit<ProjectListResponse, 'hasError' | 'message'>;

/** One page of the matter list plus the per-tab counts; a cursor the server did not issue is refused. */
export async function listProjects(
  db: Executor,
  principal: Principal,
  query: ProjectListQuery,
): Promise<ProjectListPage | Refused<'invalidCursor'>> {
  // A grouped view pages by offset only: its cursor would need the family too (see nextCursor).
  if (query.cursor && query.group) return refuse('invalidCursor');
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.order) : null;
  if (isRefused(cursor)) return cursor;
  const counting = countProjectsByTabWithBase(db, principal, query, commonFilters(principal, query));
  // A search waits for its counts (cached per change of the caller's scope): how many rows match
  // in the tab decides how the page reads them. Without one, the two queries run side by side.
  let search: SearchShape = 'indexed';
  if (query.q) {
    const { counts, unsearched } = await counting;
    search = searchShapeFor(
      counts[query.tab],
      unsearched ? unsearched[query.tab] : null,
      (cursor ? 0 : (query.offset ?? 0)) + query.limit + 1,
    );
  }
  const [rows, { counts }] = await Promise.all([
    listPageRows(db, principal, query, search, cursor),
    counting,
  ]);
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
