import type { Project, projectCsvQuerySchema } from '@ipportal/domain';
import { and, asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { projects, requests } from '../../db/schema/index.js';
import { commonFilters, sortKeys, tabFilter } from './list-filters.js';
import { requestCountFor } from './scope.js';
import { countProjectsByTab } from './tab-counts.js';

export type ProjectCsvQuery = z.output<typeof projectCsvQuerySchema>;

/** The fields of a matter the CSV writes (the list's columns, and the family when grouped). */
export type ProjectCsvRow = Pick<
  Project,
  | 'refrenceCode'
  | 'type'
  | 'regionCode'
  | 'title'
  | 'status'
  | 'applicationCode'
  | 'applicationDate'
  | 'registCode'
  | 'requestCount'
  | 'updateDate'
  | 'family'
>;

/**
 * Rows read per query while the export streams: about 1.5 MB of CSV a batch, so memory stays
 * flat, and 100,000 rows are 10 queries.
 */
export const exportBatchSize = 5_000;

/** A whole list view to export: how many matters, and their rows batch by batch in list order. */
export interface ProjectExport {
  count: number;
  batches: () => AsyncGenerator<ProjectCsvRow[]>;
}

/** One sort key of the export's order: its expression, SQL type and direction. */
interface OrderKey {
  expr: SQL;
  cast: string;
  desc: boolean;
}

/**
 * The request count of each row of a batch, as the caller counts it: a client reads the stored
 * count; a firm counts its own live requests of the batch's matters in one grouped read.
 */
function requestCounts(principal: Principal): { column: SQL; join: SQL } {
  if (principal.userType !== 'PATENT') return { column: sql`b.request_count`, join: sql`` };
  return {
    column: sql`coalesce(counted.n, 0)`,
    join: sql`left join (select r.project_id, count(*)::int as n from ${requests} as r
      where r.deleted_at is null and r.firm_id = ${principal.firmId} and r.project_id in (select id from batch)
      group by r.project_id) as counted on counted.project_id = b.id`,
  };
}

/** The rows of a raw query on either driver. */
async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * `(k1, k2, ...) after (v1, v2, ...)` in the keys' own directions: a row comparison when every
 * key runs one way (an index can serve it), else the lexicographic expansion.
 */
function after(keys: readonly OrderKey[], values: readonly string[]): SQL {
  // Bound as text and cast in SQL: postgres-js would serialize a parameter it was told is a
  // boolean from the JavaScript value, and the string 'true' is not `true`.
  const value = (i: number) => sql`cast(cast(${values[i]} as text) as ${sql.raw(keys[i]!.cast)})`;
  if (keys.every((key) => key.desc === keys[0]!.desc)) {
    const comparison = sql.raw(keys[0]!.desc ? '<' : '>');
    return sql`(${sql.join(
      keys.map((key) => key.expr),
      sql`, `,
    )}) ${comparison} (${sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    )})`;
  }
  const alternatives = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((earlier, j) => sql`${earlier.expr} = ${value(j)}`);
    return sql.join([...equal, sql`${key.expr} ${sql.raw(key.desc ? '<' : '>')} ${value(i)}`], sql` and `);
  });
  return sql`((${sql.join(alternatives, sql`) or (`)}))`;
}

/**
 * Every matter of a list view (its filters and sort; with `group=family` in the order of the
 * grouped list: families by name in code point order, the matters without one last, the list's
 * order inside each), read in batches by keyset in list
 * order, so the caller writes each batch before the next is read and nothing holds the whole
 * view. Each row comes back as one JSON text: PGlite decodes a result field by field, and one
 * field per row instead of a dozen is what makes 100,000 rows fit in seconds there. Every sort
 * key of an organization's live matters has an index (schema/projects.ts), so a batch reads its
 * 5,000 rows in order instead of sorting the whole view again.
 *
 * The count is the tab's count for the same filters (docs/adr/0015). Batches are separate
 * statements: a matter edited while the export runs can leave or enter the rows not yet read
 * (as when paging the list), so the rows can differ from the count by the matters changed
 * meanwhile; the caller's scope is applied to every batch.
 */
export async function exportProjects(
  db: Executor,
  principal: Principal,
  query: ProjectCsvQuery,
): Promise<ProjectExport> {
  const filters = [...commonFilters(principal, query), ...tabFilter(query.tab)];
  const counts = await countProjectsByTab(db, principal, query, commonFilters(principal, query));
  const sortKey = sortKeys[query.sort];
  const descending = query.order === 'desc';
  const keys: OrderKey[] = [
    // The grouped list's order (family-order.ts), with the NULL family as a key of its own: the
    // keyset comparison between batches needs keys that are never NULL.
    ...(query.group === 'family'
      ? [
          { expr: sql`(${projects.family} is null)`, cast: 'boolean', desc: false },
          { expr: sql`coalesce(${projects.family}, '') collate "C"`, cast: 'text', desc: false },
        ]
      : []),
    {
      // The request count as the caller counts it (a firm: its own requests only).
      expr: query.sort === 'requestCount' ? requestCountFor(principal) : sortKey.expr,
      cast: sortKey.cast,
      desc: descending,
    },
    { expr: sql`${projects.id}`, cast: 'uuid', desc: descending },
  ];
  const order = keys.map((key) => (key.desc ? desc(key.expr) : asc(key.expr)));
  // Each key as text (exact: a timestamp keeps its microseconds) for the next batch's condition.
  const keyTexts = sql.join(
    keys.map((key) => sql`(${key.expr})::text`),
    sql`, `,
  );

  const counted = requestCounts(principal);

  return {
    count: counts[query.tab],
    batches: async function* () {
      let last: string[] | null = null;
      for (;;) {
        const page: SQLWrapper = db
          .select({
            id: projects.id,
            refrenceCode: projects.refrenceCode,
            type: projects.type,
            regionCode: projects.regionCode,
            title: projects.title,
            status: projects.status,
            applicationCode: projects.applicationCode,
            applicationDate: projects.applicationDate,
            registCode: projects.registCode,
            updatedAt: projects.updatedAt,
            family: projects.family,
            requestCount: projects.requestCount,
            keys: sql`json_build_array(${keyTexts})`.as('keys'),
            position: sql`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
          })
          .from(projects)
          .where(and(...filters, ...(last ? [after(keys, last)] : [])))
          .orderBy(...order)
          .limit(exportBatchSize);
        const batchSql = sql`with batch as (${page})
            select json_build_array(b.refrence_code, b.type, b.region_code, b.title, b.status,
              b.application_code, b.application_date, b.regist_code, b.updated_at, b.family, b.keys,
              ${counted.column})::text as json
            from batch as b ${counted.join}
            order by b.position`;
        const result: { json: string }[] = await queryRows<{ json: string }>(db, batchSql);
        const rows: { fields: ProjectCsvRow; keys: string[] }[] = result.map(({ json }) => toCsvRow(json));
        if (rows.length > 0) yield rows.map((row) => row.fields);
        if (result.length < exportBatchSize) return;
        last = rows.at(-1)!.keys;
      }
    },
  };
}

type JsonRow = [
  refrenceCode: string,
  type: Project['type'],
  regionCode: number,
  title: string,
  status: Project['status'],
  applicationCode: string | null,
  applicationDate: string | null,
  registCode: string | null,
  updatedAt: string,
  family: string | null,
  keys: string[],
  requestCount: number,
];

/** A batch row's JSON as the CSV's fields, and its sort keys for the next batch. */
function toCsvRow(json: string): { fields: ProjectCsvRow; keys: string[] } {
  const [
    refrenceCode,
    type,
    regionCode,
    title,
    status,
    applicationCode,
    applicationDate,
    registCode,
    updatedAt,
    family,
    keys,
    requestCount,
  ] = JSON.parse(json) as JsonRow;
  return {
    fields: {
      refrenceCode,
      type,
      regionCode,
      title,
      status,
      applicationCode,
      applicationDate,
      registCode,
      requestCount,
      // As the list writes it (toProject): a Date's ISO text, milliseconds truncated.
      updateDate: new Date(updatedAt).toISOString(),
      family,
    },
    keys,
  };
}
