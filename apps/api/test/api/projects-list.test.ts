import {
  projectListResponseSchema,
  type ProjectListResponse,
  projectEndpoints,
  userEndpoints,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { insertMatters, type GeneratedMatter } from '../support/matters.js';
import { call } from '../support/endpoints.js';

const total = 260;

describe.skipIf(skipDriver)('GET /user/projects: server-side pages, filters and tab counts', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let matters: GeneratedMatter[];

  beforeAll(async () => {
    ctx = await createTestContext();
    auth = { authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'many@example.com' })}` };
    await call(ctx, userEndpoints.getUser, { headers: auth, namespace: 'user' });
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, 'many@example.com'));
    matters = await insertMatters(ctx.app.db, user!.id, total);
    // Someone else's matters never show up.
    const other = {
      authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'other@example.com' })}`,
    };
    await call(ctx, projectEndpoints.createProject, {
      headers: other,
      body: { type: 0, refrenceCode: 'X', regionCode: 1, title: 'Other' },
    });
  });
  afterAll(async () => ctx?.close());

  /** One page of the list; `query` as written after the path ('' or '?a=b&...'). */
  async function page(query: string): Promise<ProjectListResponse> {
    const response = await call(ctx, projectEndpoints.listProjects, {
      headers: auth,
      namespace: 'user',
      search: query.replace(/^\?/, ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    return projectListResponseSchema.parse(response.json());
  }

  async function walk(query: string, limit: number): Promise<ProjectListResponse['items']> {
    const all: ProjectListResponse['items'] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const sep = query ? '&' : '?';
      const result: ProjectListResponse = await page(
        `${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(result.items.length).toBeLessThanOrEqual(limit);
      all.push(...result.items);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return all;
  }

  const live = () => matters.filter((m) => !m.deleted);

  test('the first page has 100 rows, newest first, and the counts of every tab', async () => {
    const first = await page('');
    expect(first.items).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const times = first.items.map((p) => Date.parse(p.updateDate));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.counts).toEqual({
      all: live().length,
      patent: live().filter((m) => m.type === 0).length,
      utilityModel: live().filter((m) => m.type === 1).length,
      trademark: live().filter((m) => m.type === 2).length,
      design: live().filter((m) => m.type === 3).length,
      deleted: matters.filter((m) => m.deleted).length,
    });
  });

  test.each([
    ['', 100],
    ['?sort=title&order=asc', 37],
    ['?sort=applicationDate&order=asc', 64],
    ['?sort=applicationCode&order=desc', 50],
    ['?sort=requestCount', 120],
    ['?sort=refrenceCode&order=asc&tab=trademark', 10],
  ])('walking the cursor of %s (limit %i) returns every row exactly once', async (query, limit) => {
    const rows = await walk(query, limit);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const tab = new URLSearchParams(query).get('tab');
    expect(rows).toHaveLength(
      tab === 'trademark' ? live().filter((m) => m.type === 2).length : live().length,
    );
  });

  test('the reference-code sort follows code order', async () => {
    const rows = await walk('?sort=refrenceCode&order=asc', 200);
    expect(rows.map((r) => r.refrenceCode)).toEqual([...rows.map((r) => r.refrenceCode)].sort());
  });

  test('tab, status, family and search filters, with counts that follow the filters', async () => {
    const deleted = await walk('?tab=deleted', 500);
    expect(deleted).toHaveLength(matters.filter((m) => m.deleted).length);
    expect(deleted.every((p) => p.deletedAt !== null)).toBe(true);

    const done = await page('?status=2&limit=500');
    expect(done.items.every((p) => p.status === 2)).toBe(true);
    expect(done.counts.all).toBe(live().filter((m) => m.status === 2).length);

    const family = await page(`?family=${encodeURIComponent('Family 10')}&limit=500`);
    expect(family.items.map((p) => p.family)).toEqual(family.items.map(() => 'Family 10'));
    expect(family.items.length).toBe(live().filter((m) => m.family === 'Family 10').length);

    // LIKE metacharacters in q are matched literally.
    const literal = await page(`?q=${encodeURIComponent('100%_match')}&limit=500`);
    expect(literal.items.length).toBeGreaterThan(0);
    expect(literal.items.every((p) => p.title.includes('100%_match'))).toBe(true);
    const none = await page(`?q=${encodeURIComponent('100%_x')}`);
    expect(none.items).toEqual([]);
    expect(none.counts.all).toBe(0);

    const code = await page('?q=REF-00042');
    expect(code.items.map((p) => p.refrenceCode)).toEqual(matters[42]!.deleted ? [] : ['REF-00042']);
  });

  test('a page of 500 is allowed; more is refused with a clear message', async () => {
    const big = await page('?limit=500&tab=all');
    expect(big.items.length).toBe(Math.min(500, live().length));
    const response = await call(ctx, projectEndpoints.listProjects, {
      headers: auth,
      namespace: 'user',
      query: { limit: 501 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      hasError: true,
      message: '案件一覧の取得に失敗しました\nlimit: 500 以下の値を指定してください',
      errors: [{ path: 'limit', message: '500 以下の値を指定してください' }],
    });
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['tab=archive', 'tab'],
    ['sort=owner', 'sort'],
    ['order=up', 'order'],
    ['status=5', 'status'],
    ['colour=red', 'colour'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('?%s answers 400 naming %s', async (query, path) => {
    const response = await call(ctx, projectEndpoints.listProjects, {
      headers: auth,
      namespace: 'user',
      search: query,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ hasError: boolean; message: string; errors: { path: string }[] }>();
    expect(body.hasError).toBe(true);
    expect(body.message.startsWith('案件一覧の取得に失敗しました\n')).toBe(true);
    expect(body.errors.map((e) => e.path)).toContain(path);
  });

  test('a cursor issued for another sort is refused', async () => {
    const first = await page('?sort=title&limit=10');
    const response = await call(ctx, projectEndpoints.listProjects, {
      headers: auth,
      namespace: 'user',
      query: { sort: 'updateDate', limit: 10, cursor: first.nextCursor! },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors).toEqual([
      { path: 'cursor', message: expect.any(String) as string },
    ]);
  });
});
