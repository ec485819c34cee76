import {
  organizationEndpoints,
  projectAssigneeEndpoints,
  projectDetailEndpoints,
  userEndpoints,
} from '@ipportal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, projectAssignees, projects } from '../../src/db/schema/index.js';
import { skipDriver } from '../support/db.js';
import {
  callAs,
  createMatter,
  createOrgTestContext,
  createOrganizationAs,
  inviteAndAccept,
  signIn,
  snapshotOrganizations,
  visibleMatterIds,
  type OrgTestContext,
  type TestUser,
} from './support.js';

/**
 * Members: the list (members and invitations), role changes and removal, the last-administrator
 * rule (also under concurrent requests), what removal does to assignments and matters, and that
 * each change applies at once (the principal cache is long enough here to notice if it did not).
 */
describe.skipIf(skipDriver)('organization members', () => {
  let ctx: OrgTestContext;
  let admin: TestUser;
  let member: TestUser;
  let org: string;

  beforeAll(async () => {
    ctx = await createOrgTestContext({ AUTH_CACHE_TTL_MS: '600000' });
    admin = await signIn(ctx, 'REGULAR', 'admin@acme.example', { name: 'Aiko Admin' });
    member = await signIn(ctx, 'REGULAR', 'member@acme.example', { name: 'Mika Member' });
    org = await createOrganizationAs(ctx, admin);
    await inviteAndAccept(ctx, org, admin, member);
  });
  afterAll(async () => ctx?.close());

  test('the creator is the administrator; GET /user says so at once', async () => {
    const me = await callAs(ctx.app, admin, userEndpoints.getUser, { namespace: 'user' });
    expect(me.body.item).toMatchObject({ organizationId: org, roleInOrganizationCode: 0 });
    const read = await callAs(ctx.app, member, organizationEndpoints.getOrganization, {
      params: { organizationId: org },
    });
    expect(read.body.item).toMatchObject({ id: org, name: 'Acme 株式会社', representativeName: '山田 太郎' });
  });

  test('the list shows members (administrators first) and pending invitations', async () => {
    await callAs(ctx.app, admin, organizationEndpoints.inviteMember, {
      params: { organizationId: org },
      body: {
        email: 'later@acme.example',
      },
    });
    const list = await callAs(ctx.app, admin, organizationEndpoints.listMembers, {
      params: { organizationId: org },
    });
    expect(list.status).toBe(200);
    expect(list.body.items?.map((m) => [m.status, m.email, m.roleInOrganizationCode, m.name])).toEqual([
      ['active', 'admin@acme.example', 0, 'Aiko Admin'],
      ['active', 'member@acme.example', 1, 'Mika Member'],
      ['invited', 'later@acme.example', 1, ''],
    ]);
  });

  test('organization name and representative: validation, update, history', async () => {
    const bad = await callAs(ctx.app, admin, organizationEndpoints.updateOrganization, {
      params: { organizationId: org },
      body: { name: '  ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'name', message: '必須項目です' }]);
    const r = await callAs(ctx.app, admin, organizationEndpoints.updateOrganization, {
      params: { organizationId: org },
      body: { name: 'Acme Holdings' },
    });
    expect(r.body.item).toMatchObject({ name: 'Acme Holdings', representativeName: '山田 太郎' });
    const [entry] = await ctx.app.db.select().from(history).where(eq(history.action, 'organization.update'));
    expect(entry?.changes).toEqual({ name: ['Acme 株式会社', 'Acme Holdings'] });
  });

  test('the last administrator can be neither demoted nor removed', async () => {
    const before = await snapshotOrganizations(ctx.app.db);
    const demote = await callAs(ctx.app, admin, organizationEndpoints.changeMemberRole, {
      params: { organizationId: org, userId: admin.id },
      body: { roleInOrganizationCode: 1 },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      '最後の管理者は変更・削除できません。先に別のメンバーを管理者にしてください',
    );
    const remove = await callAs(ctx.app, admin, organizationEndpoints.removeMember, {
      params: { organizationId: org, userId: admin.id },
      headers: {
        'accept-language': 'en',
      },
    });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toContain('The last administrator cannot be demoted or removed');
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
  });

  test('two administrators demoting each other at once leave one administrator', async () => {
    const promote = await callAs(ctx.app, admin, organizationEndpoints.changeMemberRole, {
      params: { organizationId: org, userId: member.id },
      body: { roleInOrganizationCode: 0 },
    });
    expect(promote.status).toBe(200);
    // At once: the member's next call already has the administrator's view.
    expect(
      (await callAs(ctx.app, member, organizationEndpoints.listMembers, { params: { organizationId: org } }))
        .status,
    ).toBe(200);
    const results = await Promise.all([
      callAs(ctx.app, admin, organizationEndpoints.changeMemberRole, {
        params: { organizationId: org, userId: member.id },
        body: { roleInOrganizationCode: 1 },
      }),
      callAs(ctx.app, member, organizationEndpoints.changeMemberRole, {
        params: { organizationId: org, userId: admin.id },
        body: { roleInOrganizationCode: 1 },
      }),
    ]);
    // The loser either finds the other already demoted (409, last administrator) or itself no
    // longer an administrator (403), depending on which request took the lock first.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(results.find((r) => r.status !== 200)?.status);
    const list = await callAs(
      ctx.app,
      results[0].status === 200 ? admin : member,
      organizationEndpoints.listMembers,
      { params: { organizationId: org } },
    );
    expect(
      list.body.items?.filter((m) => m.status === 'active' && m.roleInOrganizationCode === 0),
    ).toHaveLength(1);
    // Restore: admin administrator, member member.
    if (results[0].status !== 200) {
      await callAs(ctx.app, member, organizationEndpoints.changeMemberRole, {
        params: { organizationId: org, userId: admin.id },
        body: { roleInOrganizationCode: 0 },
      });
      await callAs(ctx.app, admin, organizationEndpoints.changeMemberRole, {
        params: { organizationId: org, userId: member.id },
        body: { roleInOrganizationCode: 1 },
      });
    }
    expect(
      (await callAs(ctx.app, member, userEndpoints.getUser, { namespace: 'user' })).body.item,
    ).toMatchObject({
      roleInOrganizationCode: 1,
    });
    expect(
      (await callAs(ctx.app, member, organizationEndpoints.listMembers, { params: { organizationId: org } }))
        .status,
    ).toBe(403);
  });

  test('promotion shows every matter; demotion keeps the matters the person created', async () => {
    const own = await createMatter(ctx, admin, { refrenceCode: 'ADM-OWN' });
    const other = await createMatter(ctx, admin, { refrenceCode: 'ADM-OTHER' });
    const colleague = await signIn(ctx, 'REGULAR', 'colleague@acme.example');
    await inviteAndAccept(ctx, org, admin, colleague, 0);
    expect(
      (
        await callAs(ctx.app, colleague, organizationEndpoints.changeMemberRole, {
          params: { organizationId: org, userId: admin.id },
          body: { roleInOrganizationCode: 1 },
        })
      ).status,
    ).toBe(200);
    const seen = await visibleMatterIds(ctx, admin);
    expect(seen).toContain(own.id);
    expect(seen).toContain(other.id);
    // Made a member, the former administrator sees what they created (assigned to them); the
    // administrators are listed as such (they see every matter).
    const assignees = await callAs(ctx.app, colleague, projectAssigneeEndpoints.listProjectAssignees, {
      params: { projectId: own.id },
    });
    expect(assignees.body.items).toEqual([
      {
        userId: colleague.id,
        name: 'colleague',
        email: 'colleague@acme.example',
        creator: false,
        administrator: true,
      },
      {
        userId: admin.id,
        name: 'Aiko Admin',
        email: 'admin@acme.example',
        creator: true,
        administrator: false,
      },
    ]);
    expect(
      (
        await callAs(ctx.app, colleague, organizationEndpoints.changeMemberRole, {
          params: { organizationId: org, userId: admin.id },
          body: { roleInOrganizationCode: 0 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callAs(ctx.app, colleague, projectAssigneeEndpoints.listProjectAssignees, {
          params: { projectId: own.id },
        })
      ).body.items?.map((a) => [a.userId, a.administrator]),
    ).toEqual([
      [admin.id, true],
      [colleague.id, true],
    ]);
    expect(
      (
        await callAs(ctx.app, admin, organizationEndpoints.removeMember, {
          params: { organizationId: org, userId: colleague.id },
        })
      ).status,
    ).toBe(200);
  });

  test('removing a member ends their assignments; their matters stay with the organization', async () => {
    const theirs = await createMatter(ctx, member, { refrenceCode: 'MEM-OWN' });
    const assigned = await createMatter(ctx, admin, { refrenceCode: 'ASSIGNED' });
    const put = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: assigned.id },
      body: {
        userIds: [member.id],
      },
    });
    expect(put.status).toBe(200);
    expect(await visibleMatterIds(ctx, member)).toEqual([assigned.id, theirs.id].sort());

    const removed = await callAs(ctx.app, admin, organizationEndpoints.removeMember, {
      params: { organizationId: org, userId: member.id },
    });
    expect(removed.status).toBe(200);
    // At once, although the principal cache would keep the old membership for ten minutes.
    expect(
      (await callAs(ctx.app, member, userEndpoints.getUser, { namespace: 'user' })).body.item,
    ).toMatchObject({
      organizationId: null,
      roleInOrganizationCode: null,
    });
    expect(await visibleMatterIds(ctx, member)).toEqual([]);
    expect(
      (
        await callAs(ctx.app, member, projectDetailEndpoints.getProject, {
          namespace: 'user',
          params: { projectId: theirs.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAs(ctx.app, member, organizationEndpoints.getOrganization, {
          params: { organizationId: org },
        })
      ).status,
    ).toBe(404);
    expect(
      await ctx.app.db.select().from(projectAssignees).where(eq(projectAssignees.userId, member.id)),
    ).toEqual([]);
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, theirs.id));
    expect(row).toMatchObject({ organizationId: org, ownerUserId: member.id });
    expect(await visibleMatterIds(ctx, admin)).toContain(theirs.id);
    const [entry] = await ctx.app.db
      .select()
      .from(history)
      .where(eq(history.action, 'organization.member.remove'))
      .orderBy(desc(history.id));
    expect(entry?.changes).toMatchObject({ userId: member.id });
    expect((entry?.changes as { endedAssignments: string[] }).endedAssignments.sort()).toEqual(
      [assigned.id, theirs.id].sort(),
    );
    // Removing again: not a member any more.
    expect(
      (
        await callAs(ctx.app, admin, organizationEndpoints.removeMember, {
          params: { organizationId: org, userId: member.id },
        })
      ).status,
    ).toBe(404);
    // The removed user may start an organization of their own.
    expect(
      (
        await callAs(ctx.app, member, organizationEndpoints.createOrganization, {
          body: { name: 'Solo', representativeName: 'M' },
        })
      ).status,
    ).toBe(201);
  });
});
