import {
  organizationEndpoints,
  projectAssigneeEndpoints,
  projectDetailEndpoints,
  projectEndpoints,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
  type Envelope,
  type OrgTestContext,
  type TestUser,
} from './support.js';

type Role = 'administrator' | 'member' | 'nonMember' | 'patent' | 'signedOut';
const roles: Role[] = ['administrator', 'member', 'nonMember', 'patent', 'signedOut'];

/**
 * The role matrix over every organization endpoint and matter visibility:
 * an administrator of the organization, a member of it, a REGULAR user outside it, a PATENT user
 * (whose token belongs to the other pool, so /user/* refuses it) and a caller without a token.
 * Every refusal leaves the organization tables and the history as they were.
 */
describe.skipIf(skipDriver)('organization role matrix', () => {
  let ctx: OrgTestContext;
  const who = {} as Record<Role, TestUser | null>;
  let admin: TestUser;
  let member: TestUser;
  let spare: TestUser;
  let org: string;
  const matters: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createOrgTestContext();
    admin = await signIn(ctx, 'REGULAR', 'admin@acme.example');
    member = await signIn(ctx, 'REGULAR', 'member@acme.example');
    spare = await signIn(ctx, 'REGULAR', 'spare@acme.example');
    const outsider = await signIn(ctx, 'REGULAR', 'outsider@other.example');
    const patent = await signIn(ctx, 'PATENT', 'office@firm.example');
    org = await createOrganizationAs(ctx, admin);
    await inviteAndAccept(ctx, org, admin, member);
    await inviteAndAccept(ctx, org, admin, spare);
    Object.assign(who, { administrator: admin, member, nonMember: outsider, patent, signedOut: null });
    // A PATENT token on /user/* is refused by the pool check; the call helper sends it as is.
    matters.byAdmin = (await createMatter(ctx, admin, { refrenceCode: 'ADM-1' })).id;
    matters.byAdmin2 = (await createMatter(ctx, admin, { refrenceCode: 'ADM-2' })).id;
    matters.byMember = (await createMatter(ctx, member, { refrenceCode: 'MEM-1' })).id;
    matters.outsider = (await createMatter(ctx, outsider, { refrenceCode: 'OUT-1' })).id;
  });
  afterAll(async () => ctx?.close());

  interface Case {
    name: string;
    send: (user: TestUser | null) => Promise<{ status: number; body: Envelope }>;
    expected: Record<Role, number>;
  }

  const unauthenticated = { patent: 401, signedOut: 401 } as const;
  const organization = () => ({ organizationId: org });
  const spareMember = () => ({ organizationId: org, userId: spare.id });
  const matter = (projectId: string | undefined) => ({ projectId: projectId! });

  const cases: Case[] = [
    {
      name: 'GET /organizations/{id}',
      send: (user) =>
        callAs(ctx.app, user, organizationEndpoints.getOrganization, { params: organization() }),
      expected: { administrator: 200, member: 200, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'PATCH /organizations/{id}',
      send: (user) =>
        callAs(ctx.app, user, organizationEndpoints.updateOrganization, {
          params: organization(),
          body: { representativeName: '佐藤 次郎' },
        }),
      expected: { administrator: 200, member: 403, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'GET /organizations/{id}/members',
      send: (user) => callAs(ctx.app, user, organizationEndpoints.listMembers, { params: organization() }),
      expected: { administrator: 200, member: 403, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'POST /organizations/{id}/invitations',
      send: (user) =>
        callAs(ctx.app, user, organizationEndpoints.inviteMember, {
          params: organization(),
          body: { email: 'newcomer@acme.example' },
        }),
      expected: { administrator: 201, member: 403, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'PATCH /organizations/{id}/members/{userId}',
      send: (user) =>
        callAs(ctx.app, user, organizationEndpoints.changeMemberRole, {
          params: spareMember(),
          body: { roleInOrganizationCode: 0 },
        }),
      expected: { administrator: 200, member: 403, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'DELETE /organizations/{id}/members/{userId}',
      send: (user) => callAs(ctx.app, user, organizationEndpoints.removeMember, { params: spareMember() }),
      expected: { administrator: 200, member: 403, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'GET /projects/{id}/assignees (a matter the member created)',
      send: (user) =>
        callAs(ctx.app, user, projectAssigneeEndpoints.listProjectAssignees, {
          params: matter(matters.byMember),
        }),
      expected: { administrator: 200, member: 200, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'GET /projects/{id}/assignees (a matter the member is not assigned to)',
      send: (user) =>
        callAs(ctx.app, user, projectAssigneeEndpoints.listProjectAssignees, {
          params: matter(matters.byAdmin2),
        }),
      expected: { administrator: 200, member: 404, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'PUT /projects/{id}/assignees',
      send: (user) =>
        callAs(ctx.app, user, projectAssigneeEndpoints.setProjectAssignees, {
          params: matter(matters.byAdmin),
          body: { userIds: [member.id] },
        }),
      // The member does not see the matter before the administrator assigns it: 404, not 403.
      expected: { administrator: 200, member: 404, nonMember: 404, ...unauthenticated },
    },
    {
      name: 'PUT /projects/{id}/assignees (a matter the member sees)',
      send: (user) =>
        callAs(ctx.app, user, projectAssigneeEndpoints.setProjectAssignees, {
          params: matter(matters.byMember),
          body: { userIds: [] },
        }),
      expected: { administrator: 200, member: 403, nonMember: 404, ...unauthenticated },
    },
  ];

  test.each(cases)('$name', async ({ send, expected }) => {
    // Everyone else first: refusals must change nothing (the reads here change nothing either).
    for (const role of roles.filter((r) => r !== 'administrator')) {
      const before = await snapshotOrganizations(ctx.app.db);
      const r = await send(who[role]);
      expect(r.status, `${role}: ${JSON.stringify(r.body)}`).toBe(expected[role]);
      expect(r.body.hasError).toBe(expected[role] >= 400);
      expect(await snapshotOrganizations(ctx.app.db), role).toBe(before);
    }
    const r = await send(who.administrator);
    expect(r.status, JSON.stringify(r.body)).toBe(expected.administrator);
    expect(r.body.hasError).toBe(false);
  });

  test('POST /organizations: only a REGULAR user without an organization', async () => {
    const payload = { name: 'New Co', representativeName: 'Rep' };
    for (const [role, status] of [
      ['administrator', 409],
      ['member', 409],
      ['patent', 401],
      ['signedOut', 401],
    ] as const) {
      const before = await snapshotOrganizations(ctx.app.db);
      const r = await callAs(ctx.app, who[role], organizationEndpoints.createOrganization, { body: payload });
      expect(r.status, role).toBe(status);
      expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
    }
    const fresh = await signIn(ctx, 'REGULAR', 'founder@new.example');
    const created = await callAs(ctx.app, fresh, organizationEndpoints.createOrganization, { body: payload });
    expect(created.status).toBe(201);
  });

  test('the PATENT namespace has no organization routes', async () => {
    // Written out on purpose: the path pins that /patent publishes no organization route.
    const r = await ctx.app.inject({ url: `/patent/organizations/${org}`, headers: who.patent!.headers });
    expect(r.statusCode).toBe(404);
  });

  test('matter visibility: administrator all, member assigned and created, outsider none of them', async () => {
    // The PUT case above assigned the member to ADM-1; MEM-1 is theirs; ADM-2 is neither.
    expect(await visibleMatterIds(ctx, admin)).toEqual(
      [matters.byAdmin, matters.byAdmin2, matters.byMember].map(String).sort(),
    );
    expect(await visibleMatterIds(ctx, member)).toEqual(
      [matters.byAdmin, matters.byMember].map(String).sort(),
    );
    expect(await visibleMatterIds(ctx, who.nonMember!)).toEqual([matters.outsider]);
    for (const id of [matters.byAdmin, matters.byAdmin2, matters.byMember]) {
      expect(
        (
          await callAs(ctx.app, who.nonMember, projectDetailEndpoints.getProject, {
            namespace: 'user',
            params: { projectId: id! },
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (
        await callAs(ctx.app, member, projectDetailEndpoints.getProject, {
          namespace: 'user',
          params: { projectId: matters.byAdmin2! },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAs(ctx.app, member, projectDetailEndpoints.getProject, {
          namespace: 'user',
          params: { projectId: matters.byAdmin! },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callAs(ctx.app, admin, projectDetailEndpoints.getProject, {
          namespace: 'user',
          params: { projectId: matters.outsider! },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callAs(ctx.app, who.patent, projectEndpoints.listProjects, { namespace: 'user' })).status,
    ).toBe(401);
    expect((await callAs(ctx.app, null, projectEndpoints.listProjects, { namespace: 'user' })).status).toBe(
      401,
    );
  });
});
