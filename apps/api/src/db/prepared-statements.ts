import type postgres from 'postgres';

type Unsafe = postgres.Sql['unsafe'];
type UnsafeOptions = NonNullable<Parameters<Unsafe>[2]>;
type Scoped = (sql: postgres.Sql) => unknown;
type Scopes = Record<'begin' | 'savepoint', ((...args: unknown[]) => unknown) | undefined>;

/**
 * Makes Drizzle's queries inside a transaction prepared statements (ADR 0058).
 *
 * Drizzle sends every query through postgres.js's `unsafe()` with `prepare: false` unless the
 * query was built with `.prepare(name)` (docs/adr/0058). postgres.js then sends each
 * query with parameters in two round trips (Parse and Describe, wait for the answer, then Bind
 * and Execute), and sends nothing more on that connection until the first answer is in: a
 * transaction of five statements took ten round trips where one batch would do. Prepared, a
 * query's text is parsed once per connection and each later run is one Bind and Execute,
 * pipelined with the transaction's next query.
 *
 * Only the transaction and savepoint clients postgres.js hands to a callback are changed: their
 * connection is the transaction's alone. On the pool a prepared query leaves its connection open
 * for unrelated queries to be pipelined behind it, and with pool queries prepared the mail outbox
 * test (test/platform/mail-outbox.test.ts) failed (its next batch of jobs was not fetched for
 * seconds, cause not found), so pool queries stay as Drizzle sends them.
 * Queries without parameters keep the simple protocol postgres.js gives them.
 */
export function preparingTransactions<S extends postgres.Sql>(sql: S): S {
  const scopes = sql as unknown as Scopes;
  for (const name of ['begin', 'savepoint'] as const) {
    const open = scopes[name]?.bind(sql);
    if (!open) continue;
    // begin(fn), begin(options, fn), savepoint(fn), savepoint(name, fn): the callback comes last.
    scopes[name] = (...args: unknown[]) => {
      const scoped = args.at(-1) as Scoped;
      return open(...args.slice(0, -1), (inner: postgres.Sql) => scoped(preparingQueries(inner)));
    };
  }
  return sql;
}

/** A transaction's client whose queries, and those of its savepoints, are prepared. */
function preparingQueries(sql: postgres.Sql): postgres.Sql {
  const unsafe: Unsafe = sql.unsafe.bind(sql);
  const prepared = (query: string, parameters?: unknown[], options?: UnsafeOptions) =>
    unsafe(query, parameters as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
  Object.assign(sql, { unsafe: prepared });
  return preparingTransactions(sql);
}
