import {
  projectCsvRowCountHeader,
  projectListResponseSchema,
  projectSortFields,
  type Project,
  projectEndpoints,
} from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportBatchSize } from '../../src/repositories/projects/export.js';
import { seedLargeOrganization } from '../../src/seed/scale.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { signIn, type TestUser } from './support.js';
import { call } from '../support/endpoints.js';

const matters = exportBatchSize + 700;

/** RFC 4180 fields (every field is quoted by the server): rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let field = '';
    i += 1;
    for (;;) {
      const quote = text.indexOf('"', i);
      field += text.slice(i, quote);
      i = quote + 1;
      if (text[i] === '"') {
        field += '"';
        i += 1;
      } else break;
    }
    row.push(field);
    if (text[i] === ',') i += 1;
    else {
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/**
 * GET /user/projects/csv: the whole filtered view, streamed in batches (more rows than one batch
 * here), with a byte order mark, the list's header in the caller's language and one row per
 * matter the list counts; and GET /user/projects?offset=: a page at any position equals that
 * stretch of the cursor walk.
 */
describe.skipIf(skipDriver)('the matter list: CSV of the whole view, pages at an offset', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'csv-admin@example.com');
    await seedLargeOrganization(ctx.app.db, { administratorUserId: admin.id, matters, members: 3 });
    ctx.app.invalidatePrincipal(admin.id);
  });
  afterAll(async () => ctx?.close());

  async function list(query: string) {
    const r = await call(ctx, projectEndpoints.listProjects, { as: admin, namespace: 'user', search: query });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json());
  }

  async function walk(query: string): Promise<Project[]> {
    const out: Project[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      out.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  test('the whole view in Japanese: BOM, header, every row of the count in list order', async () => {
    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      headers: { 'accept-language': 'ja' },
      namespace: 'user',
    });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="matters-all-\d{8}\.csv"$/);
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const { counts } = await list('limit=1');
    expect(Number(r.headers[projectCsvRowCountHeader])).toBe(counts.all);
    const rows = parseCsv(r.body.slice(1));
    expect(rows[0]).toEqual([
      '整理番号',
      '権利種別',
      '国・地域',
      '案件名',
      'ステータス',
      '出願番号',
      '出願日',
      '登録番号',
      '依頼数',
      '更新日',
    ]);
    expect(rows.length - 1).toBe(counts.all);
    const listed = await walk('sort=updateDate&order=desc');
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((p) => p.refrenceCode));
    const first = listed[0]!;
    expect(rows[1]![8]).toBe(String(first.requestCount));
    expect(rows[1]![9]).toBe(first.updateDate);
  });

  test('a filtered, sorted view in English counts what the list counts', async () => {
    const q = 'tab=patent&status=1&sort=title&order=asc';
    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      headers: { 'accept-language': 'en' },
      namespace: 'user',
      search: q,
    });
    expect(r.statusCode).toBe(200);
    const rows = parseCsv(r.body.slice(1));
    expect(rows[0]![0]).toBe('Reference');
    const { counts } = await list(`${q}&limit=1`);
    expect(counts.patent).toBeGreaterThan(0);
    expect(rows.length - 1).toBe(counts.patent);
    expect(Number(r.headers[projectCsvRowCountHeader])).toBe(counts.patent);
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(['Patent right']));
    expect(new Set(rows.slice(1).map((row) => row[4]))).toEqual(new Set(['In progress']));
  });

  test('grouped by family: the family column first, each family together, none last', async () => {
    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      namespace: 'user',
      query: { group: 'family' },
    });
    const rows = parseCsv(r.body.slice(1)).slice(1);
    const families = rows.map((row) => row[0]!);
    const firstNone = families.indexOf('');
    if (firstNone >= 0) expect(families.slice(firstNone).every((f) => f === '')).toBe(true);
    const seen = new Set<string>();
    families.forEach((family, index) => {
      if (family !== families[index - 1]) {
        expect(seen.has(family), family).toBe(false);
        seen.add(family);
      }
    });
  });

  test('a page at an offset is that stretch of the cursor walk, with the same counts', async () => {
    const listed = await walk('sort=title&order=desc');
    for (const offset of [0, 1, 999, listed.length - 30]) {
      const page = await list(`sort=title&order=desc&offset=${offset}&limit=100`);
      expect(page.items.map((p) => p.id)).toEqual(listed.slice(offset, offset + 100).map((p) => p.id));
      expect(page.counts.all).toBe(listed.length);
    }
    const end = await list(`sort=title&order=desc&offset=${listed.length}&limit=100`);
    expect(end.items).toEqual([]);
    expect(end.nextCursor).toBeNull();
  });

  // Every sort key has an index the batches walk (drizzle/0017); whichever plan the database
  // takes, the batches must meet exactly where the list's cursor pages meet, ties included (the
  // seeded statuses, types, countries and request counts are a few values each). (key, id) is a
  // total order, so the descending list is the ascending walk reversed.
  test.each(projectSortFields)('sorted by %s, both ways: the CSV rows are the list walk', async (sort) => {
    const listed = (await walk(`sort=${sort}&order=asc`)).map((p) => `${p.refrenceCode} ${p.requestCount}`);
    for (const order of ['asc', 'desc'] as const) {
      const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
        as: admin,
        namespace: 'user',
        query: { sort, order },
      });
      expect(r.statusCode).toBe(200);
      const rows = parseCsv(r.body.slice(1)).slice(1);
      expect(
        rows.map((row) => `${row[0]} ${row[8]}`),
        `${sort} ${order}`,
      ).toEqual(order === 'asc' ? listed : [...listed].reverse());
    }
    const [first] = (await list(`sort=${sort}&order=desc&limit=1`)).items;
    expect(`${first?.refrenceCode} ${first?.requestCount}`).toBe(listed.at(-1));
  });

  // Last: it rewrites the seeded matters' timestamps.
  test('batches meet at ties of the sort key (one microsecond timestamp, a status): every matter once, in order', async () => {
    await ctx.app.db.execute(
      sql`update projects set updated_at = timestamptz '2026-01-02 03:04:05.123456+00' where organization_id is not null`,
    );
    const { counts } = await list('limit=1');
    const byDate = await call(ctx, projectEndpoints.exportProjectsCsv, { as: admin, namespace: 'user' });
    const dated = parseCsv(byDate.body.slice(1)).slice(1);
    expect(dated.length).toBe(counts.all);
    expect(new Set(dated.map((row) => row[0])).size).toBe(counts.all);
    expect(new Set(dated.map((row) => row[9]))).toEqual(new Set(['2026-01-02T03:04:05.123Z']));

    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      headers: { 'accept-language': 'en' },
      namespace: 'user',
      query: { group: 'family', sort: 'status', order: 'desc' },
    });
    const rows = parseCsv(r.body.slice(1)).slice(1);
    expect(rows.length).toBe(counts.all);
    expect(Number(r.headers[projectCsvRowCountHeader])).toBe(counts.all);
    expect(new Set(rows.map((row) => row[1])).size).toBe(counts.all);
    const families = rows.map((row) => row[0]!);
    const firstNone = families.indexOf('');
    expect(firstNone).toBeGreaterThan(0);
    expect(families.slice(firstNone).every((f) => f === '')).toBe(true);
    const noFamily = rows.slice(firstNone).map((row) => row[5]);
    const order = ['Done', 'In progress', 'Not started'];
    const ranks = noFamily.map((label) => order.indexOf(label!));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});
