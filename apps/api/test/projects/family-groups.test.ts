import { randomUUID } from 'node:crypto';
import {
  projectFamilyGroupsResponseSchema,
  projectListResponseSchema,
  type Project,
  type ProjectFamilyGroup,
  projectEndpoints,
} from '@ipportal/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectAssignees, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  addRequest,
  createFirm,
  createOrganization,
  signIn,
  signInOffice,
  type TestUser,
} from './support.js';
import { call } from '../support/endpoints.js';

const total = 1_500;

/*
 * Names that sort differently by collation: in code point order (collation "C") capitals come
 * before small letters, "Family 10" before "Family 9", kana after Latin and full-width Latin
 * last; a PostgreSQL server with an en_US default would put "alpha" before "Beta".
 */
const familyNames = [
  'beta',
  'Ａlpha',
  '電池',
  'Family 9',
  'alpha',
  'ア',
  'Family 100',
  'あ',
  'Beta',
  'Family 10',
];
const codePointOrder = [
  'Beta',
  'Family 10',
  'Family 100',
  'Family 9',
  'alpha',
  'beta',
  'あ',
  'ア',
  '電池',
  'Ａlpha',
];

interface Generated {
  id: string;
  type: number;
  status: number;
  family: string | null;
  deleted: boolean;
  updatedAt: number;
  assigned: boolean;
  requested: boolean;
}

/** The family groups as consecutive runs of the rows' families. */
function runsOf(rows: readonly Pick<Project, 'family'>[]): ProjectFamilyGroup[] {
  const runs: ProjectFamilyGroup[] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last && last.family === row.family) last.count += 1;
    else runs.push({ family: row.family, count: 1 });
  }
  return runs;
}

/** Families in code point order (JavaScript compares UTF-16 units: the same for these names), none last. */
function byFamilyThenNewest(a: Generated, b: Generated): number {
  if (a.family !== b.family) {
    if (a.family === null) return 1;
    if (b.family === null) return -1;
    return a.family < b.family ? -1 : 1;
  }
  if (a.updatedAt !== b.updatedAt) return b.updatedAt - a.updatedAt;
  return a.id < b.id ? 1 : -1;
}

/** Rows of an RFC 4180 CSV whose every field is quoted (the server's), without the BOM. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

/**
 * GET /projects?group=family and GET /projects/families: the grouped view pages by offset in the
 * order the group sizes describe, so each group's first row sits at the sum of the sizes before it.
 */
describe.skipIf(skipDriver)('the matter list grouped by family: order, group sizes, offsets', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let member: TestUser;
  let office: TestUser;
  let organizationId: string;
  const matters: Generated[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'admin@family-groups.example');
    member = await signIn(ctx, 'REGULAR', 'member@family-groups.example');
    organizationId = await createOrganization(ctx, [
      { user: admin, role: 0 },
      { user: member, role: 1 },
    ]);
    const firmId = await createFirm(ctx, 'Family Groups IP');
    office = await signInOffice(ctx, 'office@family-groups.example', firmId);
    const base = Date.UTC(2025, 0, 1);
    const rows: (typeof projects.$inferInsert)[] = [];
    const assignees: (typeof projectAssignees.$inferInsert)[] = [];
    for (let i = 0; i < total; i++) {
      const g: Generated = {
        id: randomUUID(),
        type: [0, 0, 2, 1, 3, 2, 0][i % 7]!,
        status: i % 3,
        // Groups of unequal sizes, a quarter without a family.
        family: i % 4 === 0 ? null : familyNames[(i % 37) % familyNames.length]!,
        deleted: i % 17 === 0,
        // Groups of four share an update time: the id must order them.
        updatedAt: base + Math.floor(i / 4) * 1000,
        assigned: i % 6 === 0,
        requested: i % 11 === 0,
      };
      matters.push(g);
      rows.push({
        id: g.id,
        ownerUserId: admin.id,
        organizationId,
        type: g.type,
        status: g.status,
        family: g.family,
        refrenceCode: `FG-${String(i).padStart(5, '0')}`,
        regionCode: 1,
        title: i % 9 === 0 ? `全固体電池 ${i}` : `Matter ${i}`,
        createdAt: new Date(g.updatedAt),
        updatedAt: new Date(g.updatedAt),
        deletedAt: g.deleted ? new Date(g.updatedAt) : null,
      });
      if (g.assigned) assignees.push({ projectId: g.id, userId: member.id });
    }
    for (let i = 0; i < rows.length; i += 500)
      await ctx.app.db.insert(projects).values(rows.slice(i, i + 500));
    await ctx.app.db.insert(projectAssignees).values(assignees);
    for (const g of matters) if (g.requested) await addRequest(ctx, g.id, firmId);
    await ctx.app.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const namespaceOf = (user: TestUser) => (user === office ? 'patent' : 'user');

  async function page(user: TestUser, query: string) {
    const r = await ctx.app.inject({ url: `/${namespaceOf(user)}/projects?${query}`, headers: user.headers });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json());
  }

  async function groups(user: TestUser, query: string): Promise<ProjectFamilyGroup[]> {
    const r = await ctx.app.inject({
      url: `/${namespaceOf(user)}/projects/families?${query}`,
      headers: user.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    return projectFamilyGroupsResponseSchema.parse(r.json()).items;
  }

  /** The grouped view page by page at offsets, as the web list reads it; with the first page's counts. */
  async function walk(user: TestUser, query: string, limit = 100) {
    const rows: Project[] = [];
    let counts: Awaited<ReturnType<typeof page>>['counts'] | undefined;
    for (let offset = 0; ; offset += limit) {
      const result = await page(user, `${query}&group=family&offset=${offset}&limit=${limit}`);
      // A grouped view pages by offset only.
      expect(result.nextCursor).toBeNull();
      counts ??= result.counts;
      rows.push(...result.items);
      if (result.items.length < limit) break;
    }
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    return { rows, counts };
  }

  test('the default view: families in code point order, none last, newest first inside; group sizes are its runs', async () => {
    const { rows, counts } = await walk(admin, 'tab=all');
    const expected = matters.filter((g) => !g.deleted).sort(byFamilyThenNewest);
    expect(rows.map((row) => row.id)).toEqual(expected.map((g) => g.id));
    const sizes = await groups(admin, 'tab=all');
    expect(sizes).toEqual(runsOf(rows));
    expect(sizes.map((group) => group.family)).toEqual([...codePointOrder, null]);
    expect(sizes.reduce((sum, group) => sum + group.count, 0)).toBe(counts.all);
  });

  test('a page at any offset, across group borders, is that stretch of the grouped walk', async () => {
    const query = 'tab=patent&status=1&sort=title&order=asc';
    const { rows, counts } = await walk(admin, query, 37);
    const sizes = await groups(admin, 'tab=patent&status=1');
    expect(sizes).toEqual(runsOf(rows));
    expect(rows.length).toBe(counts.patent);
    // The database's own order of the same matters: family in collation "C", then the sort, then id.
    const wanted = matters.filter((g) => !g.deleted && g.type === 0 && g.status === 1).map((g) => g.id);
    const expected = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, wanted))
      .orderBy(sql`${projects.family} collate "C"`, asc(projects.title), asc(projects.id));
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    let start = 0;
    for (const group of sizes) {
      // Two rows before the group's first, its first, and two after: a page over the border.
      const from = Math.max(0, start - 2);
      const stretch = await page(admin, `${query}&group=family&offset=${from}&limit=5`);
      expect(stretch.items.map((row) => row.id)).toEqual(rows.slice(from, from + 5).map((row) => row.id));
      expect(stretch.items[start - from]!.family).toBe(group.family);
      start += group.count;
    }
    const end = await page(admin, `${query}&group=family&offset=${rows.length}&limit=5`);
    expect(end.items).toEqual([]);
  });

  test('a member and an office: the group sizes count only the matters each may see', async () => {
    const mine = await walk(member, 'tab=all&sort=refrenceCode&order=desc');
    const assigned = matters.filter((g) => g.assigned && !g.deleted);
    expect(mine.rows.map((row) => row.id).sort()).toEqual(assigned.map((g) => g.id).sort());
    const memberSizes = await groups(member, 'tab=all');
    expect(memberSizes).toEqual(runsOf(mine.rows));
    expect(memberSizes.reduce((sum, group) => sum + group.count, 0)).toBe(mine.counts.all);

    const theirs = await walk(office, 'tab=all');
    const requested = matters.filter((g) => g.requested && !g.deleted).sort(byFamilyThenNewest);
    expect(theirs.rows.map((row) => row.id)).toEqual(requested.map((g) => g.id));
    expect(await groups(office, 'tab=all')).toEqual(runsOf(theirs.rows));
    // Deleted matters are not an office's to see, not even as a count.
    expect(await groups(office, 'tab=deleted')).toEqual([]);
  });

  test('searched, family-filtered and deleted views: group sizes are the runs of their rows', async () => {
    for (const query of [
      `q=${encodeURIComponent('電池')}`,
      `family=${encodeURIComponent('beta')}`,
      'tab=deleted',
    ]) {
      const { rows } = await walk(admin, query);
      expect(rows.length, query).toBeGreaterThan(0);
      expect(await groups(admin, query), query).toEqual(runsOf(rows));
    }
    // The family filter is exact: "beta" is one group, not "Beta" too.
    expect((await groups(admin, 'family=beta')).map((group) => group.family)).toEqual(['beta']);
  });

  test('the grouped CSV lists the matters in the grouped list order', async () => {
    const { rows } = await walk(admin, 'tab=all&sort=status&order=desc');
    const r = await call(ctx, projectEndpoints.exportProjectsCsv, {
      as: admin,
      namespace: 'user',
      query: { tab: 'all', sort: 'status', order: 'desc', group: 'family' },
    });
    expect(r.statusCode).toBe(200);
    const lines = csvRows(r.body).slice(1);
    expect(lines.map((line) => [line[0], line[1]])).toEqual(
      rows.map((row) => [row.family ?? '', row.refrenceCode]),
    );
  });

  test('a cursor is refused on a grouped view', async () => {
    const first = await page(admin, 'limit=10');
    const r = await call(ctx, projectEndpoints.listProjects, {
      as: admin,
      namespace: 'user',
      query: { group: 'family', cursor: first.nextCursor! },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ errors: [{ path: 'cursor' }] });
  });

  // Last: it renames a family.
  test('after a rename the group sizes count the new name at once', async () => {
    const before = await groups(admin, 'tab=all');
    const [one] = await ctx.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.organizationId, organizationId),
          eq(projects.family, '電池'),
          isNull(projects.deletedAt),
        ),
      )
      .limit(1);
    const r = await call(ctx, projectEndpoints.renameProjectFamily, {
      as: admin,
      params: { projectId: one!.id },
      body: { family: 'Alpha', allOfFamily: false },
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await groups(admin, 'tab=all');
    const countOf = (list: ProjectFamilyGroup[], family: string) =>
      list.find((group) => group.family === family)?.count ?? 0;
    expect(after.map((group) => group.family)).toEqual(['Alpha', ...codePointOrder, null]);
    expect(countOf(after, 'Alpha')).toBe(1);
    expect(countOf(after, '電池')).toBe(countOf(before, '電池') - 1);
    expect(after).toEqual(runsOf((await walk(admin, 'tab=all')).rows));
  });
});
