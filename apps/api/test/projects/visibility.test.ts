import { projectDetailResponseSchema, projectListResponseSchema } from '@ipportal/domain';
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
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/user/projects/${m.carolDeleted}`,
      headers: u.carol!.headers,
    });
    expect(del.statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  const listIds = async (user: TestUser, namespace: 'user' | 'patent', query = '') => {
    const response = await ctx.app.inject({ url: `/${namespace}/projects${query}`, headers: user.headers });
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
    expect((await listIds(u.carol!, 'user', '?tab=deleted')).ids).toEqual(names('carolDeleted'));
    expect((await listIds(u.dave!, 'user', '?tab=deleted')).ids).toEqual([]);
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
      const calls = [
        { method: 'GET', url: `/user/projects/${id}` },
        { method: 'PATCH', url: `/user/projects/${id}`, payload: { title: 'stolen' } },
        { method: 'DELETE', url: `/user/projects/${id}` },
        { method: 'POST', url: `/user/projects/${id}/duplicate` },
        { method: 'GET', url: `/user/projects/${id}/comments` },
        { method: 'POST', url: `/user/projects/${id}/comments`, payload: { body: 'hi' } },
        { method: 'GET', url: `/user/projects/${id}/files` },
        { method: 'GET', url: `/user/projects/${id}/trademark-image` },
      ] as const;
      for (const call of calls) {
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          headers: u[user]!.headers,
          ...('payload' in call ? { payload: call.payload } : {}),
        });
        expect(response.statusCode, `${user} ${call.method} ${call.url}`).toBe(404);
        expect(response.json<Envelope>().message).toMatch(/案件が見つかりません$/);
      }
    }
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('a member sees the matters they create or duplicate (assigned to them), and can edit assigned ones', async () => {
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: `/user/projects/${m.dave}/duplicate`,
      headers: u.dave!.headers,
    });
    expect(duplicate.statusCode).toBe(201);
    const copyId = duplicate.json<{ item: { id: string } }>().item.id;
    expect((await listIds(u.dave!, 'user')).ids).toEqual([m.dave!, copyId].sort());
    expect((await listIds(u.carol!, 'user')).ids).toContain(copyId);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/user/projects/${m.carol2}`,
      headers: u.frank!.headers,
      payload: { status: 2 },
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
    const carolView = await ctx.app.inject({ url: `/user/projects/${m.carol1}`, headers: u.carol!.headers });
    expect(projectDetailResponseSchema.parse(carolView.json()).item.requestCount).toBe(2);

    expect((await listIds(u.oscar!, 'patent')).ids).toEqual(names('alice', 'carol1'));
    expect((await listIds(u.nobody!, 'patent')).ids).toEqual([]);
    expect((await listIds(u.olivia!, 'patent', '?tab=deleted')).ids).toEqual([]);

    const detail = await ctx.app.inject({ url: `/patent/projects/${m.carol1}`, headers: u.olivia!.headers });
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
      for (const call of [
        { method: 'GET', url: '' },
        { method: 'PATCH', url: '', payload: { title: 'x' } },
        { method: 'GET', url: '/trademark-image' },
      ] as const) {
        const response = await ctx.app.inject({
          method: call.method,
          url: `/patent/projects/${m[matter]}${call.url}`,
          headers: u[user]!.headers,
          ...('payload' in call ? { payload: call.payload } : {}),
        });
        expect(response.statusCode, `${user} ${call.method} ${matter}${call.url}`).toBe(404);
      }
    }
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('PATENT edits only where the matter allows it, never its settings or family; history names the office user', async () => {
    const edit = (payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/patent/projects/${m.carol1}`,
        headers: { ...u.olivia!.headers, ...headers },
        payload,
      });
    const before = await snapshotAll(ctx.app.db);
    const refused = await edit({ registration: { registCode: '特許第1号' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      hasError: true,
      message: '案件の更新に失敗しました\nこの案件の情報の編集は依頼元から許可されていません',
    });
    expect(await snapshotAll(ctx.app.db)).toBe(before);

    const allow = await ctx.app.inject({
      method: 'PATCH',
      url: `/user/projects/${m.carol1}`,
      headers: u.carol!.headers,
      payload: { settings: { allowRequestedOfficeEdit: true } },
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
    const oscar = await ctx.app.inject({
      method: 'PATCH',
      url: `/patent/projects/${m.alice}`,
      headers: u.oscar!.headers,
      payload: { status: 1 },
    });
    expect(oscar.statusCode).toBe(403);
    expect(await snapshotAll(ctx.app.db)).toBe(snapshot);
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, m.alice!));
    expect(row?.status).toBe(0);
  });

  test('the user space never reaches a PATENT token, and /patent has no write routes of the client', async () => {
    const id = m.carol1!;
    // Under /user a PATENT token is refused by the auth hook.
    for (const path of [`/user/projects/${id}/comments`, `/user/projects/${id}/files`]) {
      const response = await ctx.app.inject({ url: path, headers: u.olivia!.headers });
      expect(response.statusCode, path).toBe(401);
    }
    // Under /patent there is no such route, even for a matter the firm sees.
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
    const regular = await ctx.app.inject({ url: '/patent/projects', headers: u.carol!.headers });
    expect(regular.statusCode).toBe(401);
  });
});
