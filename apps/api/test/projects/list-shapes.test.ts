import { randomUUID } from 'node:crypto';
import { projectListResponseSchema, type ProjectListResponse, projectEndpoints } from '@ipportal/domain';
import { asc, desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects } from '../../src/db/schema/index.js';
import { searchShapeFor } from '../../src/repositories/projects/list-filters.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createOrganization, signIn, type TestUser } from './support.js';
import { call } from '../support/endpoints.js';

test('a broad search walks the list in order; a rare one or a deep page uses the index', () => {
  // 電池 in one matter of six at 100,000: the first page walks about 600 rows.
  expect(searchShapeFor(16_000, 100_000, 101)).toBe('walk');
  // Ten matches in 100,000: walking would read the whole tab for a page.
  expect(searchShapeFor(10, 100_000, 101)).toBe('indexed');
  // The same broad search at position 50,000: walking would read most of the tab.
  expect(searchShapeFor(16_000, 100_000, 50_101)).toBe('indexed');
  // No match, or an office (no unsearched count): the index.
  expect(searchShapeFor(0, 100_000, 101)).toBe('indexed');
  expect(searchShapeFor(16_000, null, 101)).toBe('indexed');
});

/**
 * Pages of a searched list read the same rows whichever way the server reads them: walking the
 * list in order (small pages of a broad search) or through the search index (deep pages).
 */
describe.skipIf(skipDriver)('GET /user/projects: a broad search read either way', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const total = 300;
  const battery = new Set<string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'shapes@bulk.example');
    const organizationId = await createOrganization(ctx, [{ user: admin, role: 0 }]);
    const base = Date.UTC(2025, 5, 1);
    const rows: (typeof projects.$inferInsert)[] = [];
    for (let i = 0; i < total; i++) {
      const id = randomUUID();
      // One in three holds 電池 (in full-width or half-width neighbours): a broad search.
      const title = i % 3 === 0 ? `全固体電池 ${i}` : `センサー ${i}`;
      if (i % 3 === 0) battery.add(id);
      const at = new Date(base + Math.floor(i / 10) * 1000);
      rows.push({
        id,
        ownerUserId: admin.id,
        organizationId,
        type: i % 2 === 0 ? 0 : 2,
        status: i % 3,
        refrenceCode: `SHAPE-${String(i).padStart(4, '0')}`,
        regionCode: 1,
        title,
        createdAt: at,
        updatedAt: at,
      });
    }
    await ctx.app.db.insert(projects).values(rows);
  }, 120_000);
  afterAll(async () => ctx?.close());

  async function page(query: string): Promise<ProjectListResponse> {
    const response = await call(ctx, projectEndpoints.listProjects, {
      as: admin,
      namespace: 'user',
      search: query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return projectListResponseSchema.parse(response.json());
  }

  async function walk(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 400; guard++) {
      const result: ProjectListResponse = await page(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...result.items.map((p) => p.id));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return ids;
  }

  async function databaseOrder(ids: Iterable<string>, direction: 'asc' | 'desc'): Promise<string[]> {
    const by = direction === 'asc' ? asc : desc;
    const rows = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [...ids]))
      .orderBy(by(projects.updatedAt), by(projects.id));
    return rows.map((r) => r.id);
  }

  test('small pages of a broad search (walked) and deep pages (indexed) give the same rows in list order', async () => {
    const expected = await databaseOrder(battery, 'desc');
    const q = `q=${encodeURIComponent('電池')}`;
    // Pages of 10 by cursor: each walks the list from the cursor.
    expect(await walk(q, 10)).toEqual(expected);
    // Pages by position: the deep ones read the search index.
    const byOffset: string[] = [];
    for (let offset = 0; offset < expected.length; offset += 40) {
      const result = await page(`${q}&limit=40&offset=${offset}`);
      expect(result.counts.all).toBe(battery.size);
      byOffset.push(...result.items.map((p) => p.id));
    }
    expect(byOffset).toEqual(expected);
  });
});
