/**
 * Migration 0010: the /pension decisions kept in `pensions` ('waived' with the reason in `notes`,
 * 'scheduled') become the state of each year's deadline, which /terms shares; a later decision
 * taken on /terms is kept; only paid years stay in `pensions`, which takes nothing else any more.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { databaseBefore } from '../support/migrations.js';

describe.skipIf(skipDriver)(`migration 0010 on ${testDriver}`, () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let earlier: string;

  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ testDb, handle, earlier, close } = await databaseBefore('0010_lapse_decisions_in_deadline_states'));
  });
  afterAll(async () => close?.());

  // PGlite answers { rows }, postgres-js an array.
  const rows = async <T>(query: SQL): Promise<T[]> => {
    const result: unknown = await handle.db.execute(query);
    return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
  };

  test('waived years become lapsed deadlines with their reason; a later /terms decision stays; only paid rows remain', async () => {
    await migrateDatabase(handle, testDb.options, earlier);
    const [user] = await rows<{ id: string }>(
      sql`insert into users (user_type, identity_sub, email) values ('REGULAR', ${crypto.randomUUID()}, 'm@example.com') returning id`,
    );
    const [project] = await rows<{ id: string }>(
      sql`insert into projects (owner_user_id, type, refrence_code, region_code, title) values (${user!.id}, 0, 'P-1', 1, 'T') returning id`,
    );
    const p = project!.id;
    const u = user!.id;
    const year = (n: number, status: string, notes: string | null, at: string) =>
      sql`insert into pensions (project_id, year_number, due_date, status, rule_key, notes, updated_at, updated_by)
          values (${p}, ${n}, '2029-05-01', ${status}, ${`jp.patent.annuity#${n}`}, ${notes}, ${at}::timestamptz, ${u})`;
    await handle.db.execute(year(5, 'paid', null, '2026-01-01T00:00:00Z'));
    await handle.db.execute(year(6, 'waived', '製品終了のため', '2026-02-01T00:00:00Z'));
    await handle.db.execute(year(7, 'scheduled', null, '2026-02-01T00:00:00Z'));
    await handle.db.execute(year(8, 'waived', '古い判断', '2026-02-01T00:00:00Z'));
    await handle.db.execute(year(9, 'waived', '新しい判断', '2026-02-01T00:00:00Z'));
    // Year 8 was marked done on /terms after the waiver; year 9 before it.
    await handle.db.execute(
      sql`insert into deadline_states (project_id, key, state, state_by, state_at) values
          (${p}, 'jp.patent.annuity#8', 'done', ${u}, '2026-03-01T00:00:00Z'),
          (${p}, 'jp.patent.annuity#9', 'done', ${u}, '2026-01-15T00:00:00Z')`,
    );

    await migrateDatabase(handle, testDb.options);

    const states = await rows<{ key: string; state: string; lapse_reason: string | null; state_by: string }>(
      sql`select key, state, lapse_reason, state_by from deadline_states where project_id = ${p} order by key`,
    );
    expect(states).toEqual([
      { key: 'jp.patent.annuity#6', state: 'lapsed', lapse_reason: '製品終了のため', state_by: u },
      { key: 'jp.patent.annuity#8', state: 'done', lapse_reason: null, state_by: u },
      { key: 'jp.patent.annuity#9', state: 'lapsed', lapse_reason: '新しい判断', state_by: u },
    ]);
    const [when] = await rows<{ at: string }>(
      sql`select to_char(state_at at time zone 'UTC', 'YYYY-MM-DD') as at from deadline_states where project_id = ${p} and key = 'jp.patent.annuity#6'`,
    );
    expect(when?.at).toBe('2026-02-01');
    expect(
      await rows<{ year_number: number; status: string }>(
        sql`select year_number, status from pensions where project_id = ${p} order by year_number`,
      ),
    ).toEqual([{ year_number: 5, status: 'paid' }]);
    // A decision can no longer be stored in `pensions`.
    await expect(handle.db.execute(year(10, 'waived', 'x', '2026-02-01T00:00:00Z'))).rejects.toThrow();
  });
});
