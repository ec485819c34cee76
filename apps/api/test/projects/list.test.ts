import { randomUUID } from 'node:crypto';
import { projectListResponseSchema, type ProjectListResponse, projectEndpoints } from '@ipportal/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectAssignees, projectParties, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createOrganization, signIn, type TestUser } from './support.js';
import { call } from '../support/endpoints.js';

const total = 10_000;

interface Generated {
  id: string;
  type: number;
  status: number;
  family: string | null;
  deleted: boolean;
  applicant: string | null;
  publicationCode: string | null;
  assigned: boolean;
}

/**
 * GET /user/projects on 10,000 matters of one organization, inserted in bulk (a few multi-row
 * INSERTs, not 10,000 HTTP calls): every page walk must return each matching matter exactly
 * once, in the order the database sorts them, with per-tab counts matching the generated data.
 */
describe.skipIf(skipDriver)('GET /user/projects on 10,000 matters: filters, counts, cursor pages', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let member: TestUser;
  let organizationId: string;
  const matters: Generated[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'admin@bulk.example');
    member = await signIn(ctx, 'REGULAR', 'member@bulk.example');
    organizationId = await createOrganization(ctx, [
      { user: admin, role: 0 },
      { user: member, role: 1 },
    ]);
    const base = Date.UTC(2025, 0, 1);
    const rows: (typeof projects.$inferInsert)[] = [];
    const parties: (typeof projectParties.$inferInsert)[] = [];
    const assignees: (typeof projectAssignees.$inferInsert)[] = [];
    for (let i = 0; i < total; i++) {
      const g: Generated = {
        id: randomUUID(),
        type: [0, 0, 2, 1, 3, 2, 0][i % 7]!,
        status: i % 3,
        family: i % 20 === 0 ? `Family ${i % 60}` : null,
        deleted: i % 23 === 0,
        applicant: i % 5 === 0 ? (i % 13 === 0 ? 'Acme Holdings 株式会社' : `出願人 ${i % 40}`) : null,
        publicationCode: i % 9 === 0 ? `特開2026-${String(i).padStart(6, '0')}` : null,
        assigned: i % 6 === 0,
      };
      matters.push(g);
      // Groups of four share an update time: the cursor's id tiebreak must hold them apart.
      const at = new Date(base + Math.floor(i / 4) * 1000);
      rows.push({
        id: g.id,
        ownerUserId: admin.id,
        organizationId,
        type: g.type,
        status: g.status,
        family: g.family,
        refrenceCode: `BULK-${String(i).padStart(5, '0')}`,
        regionCode: [1, 2, 201, 202][i % 4]!,
        title: i % 11 === 0 ? `全固体電池 ${i}` : `Matter ${i}`,
        applicationCode: i % 4 === 0 ? null : `特願2025-${String(i).padStart(6, '0')}`,
        publicationCode: g.publicationCode,
        createdAt: at,
        updatedAt: at,
        deletedAt: g.deleted ? at : null,
      });
      if (g.applicant) parties.push({ projectId: g.id, role: 'applicant', name: g.applicant });
      // An inventor's name is not an applicant name: searching it must not match.
      if (i % 5 === 1) parties.push({ projectId: g.id, role: 'inventor', name: 'Acme Holdings 株式会社' });
      if (g.assigned) assignees.push({ projectId: g.id, userId: member.id });
    }
    const chunk = 1000;
    for (let i = 0; i < rows.length; i += chunk)
      await ctx.app.db.insert(projects).values(rows.slice(i, i + chunk));
    for (let i = 0; i < parties.length; i += chunk)
      await ctx.app.db.insert(projectParties).values(parties.slice(i, i + chunk));
    for (let i = 0; i < assignees.length; i += chunk)
      await ctx.app.db.insert(projectAssignees).values(assignees.slice(i, i + chunk));
    await ctx.app.db.execute(sql`analyze`);
  }, 300_000); // 10,000 rows through the search index one insert at a time: minutes on a loaded machine under PGlite
  afterAll(async () => ctx?.close());

  async function page(user: TestUser, query: string): Promise<ProjectListResponse> {
    const response = await call(ctx, projectEndpoints.listProjects, {
      as: user,
      namespace: 'user',
      search: query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return projectListResponseSchema.parse(response.json());
  }

  /** Follows nextCursor to the end; returns the ids in order and the counts of the first page. */
  async function walk(user: TestUser, query: string, limit = 500) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let counts: ProjectListResponse['counts'] | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const result: ProjectListResponse = await page(
        user,
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(result.items.length).toBeLessThanOrEqual(limit);
      counts ??= result.counts;
      ids.push(...result.items.map((p) => p.id));
      cursor = result.nextCursor;
      if (!cursor) break;
      expect(result.items).toHaveLength(limit);
    }
    expect(new Set(ids).size).toBe(ids.length);
    return { ids, counts: counts! };
  }

  const countsOf = (list: Generated[]) => {
    const live = list.filter((g) => !g.deleted);
    return {
      all: live.length,
      patent: live.filter((g) => g.type === 0).length,
      utilityModel: live.filter((g) => g.type === 1).length,
      trademark: live.filter((g) => g.type === 2).length,
      design: live.filter((g) => g.type === 3).length,
      deleted: list.length - live.length,
    };
  };

  test('default sort: every live matter exactly once, newest first, ids breaking ties; counts of every tab', async () => {
    const { ids, counts } = await walk(admin, 'tab=all');
    const expected = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), isNull(projects.deletedAt)))
      .orderBy(desc(projects.updatedAt), desc(projects.id));
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(counts).toEqual(countsOf(matters));
  });

  test('type tab and progress status together, sorted by title ascending', async () => {
    const { ids, counts } = await walk(admin, 'tab=trademark&status=1&sort=title&order=asc');
    const wanted = matters.filter((g) => !g.deleted && g.type === 2 && g.status === 1).map((g) => g.id);
    const expected = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, wanted))
      .orderBy(asc(projects.title), asc(projects.id));
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(counts).toEqual(countsOf(matters.filter((g) => g.status === 1)));
  });

  test('free text finds applicant names (not inventors) and publication numbers; family filter is exact', async () => {
    const acme = await walk(admin, `q=${encodeURIComponent('acme holdings')}`);
    expect(acme.ids.sort()).toEqual(
      matters
        .filter((g) => !g.deleted && g.applicant?.startsWith('Acme'))
        .map((g) => g.id)
        .sort(),
    );
    expect(acme.counts).toEqual(countsOf(matters.filter((g) => g.applicant?.startsWith('Acme'))));

    const publication = await walk(admin, `q=${encodeURIComponent('特開2026-0099')}`);
    expect(publication.ids.sort()).toEqual(
      matters
        .filter((g) => !g.deleted && g.publicationCode?.includes('特開2026-0099'))
        .map((g) => g.id)
        .sort(),
    );
    expect(publication.ids.length).toBeGreaterThan(0);

    const family = await walk(admin, `family=${encodeURIComponent('Family 40')}&tab=deleted`, 100);
    const inFamily = matters.filter((g) => g.family === 'Family 40');
    expect(family.ids.sort()).toEqual(
      inFamily
        .filter((g) => g.deleted)
        .map((g) => g.id)
        .sort(),
    );
    expect(family.counts).toEqual(countsOf(inFamily));
    // "Family 4" is a prefix of "Family 40": the family filter must not match it.
    const prefix = await page(admin, `family=${encodeURIComponent('Family 4')}&limit=500`);
    expect(prefix.counts).toEqual(countsOf(matters.filter((g) => g.family === 'Family 4')));
  });

  test('a member walks only the assigned matters, with counts of those only', async () => {
    const { ids, counts } = await walk(member, 'tab=all&sort=refrenceCode&order=desc');
    const assigned = matters.filter((g) => g.assigned);
    const expected = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          inArray(
            projects.id,
            assigned.filter((g) => !g.deleted).map((g) => g.id),
          ),
        ),
      )
      .orderBy(desc(projects.refrenceCode), desc(projects.id));
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(counts).toEqual(countsOf(assigned));
  });

  test('a cursor of another sort is refused with 400', async () => {
    const first = await page(admin, 'sort=title&limit=10');
    const response = await call(ctx, projectEndpoints.listProjects, {
      as: admin,
      namespace: 'user',
      query: { sort: 'updateDate', cursor: first.nextCursor! },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'cursor' }] });
  });
});
