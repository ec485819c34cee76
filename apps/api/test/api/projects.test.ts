import { randomUUID } from 'node:crypto';
import {
  deleteProjectResponseSchema,
  projectResponseSchema,
  projectDetailEndpoints,
  projectEndpoints,
  userEndpoints,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  history,
  organizationMembers,
  organizations,
  projectAssignees,
  projects,
  users,
} from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { snapshot } from '../support/snapshot.js';
import { call } from '../support/endpoints.js';

type Envelope = {
  hasError: boolean;
  message: string;
  errors?: { path: string; message: string }[];
  item?: Record<string, unknown>;
};

describe.skipIf(skipDriver)('POST, PATCH and DELETE /user/projects', () => {
  let ctx: TestContext;
  let alice: { authorization: string };
  let bob: { authorization: string };
  const valid = { type: 0, refrenceCode: 'P-2026-001', regionCode: 1, title: '燃料電池用セパレータ' };

  beforeAll(async () => {
    ctx = await createTestContext({ BODY_LIMIT_BYTES: '4096' });
    alice = { authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'alice@example.com' })}` };
    bob = { authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'bob@example.com' })}` };
  });
  afterAll(async () => ctx?.close());

  const create = async (headers: { authorization: string }, body: object = valid) => {
    const response = await call(ctx, projectEndpoints.createProject, { headers, payload: body });
    expect(response.statusCode).toBe(201);
    return projectResponseSchema.parse(response.json()).item;
  };

  test('POST answers 201 with the envelope and the new matter, and records it', async () => {
    const response = await call(ctx, projectEndpoints.createProject, {
      headers: alice,
      payload: { ...valid, title: '  燃料電池用セパレータ  ' },
    });
    expect(response.statusCode).toBe(201);
    const body = projectResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      hasError: false,
      message: '',
      item: {
        type: 0,
        refrenceCode: 'P-2026-001',
        regionCode: 1,
        title: '燃料電池用セパレータ',
        status: 0,
        requestCount: 0,
        concierge: 'notUsed',
        deletedAt: null,
      },
    });
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, body.item.id));
    expect(row?.title).toBe('燃料電池用セパレータ');
    const entries = await ctx.app.db.select().from(history).where(eq(history.entityId, body.item.id));
    expect(entries.map((e) => e.action)).toEqual(['project.create']);
  });

  const badBodies: [string, string | object, number, RegExp, string | undefined][] = [
    [
      'a missing field',
      { type: 0, refrenceCode: 'P-1', regionCode: 1 },
      400,
      /^案件の登録に失敗しました\ntitle: 必須項目です$/,
      'title',
    ],
    [
      'a wrong type',
      { ...valid, regionCode: '1' },
      400,
      /regionCode: 国・地域を一覧から選択してください/,
      'regionCode',
    ],
    [
      'a type that cannot be created',
      { ...valid, type: 1 },
      400,
      /type: 権利種別は特許権または商標権を選択してください/,
      'type',
    ],
    [
      'an unknown region',
      { ...valid, regionCode: 12345 },
      400,
      /regionCode: 国・地域を一覧から選択してください/,
      'regionCode',
    ],
    ['an unknown field', { ...valid, status: 1 }, 400, /status: 不明な項目です/, 'status'],
    [
      'a title too long',
      { ...valid, title: 'x'.repeat(201) },
      400,
      /title: 200文字以内で入力してください/,
      'title',
    ],
    ['a JSON array', [valid], 400, /^案件の登録に失敗しました\n/, ''],
    [
      'malformed JSON',
      '{"type": 0,',
      400,
      /^案件の登録に失敗しました\nリクエストの JSON を読み取れません$/,
      undefined,
    ],
    ['an oversize body', { ...valid, title: 'x'.repeat(5000) }, 413, /上限 4096 バイト/, undefined],
  ];

  test.each(badBodies)(
    'POST with %s answers an error with a clear message and changes no row',
    async (_name, payload, status, message, path) => {
      const before = await snapshot(ctx.app.db);
      const response = await call(ctx, projectEndpoints.createProject, {
        headers: { ...alice, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(status);
      const body = response.json<Envelope>();
      expect(body.hasError).toBe(true);
      expect(body.message).toMatch(message);
      if (path !== undefined) expect(body.errors?.map((e) => e.path)).toContain(path);
      expect(await snapshot(ctx.app.db)).toBe(before);
    },
  );

  test('POST messages follow Accept-Language', async () => {
    const response = await call(ctx, projectEndpoints.createProject, {
      headers: { ...alice, 'accept-language': 'en' },
      payload: { ...valid, title: '' },
    });
    expect(response.json()).toEqual({
      hasError: true,
      message: 'Failed to register the matter\ntitle: Required',
      errors: [{ path: 'title', message: 'Required' }],
    });
  });

  test('POST with another content type answers 415 and changes no row', async () => {
    const before = await snapshot(ctx.app.db);
    const response = await call(ctx, projectEndpoints.createProject, {
      headers: { ...alice, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<Envelope>().message).toBe(
      '案件の登録に失敗しました\nContent-Type は application/json にしてください',
    );
    expect(await snapshot(ctx.app.db)).toBe(before);
  });

  test('PATCH updates list fields, keeps the others, and records the change', async () => {
    const project = await create(alice);
    const response = await call(ctx, projectDetailEndpoints.updateProject, {
      headers: alice,
      namespace: 'user',
      params: { projectId: project.id },
      body: {
        status: 1,
        applicationCode: '特願2026-123456',
        applicationDate: '2026-04-01',
        family: '  セパレータ ',
      },
    });
    expect(response.statusCode).toBe(200);
    const item = projectResponseSchema.parse(response.json()).item;
    expect(item).toMatchObject({
      status: 1,
      applicationCode: '特願2026-123456',
      applicationDate: '2026-04-01',
      family: 'セパレータ',
      title: valid.title,
    });
    expect(Date.parse(item.updateDate)).toBeGreaterThanOrEqual(Date.parse(project.updateDate));
    const [entry] = await ctx.app.db.select().from(history).where(eq(history.action, 'project.update'));
    expect(entry?.changes).toMatchObject({ status: [0, 1], applicationCode: [null, '特願2026-123456'] });
    // An empty optional text clears the value.
    const cleared = await call(ctx, projectDetailEndpoints.updateProject, {
      headers: alice,
      namespace: 'user',
      params: { projectId: project.id },
      body: { family: '' },
    });
    expect(cleared.json()).toMatchObject({ item: { family: null } });
  });

  /** Name, the matter's id ('' for a new matter), body, status, message. */
  const badPatches: [string, string, string | object, number, RegExp][] = [
    [
      'a bad id',
      'not-a-uuid',
      { status: 1 },
      400,
      /^案件の更新に失敗しました\nprojectId: IDの形式が正しくありません$/,
    ],
    ['a wrong type', '', { status: '1' }, 400, /status: ステータスが正しくありません/],
    ['an unknown field', '', { owner: 'x' }, 400, /owner: 不明な項目です/],
    [
      'a bad date',
      '',
      { applicationDate: '2026/04/01' },
      400,
      /applicationDate: 日付の形式が正しくありません/,
    ],
    ['malformed JSON', '', '{', 400, /リクエストの JSON を読み取れません/],
    ['an oversize body', '', { title: 'x'.repeat(5000) }, 413, /上限 4096 バイト/],
  ];

  test.each(badPatches)(
    'PATCH with %s answers an error and changes no row',
    async (_name, projectId, payload, status, message) => {
      const project = await create(alice);
      const before = await snapshot(ctx.app.db);
      const response = await call(ctx, projectDetailEndpoints.updateProject, {
        headers: { ...alice, 'content-type': 'application/json' },
        namespace: 'user',
        params: { projectId: projectId || project.id },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(status);
      expect(response.json<Envelope>()).toMatchObject({
        hasError: true,
        message: expect.stringMatching(message) as string,
      });
      expect(await snapshot(ctx.app.db)).toBe(before);
    },
  );

  test("another user's matter is not found: 404 on PATCH and DELETE", async () => {
    const project = await create(alice);
    await call(ctx, userEndpoints.getUser, { headers: bob, namespace: 'user' });
    const before = await snapshot(ctx.app.db);
    const patch = await call(ctx, projectDetailEndpoints.updateProject, {
      headers: bob,
      namespace: 'user',
      params: { projectId: project.id },
      body: { status: 2 },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({
      hasError: true,
      message: '案件の更新に失敗しました\n案件が見つかりません',
    });
    const del = await call(ctx, projectEndpoints.deleteProject, {
      headers: bob,
      params: { projectId: project.id },
    });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ hasError: true, message: '案件の削除に失敗しました\n案件が見つかりません' });
    const unknown = await call(ctx, projectEndpoints.deleteProject, {
      headers: alice,
      params: { projectId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(ctx.app.db)).toBe(before);
  });

  test('DELETE moves the matter to the deleted tab; it then answers the same deletion and refuses edits', async () => {
    const project = await create(alice);
    const response = await call(ctx, projectEndpoints.deleteProject, {
      headers: alice,
      params: { projectId: project.id },
    });
    expect(response.statusCode).toBe(200);
    const deleted = deleteProjectResponseSchema.parse(response.json()).item;
    expect(deleted.id).toBe(project.id);
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.deletedAt?.toISOString()).toBe(deleted.deletedAt);

    const again = await call(ctx, projectEndpoints.deleteProject, {
      headers: alice,
      params: { projectId: project.id },
    });
    expect(again.json()).toMatchObject({ item: { id: project.id, deletedAt: deleted.deletedAt } });

    const edit = await call(ctx, projectDetailEndpoints.updateProject, {
      headers: alice,
      namespace: 'user',
      params: { projectId: project.id },
      body: { title: 'x' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      hasError: true,
      message: '案件の更新に失敗しました\n削除済みの案件は変更できません',
    });

    const list = await call(ctx, projectEndpoints.listProjects, {
      headers: alice,
      namespace: 'user',
      query: { tab: 'deleted' },
    });
    expect(list.json<{ items: { id: string }[] }>().items.map((p) => p.id)).toContain(project.id);
    const live = await call(ctx, projectEndpoints.listProjects, { headers: alice, namespace: 'user' });
    expect(live.json<{ items: { id: string }[] }>().items.map((p) => p.id)).not.toContain(project.id);
  });

  test('members of an organization share the matters assigned to them', async () => {
    const carol = {
      authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'carol@example.com' })}`,
    };
    const dave = { authorization: `Bearer ${ctx.identity.token('REGULAR', { email: 'dave@example.com' })}` };
    await call(ctx, userEndpoints.getUser, { headers: carol, namespace: 'user' });
    await call(ctx, userEndpoints.getUser, { headers: dave, namespace: 'user' });
    const [org] = await ctx.app.db
      .insert(organizations)
      .values({ name: '株式会社テスト', representativeName: '代表 太郎' })
      .returning();
    for (const [email, role] of [
      ['carol@example.com', 0],
      ['dave@example.com', 1],
    ] as const) {
      const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
      await ctx.app.db
        .insert(organizationMembers)
        .values({ organizationId: org!.id, userId: user!.id, roleCode: role });
      ctx.app.invalidatePrincipal(user!.id);
    }
    const project = await create(carol, { ...valid, refrenceCode: 'ORG-1' });
    // A member sees the organization's matters assigned to them (administrators see all).
    const unassigned = await call(ctx, projectEndpoints.listProjects, { headers: dave, namespace: 'user' });
    expect(unassigned.json<{ items: { id: string }[] }>().items).toEqual([]);
    const [daveRow] = await ctx.app.db.select().from(users).where(eq(users.email, 'dave@example.com'));
    await ctx.app.db.insert(projectAssignees).values({ projectId: project.id, userId: daveRow!.id });
    const seenByDave = await call(ctx, projectEndpoints.listProjects, { headers: dave, namespace: 'user' });
    expect(seenByDave.json<{ items: { id: string }[] }>().items.map((p) => p.id)).toEqual([project.id]);
    const edited = await call(ctx, projectDetailEndpoints.updateProject, {
      headers: dave,
      namespace: 'user',
      params: { projectId: project.id },
      body: { status: 2 },
    });
    expect(edited.statusCode).toBe(200);
    const seenByBob = await call(ctx, projectEndpoints.listProjects, { headers: bob, namespace: 'user' });
    expect(seenByBob.json<{ items: { id: string }[] }>().items.map((p) => p.id)).not.toContain(project.id);
    const me = await call(ctx, userEndpoints.getUser, { headers: carol, namespace: 'user' });
    expect(me.json()).toMatchObject({ item: { organizationId: org!.id, roleInOrganizationCode: 0 } });
  });
});
