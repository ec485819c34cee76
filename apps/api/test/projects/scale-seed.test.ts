import { projectEndpoints, projectListResponseSchema } from '@ipportal/domain';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  organizationMembers,
  projectAssignees,
  projectTabCounts,
  projects,
} from '../../src/db/schema/index.js';
import { seedLargeOrganization, type ScaleSeedResult } from '../../src/seed/scale.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { signIn, type TestUser } from './support.js';

/**
 * SEED_SCALE's bulk load (src/seed/scale.ts) writes search_text itself and rebuilds the
 * projects' indexes instead of letting the triggers and indexes work row by row: what it leaves
 * must be what the triggers and migrations would have left, and the counts must match the rows.
 */
describe.skipIf(skipDriver)('the large-organization seed', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let seeded: ScaleSeedResult;
  let indexesBefore: unknown[];

  /** The projects table's indexes as the migrations left them (the seed drops and rebuilds them). */
  async function projectIndexes(): Promise<unknown[]> {
    const result: unknown = await ctx.app.db.execute(
      sql`select indexname, indexdef from pg_indexes
           where schemaname = current_schema() and tablename = 'projects' order by indexname`,
    );
    return Array.isArray(result) ? (result as unknown[]) : (result as { rows: unknown[] }).rows;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'scale-admin@example.com');
    indexesBefore = await projectIndexes();
    seeded = await seedLargeOrganization(ctx.app.db, {
      administratorUserId: admin.id,
      matters: 600,
      members: 5,
    });
    ctx.app.invalidatePrincipal(admin.id);
  });
  afterAll(async () => ctx?.close());

  async function list(user: TestUser, query: string) {
    const r = await call(ctx, projectEndpoints.listProjects, {
      as: user,
      namespace: 'user',
      search: `limit=500&${query}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json());
  }

  test('search_text is what the triggers compute, and the search index finds 電池', async () => {
    const stored = await ctx.app.db
      .select({ id: projects.id, searchText: projects.searchText })
      .from(projects)
      .where(eq(projects.organizationId, seeded.organizationId))
      .orderBy(asc(projects.id));
    await ctx.app.db.execute(
      sql`update projects set search_text = '' where organization_id = ${seeded.organizationId}`,
    );
    const recomputed = await ctx.app.db
      .select({ id: projects.id, searchText: projects.searchText })
      .from(projects)
      .where(eq(projects.organizationId, seeded.organizationId))
      .orderBy(asc(projects.id));
    expect(recomputed).toEqual(stored);
    expect(stored.filter((p) => p.searchText.includes('電池')).length).toBeGreaterThan(0);
    const found = await list(admin, `q=${encodeURIComponent('電池')}`);
    expect(found.counts.all + found.counts.deleted).toBe(
      stored.filter((p) => p.searchText.includes('電池')).length,
    );
  });

  test('the stored request counts are the live requests the seed wrote', async () => {
    const result: unknown = await ctx.app.db.execute(sql`
      select count(*) filter (where p.request_count > 0)::int as counted,
        count(*) filter (where p.request_count <> (select count(*) from requests r
          where r.project_id = p.id and r.deleted_at is null))::int as wrong
      from projects p where p.organization_id = ${seeded.organizationId}`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      counted: number;
      wrong: number;
    }[];
    expect(row).toEqual({ counted: seeded.requests, wrong: 0 });
    const [first] = (await list(admin, 'sort=requestCount&order=desc')).items;
    expect(first?.requestCount).toBe(1);
  });

  test('the projects table has its indexes back, as the migrations define them', async () => {
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(await projectIndexes()).toEqual(indexesBefore);
  });

  test('counts equal the rows, for the administrator and a member', async () => {
    const { counts } = await list(admin, '');
    expect(counts.all + counts.deleted).toBe(600);
    for (const tab of ['patent', 'trademark', 'design', 'utilityModel', 'deleted'] as const) {
      let n = 0;
      let cursor: string | null = null;
      do {
        const page = await list(admin, `tab=${tab}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        n += page.items.length;
        cursor = page.nextCursor;
      } while (cursor);
      expect(n, tab).toBe(counts[tab]);
    }
    const memberId = seeded.memberUserIds[0]!;
    const [membership] = await ctx.app.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, memberId));
    expect(membership?.organizationId).toBe(seeded.organizationId);
    const [assignedRow] = await ctx.app.db
      .select({ n: count() })
      .from(projectAssignees)
      .innerJoin(projects, eq(projects.id, projectAssignees.projectId))
      .where(and(eq(projectAssignees.userId, memberId), isNull(projects.deletedAt)));
    const [countedRow] = await ctx.app.db
      .select({ n: sql<number>`coalesce(sum(${projectTabCounts.n}), 0)::int` })
      .from(projectTabCounts)
      .where(
        and(
          eq(projectTabCounts.scope, `a:${memberId}:${seeded.organizationId}`),
          eq(projectTabCounts.deleted, false),
        ),
      );
    const assigned = Number(assignedRow?.n);
    const counted = Number(countedRow?.n);
    expect(counted).toBe(assigned);
    expect(assigned).toBeGreaterThan(0);
  });
});
