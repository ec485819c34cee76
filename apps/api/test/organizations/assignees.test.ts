import { projectEndpoints, projectAssigneeEndpoints } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history } from '../../src/db/schema/index.js';
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

/** The assignment picker's API: who may set assignees, who can be one, and what members then see. */
describe.skipIf(skipDriver)('matter assignees', () => {
  let ctx: OrgTestContext;
  let admin: TestUser;
  let mika: TestUser;
  let ken: TestUser;
  let outsider: TestUser;
  let org: string;

  beforeAll(async () => {
    ctx = await createOrgTestContext();
    admin = await signIn(ctx, 'REGULAR', 'admin@acme.example');
    mika = await signIn(ctx, 'REGULAR', 'mika@acme.example', { name: 'Mika' });
    ken = await signIn(ctx, 'REGULAR', 'ken@acme.example', { name: 'Ken' });
    outsider = await signIn(ctx, 'REGULAR', 'outsider@example.com');
    org = await createOrganizationAs(ctx, admin);
    await inviteAndAccept(ctx, org, admin, mika);
    await inviteAndAccept(ctx, org, admin, ken);
  });
  afterAll(async () => ctx?.close());

  test('the administrator assigns one matter; the member sees exactly that one', async () => {
    const matters = await Promise.all(
      ['A-1', 'A-2', 'A-3'].map((ref) => createMatter(ctx, admin, { refrenceCode: ref })),
    );
    expect(await visibleMatterIds(ctx, mika)).toEqual([]);
    const r = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matters[1]!.id },
      body: { userIds: [mika.id, mika.id] },
    });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([
      { userId: admin.id, name: 'admin', email: admin.email, creator: true, administrator: true },
      { userId: mika.id, name: 'Mika', email: 'mika@acme.example', creator: false, administrator: false },
    ]);
    expect(await visibleMatterIds(ctx, mika)).toEqual([matters[1]!.id]);
    expect(await visibleMatterIds(ctx, ken)).toEqual([]);
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(eq(history.action, 'project.assignees.set'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ projectId: matters[1]!.id, actorUserId: admin.id });

    // Replacing the set: Ken in, Mika out.
    const swap = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matters[1]!.id },
      body: { userIds: [ken.id] },
    });
    expect(swap.body.items?.map((a) => a.userId)).toEqual([admin.id, ken.id]);
    expect(await visibleMatterIds(ctx, mika)).toEqual([]);
    expect(await visibleMatterIds(ctx, ken)).toEqual([matters[1]!.id]);
    // The same set again records nothing.
    await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matters[1]!.id },
      body: { userIds: [ken.id] },
    });
    expect(
      await ctx.app.db.select().from(history).where(eq(history.action, 'project.assignees.set')),
    ).toHaveLength(2);
  });

  test('administrators, outsiders and unknown ids cannot be assignees (400, nothing changes)', async () => {
    const matter = await createMatter(ctx, admin, { refrenceCode: 'B-1' });
    const before = await snapshotOrganizations(ctx.app.db);
    const r = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matter.id },
      body: {
        userIds: [mika.id, admin.id, outsider.id, '00000000-0000-4000-8000-000000000000'],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => e.path)).toEqual(['userIds.1', 'userIds.2', 'userIds.3']);
    expect(r.body.errors?.[0]?.message).toBe('担当者には組織のメンバー（管理者以外）を指定してください');
    const malformed = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matter.id },
      body: { userIds: ['nope'] },
    });
    expect(malformed.status).toBe(400);
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
  });

  test('the member who created a matter stays assigned to it', async () => {
    const own = await createMatter(ctx, mika, { refrenceCode: 'M-1' });
    const list = await callAs(ctx.app, admin, projectAssigneeEndpoints.listProjectAssignees, {
      params: { projectId: own.id },
    });
    expect(list.body.items).toEqual([
      { userId: admin.id, name: 'admin', email: admin.email, creator: false, administrator: true },
      { userId: mika.id, name: 'Mika', email: 'mika@acme.example', creator: true, administrator: false },
    ]);
    const r = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: own.id },
      body: { userIds: [ken.id] },
    });
    expect(r.body.items?.map((a) => [a.userId, a.creator])).toEqual([
      [admin.id, false],
      [ken.id, false],
      [mika.id, true],
    ]);
    expect(await visibleMatterIds(ctx, mika)).toContain(own.id);
  });

  test('lists the administrators too: they see every matter, so a request they send names one of the listed', async () => {
    const matter = await createMatter(ctx, admin, { refrenceCode: 'ADM-1' });
    const list = await callAs(ctx.app, admin, projectAssigneeEndpoints.listProjectAssignees, {
      params: { projectId: matter.id },
    });
    expect(list.body.items).toEqual([
      { userId: admin.id, name: 'admin', email: admin.email, creator: true, administrator: true },
    ]);
    const seenByMika = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: matter.id },
      body: { userIds: [mika.id] },
    });
    expect(seenByMika.body.items?.map((a) => [a.userId, a.administrator])).toEqual([
      [admin.id, true],
      [mika.id, false],
    ]);
    // A member sees the same list.
    const asMika = await callAs(ctx.app, mika, projectAssigneeEndpoints.listProjectAssignees, {
      params: { projectId: matter.id },
    });
    expect(asMika.body.items).toEqual(seenByMika.body.items);
  });

  test('a deleted matter and a matter outside any organization answer 409', async () => {
    const gone = await createMatter(ctx, admin, { refrenceCode: 'DEL-1' });
    await callAs(ctx.app, admin, projectEndpoints.deleteProject, { params: { projectId: gone.id } });
    const deleted = await callAs(ctx.app, admin, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: gone.id },
      body: { userIds: [mika.id] },
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toContain('削除済みの案件は変更できません');
    const personal = await createMatter(ctx, outsider, { refrenceCode: 'SOLO' });
    const solo = await callAs(ctx.app, outsider, projectAssigneeEndpoints.setProjectAssignees, {
      params: { projectId: personal.id },
      body: { userIds: [] },
    });
    expect(solo.status).toBe(409);
    expect(
      (
        await callAs(ctx.app, outsider, projectAssigneeEndpoints.listProjectAssignees, {
          params: { projectId: personal.id },
        })
      ).body.items,
    ).toEqual([]);
  });
});
