/**
 * Migration 0019: the search grams (docs/adr/0016) computed by one expression instead of a query
 * per row. The grams must be the same set as the first form's (0007, read from its migration
 * file) on any text, so the index holds the same keys and `@>` answers the same; a database
 * filled before the migration finds the same matters after it, through the index.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateDatabase, migrationsFolder, type DatabaseHandle } from '../../src/db/index.js';
import { seedLargeOrganization } from '../../src/seed/scale.js';
import { skipDriver, testDriver, type TestDatabase } from '../support/db.js';
import { databaseBefore } from '../support/migrations.js';

/** Texts of every shape the function may meet, folded or not. */
const texts = [
  '',
  'a',
  '電',
  '\n',
  '\n\n',
  'a\n',
  '\na',
  '\n電\n',
  'ab',
  'aa',
  'aaa',
  'abab',
  'リチウムイオン電池の電極 9',
  '半導体装置及びその製造方法',
  'ＡＢＣ１２３ ｶﾞｷﾞ ａｂｃ',
  'Acme Holdings Inc.',
  'abc\ndef\n\nxyz',
  'x\ny\nz',
  's-000123\nリチウムイオン電池の電極 123\n発明の名称 123\n特願2024-000123\n東亜電池工業株式会社',
  '🔋電池🔋\n🔋',
  'e\u0301 café',
  'a.b\\c&d\\1 $1 (..) [x]',
  'a\r\nb\tc  d',
  '電池'.repeat(300) + '\n' + 'abc'.repeat(200),
];

/** Substrings searched for: one and two characters, longer ones, some found nowhere. */
const queries = [
  'a',
  'b',
  '電',
  '電池',
  '池の',
  'ab',
  'ba',
  'aa',
  'c\n',
  '\n',
  'x',
  'xy',
  'yz',
  'ｶﾞ',
  'ガ',
  'abc',
  '123',
  '🔋',
  '🔋電',
  'zz',
  '極 ',
  ' 9',
  '.b',
  '\\1',
];

describe.skipIf(skipDriver)(`migration 0019 on ${testDriver}`, () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let earlier: string;

  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ testDb, handle, earlier, close } = await databaseBefore('0019_text_grams_without_sort'));
  });
  afterAll(async () => close?.());

  // PGlite answers { rows }, postgres-js an array.
  const rowsOf = <T>(result: unknown): T[] =>
    (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
  const rows = async <T>(query: SQL): Promise<T[]> => rowsOf<T>(await handle.db.execute(query));

  /** The matters a search finds through the grams index (the plan is checked to use it). */
  async function foundThroughIndex(q: string): Promise<string[]> {
    return handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = sql`ipportal_text_grams(search_text) @> ipportal_query_grams(ipportal_search_fold(${q}))
        and strpos(search_text, ipportal_search_fold(${q})) > 0`;
      const plan = rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select id from projects where ${where}`),
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toContain('projects_search_grams_idx');
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from projects where ${where} order by id`),
      );
      return found.map((row) => row.id);
    });
  }

  test('a database filled before the migration finds the same matters after it, through the index', async () => {
    await migrateDatabase(handle, testDb.options, earlier);
    const [user] = await rows<{ id: string }>(
      sql`insert into users (user_type, identity_sub, email) values ('REGULAR', ${crypto.randomUUID()}, 'g@example.com') returning id`,
    );
    for (const [i, title] of texts.entries())
      await handle.db.execute(
        sql`insert into projects (owner_user_id, type, refrence_code, region_code, title)
            values (${user!.id}, 0, ${`G-${i}`}, 1, ${title})`,
      );
    const before = new Map<string, string[]>();
    for (const q of queries) before.set(q, await foundThroughIndex(q));

    await migrateDatabase(handle, testDb.options);

    for (const q of queries) {
      const after = await foundThroughIndex(q);
      expect(after, q).toEqual(before.get(q));
      // And what a scan of the text finds: the index leaves nothing out (but a query across a
      // field boundary, which the grams leave out by design).
      if (q.includes('\n')) continue;
      const scanned = await rows<{ id: string }>(
        sql`select id from projects where strpos(search_text, ipportal_search_fold(${q})) > 0 order by id`,
      );
      expect(after, q).toEqual(scanned.map((row) => row.id));
    }
    expect((await foundThroughIndex('電池')).length).toBeGreaterThan(0);
  });

  test('the grams are the first form’s as a set, on varied texts and on seeded matters', async () => {
    // The first form, from its own migration file, beside the new one.
    const first = await readFile(path.join(migrationsFolder, '0007_list_counts_search.sql'), 'utf8');
    const definition =
      /CREATE OR REPLACE FUNCTION ipportal_text_grams\(t text\)[\s\S]*?AS \$\$[\s\S]*?\$\$/.exec(first)?.[0];
    expect(definition).toBeDefined();
    await handle.db.execute(sql`create schema if not exists grams_0007`);
    await handle.db.execute(
      sql.raw(definition!.replace('FUNCTION ipportal_text_grams', 'FUNCTION grams_0007.ipportal_text_grams')),
    );
    const [user] = await rows<{ id: string }>(
      sql`insert into users (user_type, identity_sub, email) values ('REGULAR', ${crypto.randomUUID()}, 's@example.com') returning id`,
    );
    await seedLargeOrganization(handle.db, { administratorUserId: user!.id, matters: 300, members: 2 });
    await handle.db.execute(sql`create table gram_texts (t text not null)`);
    for (const t of texts)
      await handle.db.execute(sql`insert into gram_texts (t) values (${t}), (ipportal_search_fold(${t}))`);
    await handle.db.execute(sql`insert into gram_texts (t) select search_text from projects`);
    await handle.db.execute(sql`create table gram_queries (q text not null)`);
    for (const q of queries) await handle.db.execute(sql`insert into gram_queries (q) values (${q})`);

    await handle.db.execute(
      sql`create table gram_sets as
            select t, grams_0007.ipportal_text_grams(t) as old, ipportal_text_grams(t) as now from gram_texts`,
    );
    const compared = await rows<{ t: string; old: string[]; now: string[] }>(
      sql`select t, old, array(select distinct g from unnest(now) as g order by g) as now from gram_sets`,
    );
    expect(compared.length).toBeGreaterThan(300);
    for (const { t, old, now } of compared) expect(now, JSON.stringify(t)).toEqual(old);
    // Every search's containment test answers the same (true and false both occur).
    const answers = await rows<{ q: string; same: boolean; old: boolean }>(
      sql`select q, (now @> ipportal_query_grams(q)) = (old @> ipportal_query_grams(q)) as same,
                 old @> ipportal_query_grams(q) as old
            from gram_sets, gram_queries`,
    );
    expect(answers.filter((a) => !a.same)).toEqual([]);
    expect(answers.some((a) => a.old)).toBe(true);
    expect(answers.some((a) => !a.old)).toBe(true);
  });
});
