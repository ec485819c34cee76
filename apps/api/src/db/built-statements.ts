import { Column, is, SQL, Subquery } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** What a prepared Drizzle query runs on: the session's driver client (the pool or a transaction's). */
interface SessionOf {
  session: {
    client: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): RawStatement;
  };
}

/** A statement of raw SQL prepared once: its rows as the driver answers them (see `rowsOf`). */
export interface RawStatement {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * Statements of a hot path whose SQL Drizzle builds once per shape, not once per run (ADR 0060).
 *
 * Building a statement (walking its column list and conditions into SQL text) cost Drizzle 50 to
 * 230 us of CPU each on every chat message, more than PostgreSQL took to run them. A statement
 * built with `sql.placeholder` for every value and `.prepare(name)` is the same text for every
 * run; `on` keeps the first one built for `shape` and hands it to each caller bound to the
 * caller's executor, so it runs on the pool or inside the caller's transaction alike.
 *
 * `shape` must name everything the statement's text depends on apart from its placeholders
 * (`shapeOf` makes it from the SQL of a condition built with placeholders, so a caller's scope
 * needs no list of its branches). Statements are kept per driver: PGlite's and postgres.js's
 * prepared queries differ.
 */
export class BuiltStatements<Q extends object> {
  private readonly byDriver = new WeakMap<object, Map<string, Q>>();

  on(executor: Executor, shape: string, build: (db: Executor) => Q): Q {
    const session = (executor as unknown as SessionOf).session;
    const driver = session.constructor;
    let built = this.byDriver.get(driver);
    if (!built) {
      built = new Map();
      this.byDriver.set(driver, built);
    }
    let statement = built.get(shape);
    if (!statement) {
      statement = build(executor);
      mapRowsCompiled(statement);
      built.set(shape, statement);
    }
    // Drizzle's prepared query reads its client from `this.client` when it runs; everything else
    // it holds (text, parameters, result mapping) is the same for every executor.
    return Object.create(statement, { client: { value: session.client } }) as Q;
  }
}

const dialect = new PgDialect();

/**
 * A raw SQL statement (one Drizzle's builders do not write, such as a chain of data-modifying
 * `with` queries) with `sql.placeholder` for its values, prepared like a builder's `.prepare(name)`:
 * for `BuiltStatements`.
 */
export function preparedSql(db: Executor, name: string, query: SQL): RawStatement {
  return (db as unknown as SessionOf).session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}

/** The SQL text of a condition built with placeholders: the shape of the statements it goes into. */
export function shapeOf(condition: SQL): string {
  return dialect.sqlToQuery(condition).sql;
}

/** What Drizzle's prepared select keeps of its columns: each field's path in the row and its column or SQL. */
interface SelectedFields {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle's `mapResultRow` picks for a field, on every row of every run. */
function decoderOf(field: unknown): Decoder {
  // `decoder` is Drizzle's own (not in its types): what `.mapWith()` sets on a SQL field.
  const decoder = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder((field as unknown as { _: { sql: SQL } })._.sql);
  return decoder((field as SQL.Aliased).sql);
}

/**
 * A flat select's rows mapped by decoders picked once per statement. Drizzle's `mapResultRow`
 * looks up each field's kind (`is`, a walk of its prototype chain) for every field of every row:
 * on a page of 100 matters that was a fifth of the list's CPU. The result is the same: each
 * value through its column's decoder, null as null. A select with nested fields (a table as one
 * field, or a join, whose row Drizzle may null out) keeps Drizzle's own mapping.
 */
function mapRowsCompiled(statement: object): void {
  const prepared = statement as SelectedFields;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper || fields.some(({ path }) => path.length !== 1)) return;
  const names = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i += 1) {
        const value = row[i];
        mapped[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
}
