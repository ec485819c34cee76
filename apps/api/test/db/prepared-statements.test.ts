import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle, Executor } from '../../src/db/client.js';
import { migrateDatabase, openDatabase } from '../../src/db/index.js';
import { rowsOf } from '../../src/db/rows.js';
import { users } from '../../src/db/schema/index.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';

/*
 * Drizzle's queries on PostgreSQL run as prepared statements (ADR 0058), on the pool and in
 * transactions: a query with parameters is parsed once per connection, and a later run is one
 * round trip pipelined with the next, where unprepared it took two and held back the queries
 * behind it. PostgreSQL lists what a connection has prepared in pg_prepared_statements; a
 * transaction stays on one connection.
 */

const preparedTexts = async (tx: Executor) =>
  rowsOf<{ statement: string }>(
    await tx.execute(sql`select statement from pg_prepared_statements where not from_sql`),
  ).map((row) => row.statement);

const byEmail = (tx: Executor, email: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.email, email));

describe.skipIf(skipDriver || testDriver !== 'postgres')('Drizzle on PostgreSQL', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await database.open();
    await migrateDatabase(handle, database.options);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  test('a query with parameters is prepared, in a transaction and in a savepoint within it', async () => {
    const texts = await handle.db.transaction(async (tx) => {
      await byEmail(tx, 'a@example.com');
      await tx.transaction(async (savepoint) => {
        await savepoint.select({ id: users.id }).from(users).where(eq(users.name, 'savepoint'));
      });
      return preparedTexts(tx);
    });
    expect(texts.some((text) => text.includes('"email" = $1'))).toBe(true);
    expect(texts.some((text) => text.includes('"name" = $1'))).toBe(true);
  });

  test('the same query run again answers from its statement, with the new parameter', async () => {
    const [first, second] = await handle.db.transaction(async (tx) => {
      await tx.insert(users).values({
        identitySub: randomUUID(),
        userType: 'REGULAR',
        email: 'prepared@example.com',
      });
      return [await byEmail(tx, 'nobody@example.com'), await byEmail(tx, 'prepared@example.com')];
    });
    expect(first).toEqual([]);
    expect(second).toHaveLength(1);
  });

  test('a query on the pool is prepared too, and runs again with a new parameter', async () => {
    if (database.options.driver !== 'postgres') throw new Error('a PostgreSQL test database');
    // One connection, so the check reads the statements of the connection that ran the query.
    const single = await openDatabase({ ...database.options, poolMax: 1 });
    try {
      expect(await byEmail(single.db, 'nobody@example.com')).toEqual([]);
      expect(await preparedTexts(single.db)).toEqual(
        expect.arrayContaining([expect.stringContaining('"email" = $1')]),
      );
      expect(await byEmail(single.db, 'prepared@example.com')).toHaveLength(1);
      // Each run is still planned with its own parameters, as an unprepared query was.
      const [setting] = rowsOf<{ mode: string }>(
        await single.db.execute(sql`select current_setting('plan_cache_mode') as mode`),
      );
      expect(setting?.mode).toBe('force_custom_plan');
    } finally {
      await single.close();
    }
  });

  test('a text of several statements without parameters still runs (a migration)', async () => {
    await handle.db.execute(sql.raw('create table prepared_check (n int); drop table prepared_check;'));
  });
});
