import {
  projectListResponseSchema,
  type ProjectListResponse,
  organizationEndpoints,
  projectAssigneeEndpoints,
  projectDetailEndpoints,
  projectEndpoints,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects } from '../../src/db/schema/index.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import {
  callAs,
  createOrganizationAs,
  createOrgTestContext,
  inviteAndAccept,
  type OrgTestContext,
} from '../organizations/support.js';
import { createMatter, signIn, type TestUser } from './support.js';

const tabs = ['all', 'patent', 'utilityModel', 'trademark', 'design', 'deleted'] as const;
type Counts = ProjectListResponse['counts'];

/**
 * The per-tab counts are kept by triggers (docs/adr/0015), not counted per request: after every
 * kind of change they must still equal the rows the same caller walks on each tab, unfiltered,
 * by status and with a search (whose counts are cached per change of the caller's scope).
 */
describe.skipIf(skipDriver)('per-tab counts equal the rows the caller sees', () => {
  let ctx: OrgTestContext;
  let admin: TestUser;
  let member: TestUser;
  let solo: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createOrgTestContext();
    admin = await signIn(ctx, 'REGULAR', 'counts-admin@example.com');
    member = await signIn(ctx, 'REGULAR', 'counts-member@example.com');
    solo = await signIn(ctx, 'REGULAR', 'counts-solo@example.com');
  });
  afterAll(async () => ctx?.close());

  async function list(user: TestUser, query: string): Promise<ProjectListResponse> {
    const r = await call(ctx, projectEndpoints.listProjects, {
      as: user,
      namespace: 'user',
      search: `limit=500&${query}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json());
  }

  /** Each tab's rows (one page of up to 500 is all there are here) against the counts. */
  async function expectCountsMatchRows(user: TestUser, filter: string): Promise<Counts> {
    const { counts, nextCursor } = await list(user, filter);
    expect(nextCursor).toBeNull();
    const seen: Partial<Counts> = {};
    for (const tab of tabs) seen[tab] = (await list(user, `${filter}&tab=${tab}`)).items.length;
    expect(counts, `${user.email} ${filter}`).toEqual(seen);
    return counts;
  }

  async function expectAllConsistent(): Promise<void> {
    for (const user of [admin, member, solo])
      for (const filter of ['status=all', 'status=1', `q=${encodeURIComponent('電池')}`, 'family=F1'])
        await expectCountsMatchRows(user, filter);
  }

  const patch = async (user: TestUser, id: string, body: Record<string, unknown>) =>
    expect(
      (
        await callAs(ctx.app, user, projectDetailEndpoints.updateProject, {
          namespace: 'user',
          params: { projectId: id },
          body,
        })
      ).status,
    ).toBe(200);

  test('through creates, edits, deletes, duplicates, assignments and organization changes', async () => {
    // A user on their own: their matters.
    const soloMatters = [];
    // Only patents and trademarks are created; the other types come from an edit.
    for (const [i, type] of [0, 2, 0, 0].entries())
      soloMatters.push(
        await createMatter(ctx, solo, { type, refrenceCode: `S-${i}`, title: i % 2 ? 'Solo' : '電池 solo' }),
      );
    await patch(solo, soloMatters[2]!.id, { type: 3 });
    organizationId = await createOrganizationAs(ctx, admin);
    await inviteAndAccept(ctx, organizationId, admin, member, 1);
    await expectAllConsistent();
    expect((await list(solo, '')).counts).toMatchObject({ all: 4, patent: 2, trademark: 1, design: 1 });

    // Creates by the administrator and by the member (who is assigned to what they create).
    const orgMatters = [];
    for (const [i, type] of [0, 0, 2, 2, 2].entries())
      orgMatters.push(
        await createMatter(ctx, admin, {
          type,
          refrenceCode: `O-${i}`,
          title: i % 2 ? '全固体電池' : 'Sensor',
        }),
      );
    await patch(admin, orgMatters[3]!.id, { type: 1 });
    const memberOwn = await createMatter(ctx, member, { type: 0, refrenceCode: 'M-1', title: 'Member 電池' });
    await expectAllConsistent();

    // Assignments added and replaced, and edits of type, status and family.
    await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: orgMatters[0]!.id },
      body: {
        userIds: [member.id],
      },
    });
    await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: orgMatters[2]!.id },
      body: {
        userIds: [member.id],
      },
    });
    await expectAllConsistent();
    await patch(admin, orgMatters[0]!.id, { type: 2, status: 1, family: 'F1' });
    await patch(admin, orgMatters[1]!.id, { status: 2, title: 'Renamed 電池' });
    await patch(admin, orgMatters[2]!.id, { family: 'F1' });
    await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: orgMatters[2]!.id },
      body: { userIds: [] },
    });
    await expectAllConsistent();
    const memberCounts = (await list(member, '')).counts;
    expect(memberCounts).toMatchObject({ all: 2, patent: 1, trademark: 1 });

    // Soft deletes and duplicates (a duplicate keeps the assignments).
    await callAs(ctx.app, admin, projectEndpoints.deleteProject, {
      params: { projectId: orgMatters[3]!.id },
    });
    await callAs(ctx.app, solo, projectEndpoints.deleteProject, {
      params: { projectId: soloMatters[1]!.id },
    });
    const copy = await callAs(ctx.app, admin, projectDetailEndpoints.duplicateProject, {
      params: { projectId: orgMatters[0]!.id },
    });
    expect(copy.status).toBe(201);
    await callAs(ctx.app, solo, projectDetailEndpoints.duplicateProject, {
      params: { projectId: soloMatters[0]!.id },
    });
    await expectAllConsistent();
    expect((await list(member, '')).counts.all).toBe(3);

    // Organization changes: the solo user creates an organization (their matters move into it),
    // the member is promoted, demoted, then removed (their assignments end).
    await createOrganizationAs(ctx, solo, 'Solo 株式会社');
    ctx.app.invalidatePrincipal(solo.id);
    await expectAllConsistent();
    expect((await list(solo, '')).counts).toMatchObject({ all: 4, deleted: 1 });
    const promote = (role: 0 | 1) =>
      callAs(ctx.app, admin, organizationEndpoints.changeMemberRole, {
        params: { organizationId, userId: member.id },
        body: {
          roleInOrganizationCode: role,
        },
      });
    expect((await promote(0)).status).toBe(200);
    ctx.app.invalidatePrincipal(member.id);
    await expectAllConsistent();
    expect((await list(member, '')).counts.all).toBe((await list(admin, '')).counts.all);
    expect((await promote(1)).status).toBe(200);
    ctx.app.invalidatePrincipal(member.id);
    await expectAllConsistent();
    const removed = await callAs(ctx.app, admin, organizationEndpoints.removeMember, {
      params: { organizationId, userId: member.id },
    });
    expect(removed.status).toBe(200);
    ctx.app.invalidatePrincipal(member.id);
    await expectAllConsistent();
    expect((await list(member, '')).counts.all).toBe(0);
    expect((await list(admin, '')).items.map((p) => p.id)).toContain(memberOwn.id);
  }, 300_000); // some 600 list requests: minutes on a loaded 2-core machine

  test('a matter removed from the database for good leaves no count behind', async () => {
    const { counts: before } = await list(admin, '');
    const created = await createMatter(ctx, admin, { type: 2, refrenceCode: 'GONE-1', title: 'Gone' });
    await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: created.id },
      body: { userIds: [] },
    });
    expect((await list(admin, '')).counts.trademark).toBe(before.trademark + 1);
    await ctx.app.db.delete(projects).where(eq(projects.id, created.id));
    expect((await list(admin, '')).counts).toEqual(before);
  });
});
