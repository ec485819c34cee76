import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import { BuiltStatements } from '../../db/built-statements.js';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { groupOrder } from './family-order.js';
import type { Cursor } from './list-cursor.js';
import { commonFilters, searchedText, sortKeys, tabFilter, type SearchShape } from './list-filters.js';
import type { ProjectListQuery } from './list.js';
import { listColumnsFor, scopeBranch, scopePlaceholders, type ScopePrincipal } from './scope.js';

/*
 * The matter list's page, its SQL built once per shape (ADR 0060): building it (the columns, the
 * caller's scope, the filters, the order) cost Drizzle more CPU on every page than the rest of
 * the request did. Every value is a placeholder; what the text depends on besides (the caller's
 * branch of the scope, which filters are set, the search's shape, the tab, the sort, the order,
 * the grouping, a cursor, an offset) is the statement's shape.
 */

function pageStatement(
  db: Executor,
  principal: ScopePrincipal,
  query: ProjectListQuery,
  search: SearchShape,
  cursor: boolean,
) {
  const listColumns = listColumnsFor(principal);
  const key =
    query.sort === 'requestCount'
      ? { ...sortKeys.requestCount, expr: listColumns.requestCount as SQL }
      : sortKeys[query.sort];
  // The sort key as the database writes it, for the next cursor (one text for every key type).
  const columns = { ...listColumns, sortKeyText: sql<string>`(${key.expr})::text` };
  const filters = [...commonFilters(principal, query, search, 'placeholders'), ...tabFilter(query.tab)];
  if (cursor) {
    const comparison = query.order === 'desc' ? sql.raw('<') : sql.raw('>');
    filters.push(
      sql`(${key.expr}, ${projects.id}) ${comparison} (cast(cast(${sql.placeholder('cursorValue')} as text) as ${sql.raw(key.cast)}), cast(${sql.placeholder('cursorId')} as uuid))`,
    );
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order = [...groupOrder(query.group), direction(key.expr), direction(projects.id)];
  // A position deep in the list skips its rows by id only (an index walk), so the columns and
  // each row's request count are computed for the page's rows, not for every row skipped.
  if (query.offset) {
    const skipped = db
      .select({ id: projects.id })
      .from(projects)
      .where(and(...filters))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .select(columns)
      .from(projects)
      .where(inArray(projects.id, skipped))
      .orderBy(...order)
      .prepare('project_list_page');
  }
  return db
    .select(columns)
    .from(projects)
    .where(and(...filters))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .prepare('project_list_page');
}

const pageStatements = new BuiltStatements<ReturnType<typeof pageStatement>>();

/**
 * The rows of one page (one more than `limit`, to tell whether another follows) with each row's
 * sort key as text, under the caller's scope, the filters, the tab and `cursor` or the offset.
 */
export async function listPageRows(
  db: Executor,
  principal: Principal,
  query: ProjectListQuery,
  search: SearchShape,
  cursor: Cursor | null,
) {
  const scoped = scopePlaceholders(principal);
  const shape = JSON.stringify([
    scopeBranch(scoped.principal),
    query.status !== 'all',
    Boolean(query.family),
    query.q ? search : null,
    query.tab,
    query.sort,
    query.order,
    query.group ?? null,
    cursor !== null,
    Boolean(query.offset),
  ]);
  const statement = pageStatements.on(db, shape, (on) =>
    pageStatement(on, scoped.principal, query, search, cursor !== null),
  );
  return statement.execute({
    ...scoped.values,
    ...(query.status !== 'all' ? { status: Number(query.status) } : {}),
    ...(query.family ? { family: query.family } : {}),
    ...(query.q ? { q: searchedText(query.q) } : {}),
    ...(cursor ? { cursorValue: String(cursor.value), cursorId: cursor.id } : {}),
    ...(query.offset ? { offset: query.offset } : {}),
    limit: query.limit + 1,
  });
}
