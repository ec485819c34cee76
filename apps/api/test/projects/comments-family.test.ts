import {
  deleteUserSpaceCommentResponseSchema,
  projectFamilyResponseSchema,
  userSpaceCommentListResponseSchema,
  userSpaceCommentResponseSchema,
  projectDetailEndpoints,
  projectEndpoints,
  projectUserSpaceEndpoints,
} from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  addRequest,
  assign,
  createFirm,
  createMatter,
  createOrganization,
  signIn,
  signInOffice,
  snapshotAll,
  type Envelope,
  type TestUser,
} from './support.js';
import { call, injectOf } from '../support/endpoints.js';

describe.skipIf(skipDriver)('user space: editing and deleting one’s own comments', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let member: TestUser;
  let office: TestUser;
  let projectId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, 'REGULAR', 'admin@example.com', { name: '管理 花子' });
    member = await signIn(ctx, 'REGULAR', 'member@example.com', { name: 'Member Mike' });
    await createOrganization(ctx, [
      { user: admin, role: 0 },
      { user: member, role: 1 },
    ]);
    projectId = (await createMatter(ctx, admin)).id;
    await assign(ctx, projectId, member);
    const firmId = await createFirm(ctx, '特許事務所');
    await addRequest(ctx, projectId, firmId);
    office = await signInOffice(ctx, 'office@example.com', firmId);
  });
  afterAll(async () => ctx?.close());

  const post = async (user: TestUser, body: string) => {
    const response = await call(ctx, projectUserSpaceEndpoints.addUserSpaceComment, {
      as: user,
      params: { projectId },
      body: { body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return userSpaceCommentResponseSchema.parse(response.json()).item;
  };
  const list = async (user: TestUser) =>
    userSpaceCommentListResponseSchema.parse(
      (
        await call(ctx, projectUserSpaceEndpoints.listUserSpaceComments, { as: user, params: { projectId } })
      ).json(),
    ).items;
  const entries = async (commentId: string) =>
    (
      await ctx.app.db
        .select()
        .from(history)
        .where(and(eq(history.projectId, projectId), eq(history.entityId, commentId)))
        .orderBy(asc(history.id))
    ).map((e) => [e.action, e.actorUserId, e.changes]);

  test('the author changes the text; everyone on the matter sees it; the history keeps both texts', async () => {
    const comment = await post(member, '出願は来週です');
    const response = await call(ctx, projectUserSpaceEndpoints.updateUserSpaceComment, {
      as: member,
      params: { projectId, commentId: comment.id },
      body: { body: '  出願は再来週です ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = userSpaceCommentResponseSchema.parse(response.json()).item;
    expect(item).toMatchObject({ id: comment.id, body: '出願は再来週です', authorName: 'Member Mike' });
    expect(item.createDate).toBe(comment.createDate);
    expect(Date.parse(item.updateDate)).toBeGreaterThanOrEqual(Date.parse(comment.updateDate));
    expect((await list(admin)).find((c) => c.id === comment.id)?.body).toBe('出願は再来週です');
    expect(await entries(comment.id)).toEqual([
      ['userSpace.comment.create', member.id, { body: '出願は来週です' }],
      ['userSpace.comment.update', member.id, { body: ['出願は来週です', '出願は再来週です'] }],
    ]);
  });

  test('the author deletes it: it leaves the list, the history names it, a second delete answers 404', async () => {
    const comment = await post(admin, '削除するコメント');
    const response = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceComment, {
      as: admin,
      params: { projectId, commentId: comment.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(deleteUserSpaceCommentResponseSchema.parse(response.json()).item).toEqual({ id: comment.id });
    expect((await list(member)).some((c) => c.id === comment.id)).toBe(false);
    expect((await entries(comment.id)).map(([action]) => action)).toEqual([
      'userSpace.comment.create',
      'userSpace.comment.delete',
    ]);
    const params = { projectId, commentId: comment.id };
    for (const request of [
      injectOf(projectUserSpaceEndpoints.deleteUserSpaceComment, { as: admin, params }),
      injectOf(projectUserSpaceEndpoints.updateUserSpaceComment, { as: admin, params, body: { body: 'x' } }),
    ]) {
      const again = await ctx.app.inject(request);
      expect(again.statusCode).toBe(404);
      expect(again.json<Envelope>().message).toMatch(/コメントが見つかりません/);
    }
  });

  test('nobody else may change or delete a comment, not even an administrator; nothing changes', async () => {
    const comment = await post(member, 'メンバーのコメント');
    const before = await snapshotAll(ctx.app.db);
    const edit = await call(ctx, projectUserSpaceEndpoints.updateUserSpaceComment, {
      as: admin,
      params: { projectId, commentId: comment.id },
      body: { body: '書き換え' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json<Envelope>().message).toMatch(/投稿した本人だけです/);
    const remove = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceComment, {
      as: admin,
      headers: { 'accept-language': 'en' },
      params: { projectId, commentId: comment.id },
    });
    expect(remove.statusCode).toBe(403);
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('firms never reach the user space, a stranger gets 404, bad input 400; nothing changes', async () => {
    const comment = await post(admin, '内部メモ');
    const stranger = await signIn(ctx, 'REGULAR', 'stranger@example.com');
    const before = await snapshotAll(ctx.app.db);
    const params = { projectId, commentId: comment.id };
    const asOffice = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceComment, {
      as: office,
      params,
    });
    expect(asOffice.statusCode).toBe(401);
    // The /patent paths in this file are written out on purpose: they pin that the patent namespace
    // publishes no user-space or family path, which no definition names.
    const asOfficePatent = await ctx.app.inject({
      method: 'DELETE',
      url: `/patent/projects/${projectId}/comments/${comment.id}`,
      headers: office.headers,
    });
    expect(asOfficePatent.statusCode).toBe(404);
    const asStranger = await call(ctx, projectUserSpaceEndpoints.updateUserSpaceComment, {
      as: stranger,
      params,
      body: { body: 'x' },
    });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json<Envelope>().message).toMatch(/案件が見つかりません/);
    for (const payload of [{ body: '   ' }, { body: 'x'.repeat(5001) }, { body: 'x', extra: 1 }, {}]) {
      const bad = await call(ctx, projectUserSpaceEndpoints.updateUserSpaceComment, {
        as: admin,
        params,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badId = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceComment, {
      as: admin,
      params: { projectId, commentId: 'not-a-uuid' },
    });
    expect(badId.statusCode).toBe(400);
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('a deleted matter is read-only: its comments cannot be changed (409)', async () => {
    const other = await createMatter(ctx, admin, { refrenceCode: 'DEL-1' });
    const comment = (
      await call(ctx, projectUserSpaceEndpoints.addUserSpaceComment, {
        as: admin,
        params: { projectId: other.id },
        body: { body: '消す前' },
      })
    ).json<{ item: { id: string } }>().item;
    await call(ctx, projectEndpoints.deleteProject, { as: admin, params: { projectId: other.id } });
    const edit = await call(ctx, projectUserSpaceEndpoints.updateUserSpaceComment, {
      as: admin,
      params: { projectId: other.id, commentId: comment.id },
      body: { body: '消した後' },
    });
    expect(edit.statusCode).toBe(409);
  });
});

describe.skipIf(skipDriver)('family name of one matter or of the whole family', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signIn(ctx, 'REGULAR', 'owner@example.com');
    other = await signIn(ctx, 'REGULAR', 'other@example.com');
  });
  afterAll(async () => ctx?.close());

  const rename = (user: TestUser, id: string, payload: unknown) =>
    call(ctx, projectEndpoints.renameProjectFamily, {
      as: user,
      params: { projectId: id },
      payload: payload as Record<string, unknown>,
    });
  /** A matter of `user` in `family` (set with PATCH: create takes the four fields of the dialog). */
  const matterIn = async (user: TestUser, refrenceCode: string, family: string) => {
    const created = await createMatter(ctx, user, { refrenceCode });
    const patched = await call(ctx, projectDetailEndpoints.updateProject, {
      as: user,
      namespace: 'user',
      params: { projectId: created.id },
      body: { family },
    });
    if (patched.statusCode !== 200) throw new Error(patched.body);
    return created;
  };
  const familyOf = async (id: string) =>
    (await ctx.app.db.select({ family: projects.family }).from(projects).where(eq(projects.id, id)))[0]
      ?.family;

  test('renames every live matter of the caller with that family, one history entry each', async () => {
    const a = await matterIn(owner, 'F-1', 'FC');
    const b = await matterIn(owner, 'F-2', 'FC');
    const gone = await matterIn(owner, 'F-3', 'FC');
    await call(ctx, projectEndpoints.deleteProject, { as: owner, params: { projectId: gone.id } });
    const elsewhere = await matterIn(other, 'F-4', 'FC');
    const unrelated = await matterIn(owner, 'F-5', 'Other');

    const response = await rename(owner, b.id, { family: ' 燃料電池 ', allOfFamily: true });
    expect(response.statusCode, response.body).toBe(200);
    const items = projectFamilyResponseSchema.parse(response.json()).items;
    expect(items[0]?.id).toBe(b.id);
    expect(items.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(items.every((p) => p.family === '燃料電池')).toBe(true);
    expect(await familyOf(a.id)).toBe('燃料電池');
    expect(await familyOf(b.id)).toBe('燃料電池');
    // Deleted matters are read-only; other users' matters and other families are not the caller's to rename.
    expect(await familyOf(gone.id)).toBe('FC');
    expect(await familyOf(elsewhere.id)).toBe('FC');
    expect(await familyOf(unrelated.id)).toBe('Other');
    const entries = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.action, 'project.update'), eq(history.actorUserId, owner.id)))
      .orderBy(asc(history.id));
    // The PATCHes that put the matters in the family came first; the rename adds one entry per matter.
    expect(
      entries
        .filter((e) => JSON.stringify(e.changes).includes('燃料電池'))
        .map((e) => [e.projectId ?? '', e.changes] as const)
        .sort((x, y) => x[0].localeCompare(y[0])),
    ).toEqual([a.id, b.id].sort().map((id) => [id, { family: ['FC', '燃料電池'] }]));

    const listed = await call(ctx, projectEndpoints.listProjects, {
      as: owner,
      namespace: 'user',
      query: { family: '燃料電池' },
    });
    expect(
      listed
        .json<{ items: { id: string }[] }>()
        .items.map((p) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  test('without allOfFamily only this matter changes; a blank name removes it', async () => {
    const a = await matterIn(owner, 'G-1', 'Brand');
    const b = await matterIn(owner, 'G-2', 'Brand');
    const one = await rename(owner, a.id, { family: 'Brand EU', allOfFamily: false });
    expect(one.statusCode).toBe(200);
    expect(projectFamilyResponseSchema.parse(one.json()).items.map((p) => [p.id, p.family])).toEqual([
      [a.id, 'Brand EU'],
    ]);
    expect(await familyOf(b.id)).toBe('Brand');
    const cleared = await rename(owner, b.id, { family: '  ' });
    expect(cleared.statusCode).toBe(200);
    expect(await familyOf(b.id)).toBeNull();
  });

  test('refuses bad input, other users’ and deleted matters, and firms; nothing changes', async () => {
    const mine = await matterIn(owner, 'H-1', 'X');
    const deleted = await matterIn(owner, 'H-2', 'X');
    await call(ctx, projectEndpoints.deleteProject, { as: owner, params: { projectId: deleted.id } });
    const firmId = await createFirm(ctx, '事務所');
    await addRequest(ctx, mine.id, firmId);
    const office = await signInOffice(ctx, 'firm@example.com', firmId);
    const before = await snapshotAll(ctx.app.db);

    for (const payload of [
      { family: 'x'.repeat(101), allOfFamily: true },
      { allOfFamily: true },
      { family: 'Y', allOfFamily: 'yes' },
      { family: 'Y', members: [] },
    ]) {
      const bad = await rename(owner, mine.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json<Envelope>().message).toMatch(/^案件の更新に失敗しました\n/);
    }
    expect((await rename(other, mine.id, { family: 'Y', allOfFamily: true })).statusCode).toBe(404);
    const gone = await rename(owner, deleted.id, { family: 'Y', allOfFamily: true });
    expect(gone.statusCode).toBe(409);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/patent/projects/${mine.id}/family`,
          headers: office.headers,
          payload: { family: 'Y', allOfFamily: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });
});
