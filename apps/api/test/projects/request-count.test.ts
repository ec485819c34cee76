import {
  projectListResponseSchema,
  type Project,
  projectDetailEndpoints,
  projectEndpoints,
} from '@ipportal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requests } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { insertFirm, officeUser, sendRequest } from '../requests/requests-fixtures.js';
import { addRequest, createMatter, createOrganization, signIn, type TestUser } from './support.js';
import { call } from '../support/endpoints.js';

/**
 * A client's request count is stored on the matter and kept by triggers on requests
 * (drizzle/0017), so the list can sort by it through an index. Whatever happens to the requests
 * (sent, deleted, moved to another matter, undeleted, removed for good) or to the matter
 * (duplicated, deleted), the list, its sort, the detail and the CSV show the live requests the
 * matter has; an office still counts only the requests addressed to it.
 */
describe.skipIf(skipDriver)('request count: stored, exact, sortable', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let office: TestUser;
  let firmId: string;
  let otherFirmId: string;
  const ids: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'counts-admin@example.com');
    await createOrganization(ctx, [{ user: admin, role: 0 }]);
    firmId = await insertFirm(ctx, 'Counted Firm');
    otherFirmId = await insertFirm(ctx, 'Other Firm');
    office = await officeUser(ctx, 'staff@counted.example', firmId);
    ids.a = (await createMatter(ctx, admin, { refrenceCode: 'A' })).id;
    ids.b = (await createMatter(ctx, admin, { refrenceCode: 'B' })).id;
    ids.c = (await createMatter(ctx, admin, { refrenceCode: 'C' })).id;
  });
  afterAll(async () => ctx?.close());

  async function list(user: TestUser, query: string): Promise<Project[]> {
    const namespace = user === office ? 'patent' : 'user';
    const r = await ctx.app.inject({
      url: `/${namespace}/projects?limit=500&${query}`,
      headers: user.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json()).items;
  }

  /** Reference code and count of each matter, in the order the list sorts them by count. */
  async function byCount(order: 'asc' | 'desc', tab = 'all'): Promise<string[]> {
    const items = await list(admin, `tab=${tab}&sort=requestCount&order=${order}`);
    return items.map((p) => `${p.refrenceCode}:${p.requestCount}`);
  }

  /** The CSV of the same view: reference code and request count (column 9) of each row. */
  async function csvByCount(order: 'asc' | 'desc'): Promise<string[]> {
    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      namespace: 'user',
      query: { sort: 'requestCount', order },
    });
    expect(r.statusCode).toBe(200);
    return r.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => {
        const fields = line.slice(1, -1).split('","');
        return `${fields[0]}:${fields[8]}`;
      });
  }

  /** Every matter's stored count equals its live requests counted from scratch. */
  async function expectStoredCountsExact(): Promise<void> {
    const result: unknown = await ctx.app.db.execute(sql`
      select count(*)::int as wrong from projects p
      where p.request_count <> (select count(*) from requests r where r.project_id = p.id and r.deleted_at is null)`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      wrong: number;
    }[];
    expect(rows[0]?.wrong).toBe(0);
  }

  async function detailCount(id: string): Promise<number> {
    const r = await call(ctx, projectDetailEndpoints.getProject, {
      as: admin,
      namespace: 'user',
      params: { projectId: id },
    });
    expect(r.statusCode).toBe(200);
    return r.json<{ item: Project }>().item.requestCount;
  }

  test('sending requests moves a matter up the sort; list, CSV and detail agree', async () => {
    // Ties (all zero) break by id like every sort: the three are in some id order.
    expect((await byCount('desc')).map((s) => s.split(':')[1])).toEqual(['0', '0', '0']);
    await sendRequest(ctx, admin, ids.b, firmId);
    await sendRequest(ctx, admin, ids.a, firmId);
    await sendRequest(ctx, admin, ids.a, otherFirmId);
    expect(await byCount('desc')).toEqual(['A:2', 'B:1', 'C:0']);
    expect(await byCount('asc')).toEqual(['C:0', 'B:1', 'A:2']);
    expect(await csvByCount('desc')).toEqual(['A:2', 'B:1', 'C:0']);
    expect(await csvByCount('asc')).toEqual(['C:0', 'B:1', 'A:2']);
    expect(await detailCount(ids.a)).toBe(2);
    await expectStoredCountsExact();
  });

  test('an office counts only the requests addressed to it, in the list and its CSV', async () => {
    const items = await list(office, 'sort=requestCount&order=desc');
    expect(items.map((p) => `${p.refrenceCode}:${p.requestCount}`).sort()).toEqual(['A:1', 'B:1']);
    const csv = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: office,
      namespace: 'patent',
      query: { sort: 'requestCount' },
    });
    expect(csv.statusCode).toBe(200);
    const counts = csv.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(1, -1).split('","')[8]);
    expect(counts).toEqual(['1', '1']);
  });

  /** The list by count, descending: the first `leading` in that order, the rest (ties) as a set. */
  async function expectByCount(leading: string[], tied: string[]): Promise<void> {
    const sorted = await byCount('desc');
    expect(sorted.slice(0, leading.length)).toEqual(leading);
    expect(sorted.slice(leading.length).sort()).toEqual([...tied].sort());
  }

  test('a request deleted, undeleted, moved to another matter, or removed for good', async () => {
    const [ofA] = await ctx.app.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.projectId, ids.a))
      .limit(1);
    const request = eq(requests.id, ofA!.id);
    await ctx.app.db.update(requests).set({ deletedAt: new Date() }).where(request);
    const afterDelete = await byCount('desc');
    expect(afterDelete.slice(0, 2).sort()).toEqual(['A:1', 'B:1']);
    expect(afterDelete[2]).toBe('C:0');
    // A deleted request moved elsewhere counts nowhere; undeleted there, it counts there.
    await ctx.app.db.update(requests).set({ projectId: ids.c }).where(request);
    expect(await detailCount(ids.c)).toBe(0);
    await ctx.app.db.update(requests).set({ deletedAt: null }).where(request);
    expect(await detailCount(ids.c)).toBe(1);
    expect(await detailCount(ids.a)).toBe(1);
    // A live request moved back: one matter loses it, the other gains it.
    await ctx.app.db.update(requests).set({ projectId: ids.a }).where(request);
    expect(await byCount('desc')).toEqual(['A:2', 'B:1', 'C:0']);
    // Several matters in one statement: two lose requests, one gains them all.
    await ctx.app.db.execute(sql`update requests
      set project_id = ${ids.c}, number = number + case when project_id = ${ids.a} then 10 else 20 end
      where project_id in (${ids.a}, ${ids.b})`);
    await expectByCount(['C:3'], ['A:0', 'B:0']);
    await ctx.app.db.execute(
      sql`update requests set deleted_at = now() where project_id = ${ids.c} and number > 20`,
    );
    await expectByCount(['C:2'], ['A:0', 'B:0']);
    await expectStoredCountsExact();
    // Removed for good; inserted again (a deleted one does not count).
    await ctx.app.db.delete(requests).where(eq(requests.projectId, ids.c));
    await addRequest(ctx, ids.b, firmId);
    await addRequest(ctx, ids.b, firmId, { deleted: true });
    await expectByCount(['B:1'], ['A:0', 'C:0']);
    expect(await detailCount(ids.b)).toBe(1);
    await expectStoredCountsExact();
  });

  test('a duplicate starts with no requests; a deleted matter keeps its count on the deleted tab', async () => {
    const copy = await call(ctx, projectDetailEndpoints.duplicateProject, {
      as: admin,
      params: { projectId: ids.b },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json<{ item: Project }>().item.id;
    expect(copy.json<{ item: Project }>().item.requestCount).toBe(0);
    expect(await detailCount(copyId)).toBe(0);
    expect(await detailCount(ids.b)).toBe(1);
    const removed = await call(ctx, projectEndpoints.deleteProject, {
      as: admin,
      params: { projectId: ids.b },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await byCount('desc', 'deleted')).toEqual(['B:1']);
    expect((await byCount('desc')).map((s) => s.split(':')[1])).toEqual(['0', '0', '0']);
    await expectStoredCountsExact();
  });
});
