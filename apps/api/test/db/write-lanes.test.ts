import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle, Executor } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';

/*
 * A hot row's writes go through its key's lane (ADR 0061): on PostgreSQL one connection of its
 * own per process, the writes sent together pipelined on it and each committed or refused on its
 * own; a lane whose connection was cut opens again. On PGlite the lane is the database itself.
 */

const backendOf = async (db: Executor) =>
  rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;

describe.skipIf(skipDriver)(`write lanes on ${testDriver}`, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await database.open();
    await handle.db.execute(sql`create table lane_rows (id int primary key, seq int not null)`);
    await handle.db.execute(sql`insert into lane_rows values (0, 0)`);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const bump = (db: Executor, id: number) =>
    db.execute(sql`
      with counter as (update lane_rows set seq = seq + 1 where id = 0 returning seq)
      insert into lane_rows select ${id}, seq from counter returning seq`);

  test('a key is always given the same lane', () => {
    expect(handle.lanes.for('room-a')).toBe(handle.lanes.for('room-a'));
  });

  test.runIf(testDriver === 'pglite')('on PGlite the lane is the database itself', () => {
    expect(handle.lanes.for('room-a')).toBe(handle.db);
  });

  test.runIf(testDriver === 'postgres')(
    'writes of one key sent together run on one connection in the order sent; a refused one holds back none of the others',
    async () => {
      const lane = handle.lanes.for('room-a');
      const backends = await Promise.all([backendOf(lane), backendOf(lane), backendOf(lane)]);
      expect(new Set(backends).size).toBe(1);
      expect(backends[0]).not.toBe(await backendOf(handle.db));

      const outcomes = await Promise.allSettled([bump(lane, 1), bump(lane, 2), bump(lane, 1), bump(lane, 3)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const rows = rowsOf<{ id: number; seq: number }>(
        await handle.db.execute(sql`select id, seq from lane_rows where id > 0 order by id`),
      );
      // The refused write's counter update was undone with it: the seq has no gap.
      expect(rows).toEqual([
        { id: 1, seq: 1 },
        { id: 2, seq: 2 },
        { id: 3, seq: 3 },
      ]);
    },
  );

  test.runIf(testDriver === 'postgres')(
    'a lane whose connection was cut opens a new one for the next write',
    async () => {
      const lane = handle.lanes.for('room-b');
      const cut = await backendOf(lane);
      await handle.db.execute(sql`select pg_terminate_backend(${cut})`);
      await expect.poll(async () => backendOf(lane).catch(() => cut)).not.toBe(cut);
      expect(rowsOf<{ seq: number }>(await bump(lane, 4))).toEqual([{ seq: 4 }]);
    },
  );
});
