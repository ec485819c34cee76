import type postgres from 'postgres';

type Unsafe = postgres.Sql['unsafe'];
type UnsafeOptions = NonNullable<Parameters<Unsafe>[2]>;
type Scoped = (sql: postgres.Sql) => unknown;
type Scopes = Record<'begin' | 'savepoint', ((...args: unknown[]) => unknown) | undefined>;

/**
 * Makes every Drizzle query with parameters a prepared statement, on the pool and inside
 * transactions and savepoints (ADR 0058).
 *
 * Drizzle sends every query through postgres.js's `unsafe()` with `prepare: false` unless the
 * query was built with `.prepare(name)` (docs/adr/0058). postgres.js then sends each
 * query with parameters in two round trips (Parse and Describe, wait for the answer, then Bind
 * and Execute), and sends nothing more on that connection until the first answer is in: a
 * transaction of five statements took ten round trips where one batch would do. Prepared, a
 * query's text is parsed once per connection and each later run is one Bind and Execute,
 * pipelined with the transaction's next query, as postgres.js's own tagged queries run by default.
 *
 * postgres.js hands a transaction's callback a client of its own, so `begin` and `savepoint` are
 * wrapped to prepare that client's queries too. Queries without parameters keep the simple
 * protocol postgres.js gives them, so a text of several statements (a migration) still runs.
 */
export function preparedStatements<S extends postgres.Sql>(sql: S): S {
  const unsafe: Unsafe = sql.unsafe.bind(sql);
  const prepared = (query: string, parameters?: unknown[], options?: UnsafeOptions) =>
    unsafe(query, parameters as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
  Object.assign(sql, { unsafe: prepared });
  return preparingScopes(sql);
}

/** `begin` and `savepoint` hand their callback a client whose queries are prepared. */
function preparingScopes<S extends postgres.Sql>(sql: S): S {
  const scopes = sql as unknown as Scopes;
  for (const name of ['begin', 'savepoint'] as const) {
    const open = scopes[name]?.bind(sql);
    if (!open) continue;
    // begin(fn), begin(options, fn), savepoint(fn), savepoint(name, fn): the callback comes last.
    scopes[name] = (...args: unknown[]) => {
      const scoped = args.at(-1) as Scoped;
      return open(...args.slice(0, -1), (inner: postgres.Sql) => scoped(preparedStatements(inner)));
    };
  }
  return sql;
}
