import {
  projectDetailResponseSchema,
  projectListResponseSchema,
  projectDetailEndpoints,
  projectEndpoints,
  projectUserSpaceEndpoints,
  type QueryOf,
} from '@ipportal/domain';
import { asc, eq } from 'drizzle-orm';
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
import { call, injectOf, urlOf } from '../support/endpoints.js';

/**
 * Who sees which matter: owners without an organization, organization
 * administrators (all of it), members (assigned matters), offices (matters of requests addressed
 * to their firm). Anything else answers 404 on every route and changes nothing.
 */
describe.skipIf(skipDriver)('matter visibility and authorization', () => {
  let ctx: TestContext;
  const u: Record<string, TestUser> = {};
  const m: Record<string, string> = {};
  let firm1: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['alice', 'bob', 'carol', 'dave', 'frank', 'grace']) {
      u[name] = await signIn(ctx, 'REGULAR', `${name}@example.com`);
    }
    await createOrganization(ctx, [
      { user: u.carol!, role: 0 },
      { user: u.dave!, role: 1 },
      { user: u.frank!, role: 1 },
    ]);
    await createOrganization(ctx, [{ user: u.grace!, role: 0 }]);
    firm1 = await createFirm(ctx, 'Firm One');
    const firm2 = await createFirm(ctx, 'Firm Two');
    u.olivia = await signInOffice(ctx, 'olivia@firm1.example', firm1);
    u.oscar = await signInOffice(ctx, 'oscar@firm2.example', firm2);
    u.nobody = await signIn(ctx, 'PATENT', 'nobody@nofirm.example');

    m.alice = (await createMatter(ctx, u.alice!, { refrenceCode: 'A-1' })).id;
    m.carol1 = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-1' })).id;
    m.carol2 = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-2' })).id;
    m.carolDeleted = (await createMatter(ctx, u.carol!, { refrenceCode: 'C-3' })).id;
    m.dave = (await createMatter(ctx, u.dave!, { refrenceCode: 'D-1' })).id;
    m.grace = (await createMatter(ctx, u.grace!, { refrenceCode: 'G-1' })).id;
    await assign(ctx, m.carol2, u.frank!);
    await addRequest(ctx, m.carol1, firm1);
    await addRequest(ctx, m.carol1, firm2);
    await addRequest(ctx, m.carol2, firm1, { deleted: true });
    await addRequest(ctx, m.carolDeleted, firm1);
    await addRequest(ctx, m.alice, firm2);
    const del = await call(ctx, projectEndpoints.deleteProject, {
      as: u.carol!,
      params: { projectId: m.carolDeleted },
    });
    expect(del.statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  const listIds = async (
    user: TestUser,
    namespace: 'user' | 'patent',
    query: QueryOf<typeof projectEndpoints.listProjects> = {},
  ) => {
    const response = await call(ctx, projectEndpoints.listProjects, { as: user, namespace, query });
    expect(response.statusCode, response.body).toBe(200);
    const page = projectListResponseSchema.parse(response.json());
    return { ids: page.items.map((p) => p.id).sort(), page };
  };
  const names = (...keys: string[]) => keys.map((k) => m[k]!).sort();

  test('REGULAR users see their own, their organization administrators all of it, members what is assigned', async () => {
    const expected: Record<string, string[]> = {
      alice: names('alice'),
      bob: [],
      carol: names('carol1', 'carol2', 'dave'),
      dave: names('dave'),
      frank: names('carol2'),
      grace: names('grace'),
    };
    for (const [user, ids] of Object.entries(expected)) {
      const { ids: seen, page } = await listIds(u[user]!, 'user');
      expect(seen, user).toEqual(ids);
      expect(page.counts.all, user).toBe(ids.length);
    }
    expect((await listIds(u.carol!, 'user', { tab: 'deleted' })).ids).toEqual(names('carolDeleted'));
    expect((await listIds(u.dave!, 'user', { tab: 'deleted' })).ids).toEqual([]);
  });

  test('REGULAR: a matter one may not see answers 404 on every route and nothing changes', async () => {
    const hidden: [string, string][] = [
      ['bob', 'alice'],
      ['alice', 'carol1'],
      ['grace', 'carol1'],
      ['dave', 'carol1'],
      ['frank', 'dave'],
      ['carol', 'grace'],
      ['dave', 'carolDeleted'],
    ];
    const before = await snapshotAll(ctx.app.db);
    for (const [user, matter] of hidden) {
      const id = m[matter]!;
      const params = { projectId: id };
      const requests = [
        injectOf(projectDetailEndpoints.getProject, { namespace: 'user', params }),
        injectOf(projectDetailEndpoints.updateProject, {
          namespace: 'user',
          params,
          body: { title: 'stolen' },
        }),
        injectOf(projectEndpoints.deleteProject, { params }),
        injectOf(projectDetailEndpoints.duplicateProject, { params }),
        injectOf(projectUserSpaceEndpoints.listUserSpaceComments, { params }),
        injectOf(projectUserSpaceEndpoints.addUserSpaceComment, { params, body: { body: 'hi' } }),
        injectOf(projectUserSpaceEndpoints.listUserSpaceFiles, { params }),
        injectOf(projectDetailEndpoints.getTrademarkImage, { namespace: 'user', params }),
      ];
      for (const request of requests) {
        const response = await ctx.app.inject({ ...request, headers: u[user]!.headers });
        expect(response.statusCode, `${user} ${request.method} ${request.url}`).toBe(404);
        expect(response.json<Envelope>().message).toMatch(/案件が見つかりません$/);
      }
    }
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('a member sees the matters they create or duplicate (assigned to them), and can edit assigned ones', async () => {
    const duplicate = await call(ctx, projectDetailEndpoints.duplicateProject, {
      as: u.dave!,
      params: { projectId: m.dave! },
    });
    expect(duplicate.statusCode).toBe(201);
    const copyId = duplicate.json<{ item: { id: string } }>().item.id;
    expect((await listIds(u.dave!, 'user')).ids).toEqual([m.dave!, copyId].sort());
    expect((await listIds(u.carol!, 'user')).ids).toContain(copyId);
    const edit = await call(ctx, projectDetailEndpoints.updateProject, {
      as: u.frank!,
      namespace: 'user',
      params: { projectId: m.carol2! },
      body: { status: 2 },
    });
    expect(edit.statusCode).toBe(200);
  });

  test('PATENT users see only live matters of live requests addressed to their firm, and only their requests', async () => {
    const olivia = await listIds(u.olivia!, 'patent');
    expect(olivia.ids).toEqual(names('carol1'));
    expect(olivia.page.counts).toEqual({
      all: 1,
      patent: 1,
      utilityModel: 0,
      design: 0,
      trademark: 0,
      deleted: 0,
    });
    // Two requests on the matter; the firm counts only the one addressed to it.
    expect(olivia.page.items[0]?.requestCount).toBe(1);
    const carolView = await call(ctx, projectDetailEndpoints.getProject, {
      as: u.carol!,
      namespace: 'user',
      params: { projectId: m.carol1! },
    });
    expect(projectDetailResponseSchema.parse(carolView.json()).item.requestCount).toBe(2);

    expect((await listIds(u.oscar!, 'patent')).ids).toEqual(names('alice', 'carol1'));
    expect((await listIds(u.nobody!, 'patent')).ids).toEqual([]);
    expect((await listIds(u.olivia!, 'patent', { tab: 'deleted' })).ids).toEqual([]);

    const detail = await call(ctx, projectDetailEndpoints.getProject, {
      as: u.olivia!,
      namespace: 'patent',
      params: { projectId: m.carol1! },
    });
    expect(detail.statusCode).toBe(200);
    expect(projectDetailResponseSchema.parse(detail.json()).item.refrenceCode).toBe('C-1');
  });

  test('PATENT: a firm without a live request for the matter gets 404 on every route', async () => {
    const before = await snapshotAll(ctx.app.db);
    for (const [user, matter] of [
      ['olivia', 'alice'],
      ['olivia', 'carol2'],
      ['olivia', 'carolDeleted'],
      ['olivia', 'grace'],
      ['nobody', 'carol1'],
    ] as const) {
      const args = { as: u[user]!, namespace: 'patent', params: { projectId: m[matter]! } } as const;
      for (const request of [
        injectOf(projectDetailEndpoints.getProject, args),
        injectOf(projectDetailEndpoints.updateProject, { ...args, body: { title: 'x' } }),
        injectOf(projectDetailEndpoints.getTrademarkImage, args),
      ]) {
        const response = await ctx.app.inject(request);
        expect(response.statusCode, `${user} ${request.method} ${matter} ${request.url}`).toBe(404);
      }
    }
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('PATENT edits only where the matter allows it, never its settings or family; history names the office user', async () => {
    const edit = (payload: object, headers: Record<string, string> = {}) =>
      call(ctx, projectDetailEndpoints.updateProject, {
        as: u.olivia!,
        headers: { ...headers },
        namespace: 'patent',
        params: { projectId: m.carol1! },
        body: payload,
      });
    const before = await snapshotAll(ctx.app.db);
    const refused = await edit({ registration: { registCode: '特許第1号' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      hasError: true,
      message: '案件の更新に失敗しました\nこの案件の情報の編集は依頼元から許可されていません',
    });
    expect(await snapshotAll(ctx.app.db)).toBe(before);

    const allow = await call(ctx, projectDetailEndpoints.updateProject, {
      as: u.carol!,
      namespace: 'user',
      params: { projectId: m.carol1! },
      body: { settings: { allowRequestedOfficeEdit: true } },
    });
    expect(allow.statusCode).toBe(200);

    const allowed = await edit({ registration: { registCode: '特許第1号', claimsCount: 5 } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(projectDetailResponseSchema.parse(allowed.json()).item.registration).toMatchObject({
      registCode: '特許第1号',
      claimsCount: 5,
    });
    const [last] = await ctx.app.db
      .select()
      .from(history)
      .where(eq(history.projectId, m.carol1!))
      .orderBy(asc(history.id))
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ action: 'project.update', actorUserId: u.olivia!.id });

    const snapshot = await snapshotAll(ctx.app.db);
    for (const payload of [{ settings: { allowRequestedOfficeEdit: false } }, { family: 'Mine' }]) {
      const response = await edit(payload, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(403);
      expect(response.json<Envelope>().message).toBe(
        'Failed to update the matter\nOnly the client can change the matter settings and the family name',
      );
    }
    // Another office on a matter it can see, without the permission: 403.
    const oscar = await call(ctx, projectDetailEndpoints.updateProject, {
      as: u.oscar!,
      namespace: 'patent',
      params: { projectId: m.alice! },
      body: { status: 1 },
    });
    expect(oscar.statusCode).toBe(403);
    expect(await snapshotAll(ctx.app.db)).toBe(snapshot);
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, m.alice!));
    expect(row?.status).toBe(0);
  });

  test('the user space never reaches a PATENT token, and /patent has no write routes of the client', async () => {
    const id = m.carol1!;
    // Under /user a PATENT token is refused by the auth hook.
    for (const definition of [
      projectUserSpaceEndpoints.listUserSpaceComments,
      projectUserSpaceEndpoints.listUserSpaceFiles,
    ]) {
      const path = urlOf(definition, { params: { projectId: id } });
      const response = await ctx.app.inject({ url: path, headers: u.olivia!.headers });
      expect(response.statusCode, path).toBe(401);
    }
    // Under /patent there is no such route, even for a matter the firm sees. The paths are written
    // out: they pin what the patent namespace does not publish, which no definition names.
    const before = await snapshotAll(ctx.app.db);
    for (const [method, path] of [
      ['GET', `/patent/projects/${id}/comments`],
      ['POST', `/patent/projects/${id}/comments`],
      ['GET', `/patent/projects/${id}/files`],
      ['POST', `/patent/projects/${id}/files`],
      ['POST', `/patent/projects/${id}/duplicate`],
      ['DELETE', `/patent/projects/${id}`],
      ['POST', '/patent/projects'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url: path,
        headers: u.olivia!.headers,
        ...(method === 'POST' ? { payload: { body: 'x' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await snapshotAll(ctx.app.db)).toBe(before);
    // And a REGULAR token is refused under /patent.
    const regular = await call(ctx, projectEndpoints.listProjects, { as: u.carol!, namespace: 'patent' });
    expect(regular.statusCode).toBe(401);
  });
});
