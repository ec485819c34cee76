import {
  requestAssigneeCandidatesResponseSchema,
  requestResponseSchema,
  projectAssigneeEndpoints,
  projectEndpoints,
  requestEndpoints,
} from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, requests } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { buildWorld, insertRequest, type DetailWorld, type Role } from './detail-support.js';
import { snapshotRequests } from './requests-fixtures.js';
import { call } from '../support/endpoints.js';

/*
 * Changing a request's assignee (client side only): only to people who see the matter. In the
 * world of detail-support, "owner" is the organization member who created the matter (so
 * assigned to it), "unassigned" a member not assigned to it; "solo" below owns a matter outside
 * any organization. The tests run in order and share the world.
 */
type FieldErrors = { errors?: { path: string; message: string }[] };
const fieldErrors = (response: { json: <T>() => T }) => response.json<FieldErrors>().errors ?? [];

describe.skipIf(skipDriver)('request assignee', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  let solo: TestUser;
  let soloRequest: { projectId: string; number: number; id: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'assignee');
    solo = await signIn(ctx, 'REGULAR', 'solo-assignee@example.com', { name: 'Solo' });
    const matter = await createMatter(ctx, solo, { title: '個人の案件' });
    const inserted = await insertRequest(ctx, matter.id, w.firmId, solo.id);
    soloRequest = { projectId: matter.id, ...inserted };
  });
  afterAll(async () => ctx?.close());

  /** The organization's request (of the world) as path parameters. */
  const orgRequest = () => ({ projectId: w.projectId, requestId: w.number });
  const patch = (user: TestUser | null, assigneeUserId: string | null, params = orgRequest()) =>
    call(ctx, requestEndpoints.updateRequestAssignee, {
      as: user,
      headers: { 'accept-language': 'en' },
      params,
      body: { assigneeUserId },
    });
  const candidates = (user: TestUser | null, params = orgRequest()) =>
    call(ctx, requestEndpoints.listRequestAssigneeCandidates, { as: user, params });
  const detailAs = (user: TestUser) =>
    call(ctx, requestEndpoints.getRequest, { as: user, namespace: 'user', params: orgRequest() });
  const assigneeOf = async (id: string) =>
    (await ctx.app.db.select().from(requests).where(eq(requests.id, id)))[0]?.assigneeUserId;
  const assigneeHistory = (requestId: string) =>
    ctx.app.db
      .select({ actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, requestId), eq(history.action, 'request.assignee')))
      .orderBy(asc(history.id));
  const user = (role: Role) => w[role];

  test('signed out: 401', async () => {
    expect((await patch(null, w.admin.id)).statusCode).toBe(401);
    expect((await candidates(null)).statusCode).toBe(401);
  });

  const setMatterAssignees = async (userIds: string[]) => {
    const response = await call(ctx, projectAssigneeEndpoints.setProjectAssignees, {
      as: w.admin,
      params: { projectId: w.projectId },
      body: { userIds },
    });
    expect(response.statusCode).toBe(200);
  };
  const candidateIds = async (caller: TestUser) =>
    requestAssigneeCandidatesResponseSchema
      .parse((await candidates(caller)).json())
      .items.map((c) => c.id)
      .sort();
  const seesRequest = async (person: TestUser) => (await detailAs(person)).statusCode === 200;

  test('the candidates: the people who see the matter (administrators, assigned members); outside an organization, the owner', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const response = await candidates(user(role));
      expect(response.statusCode, role).toBe(200);
      // The member of the organization who is not assigned to the matter is not offered.
      expect(await candidateIds(user(role)), role).toEqual([w.owner.id, w.admin.id].sort());
    }
    // The candidates are exactly the client-side people who can open the request.
    for (const role of ['owner', 'admin', 'unassigned', 'stranger'] as const) {
      expect(await seesRequest(user(role)), role).toBe(role === 'owner' || role === 'admin');
    }
    const own = await candidates(solo, { projectId: soloRequest.projectId, requestId: soloRequest.number });
    expect(requestAssigneeCandidatesResponseSchema.parse(own.json()).items).toEqual([
      { id: solo.id, name: 'Solo', email: 'solo-assignee@example.com' },
    ]);
    expect((await candidates(user('unassigned'))).statusCode).toBe(404);
    expect((await candidates(user('stranger'))).statusCode).toBe(404);
  });

  test('the owner of a matter outside any organization assigns only themselves (or nobody)', async () => {
    const soloParams = { projectId: soloRequest.projectId, requestId: soloRequest.number };
    const before = await snapshotRequests(ctx.app.db);
    const refused = await patch(solo, w.stranger.id, soloParams);
    expect(refused.statusCode).toBe(400);
    const [problem] = fieldErrors(refused);
    expect(problem?.path).toBe('assigneeUserId');
    expect(problem?.message).toContain("matter's organization");
    expect(await snapshotRequests(ctx.app.db)).toBe(before);

    const cleared = await patch(solo, null, soloParams);
    expect(cleared.statusCode).toBe(200);
    expect(requestResponseSchema.parse(cleared.json()).item.assignee).toBeNull();
    const back = await patch(solo, solo.id, soloParams);
    expect(requestResponseSchema.parse(back.json()).item.assignee).toEqual({ id: solo.id, name: 'Solo' });
  });

  test('a member not assigned to the matter is refused (400, translated, nothing changes) until assigned to it', async () => {
    const toAdmin = await patch(user('owner'), w.admin.id);
    expect(toAdmin.statusCode).toBe(200);
    const item = requestResponseSchema.parse(toAdmin.json()).item;
    expect(item.assignee).toEqual({ id: w.admin.id, name: '管理者 assignee' });
    expect(item.requestId).toBe(w.number);

    const before = await snapshotRequests(ctx.app.db);
    const refused = await patch(user('admin'), w.unassigned.id);
    expect(refused.statusCode).toBe(400);
    const [problem] = fieldErrors(refused);
    expect(problem?.path).toBe('assigneeUserId');
    expect(problem?.message).toBe(
      "This member is not an assignee of the matter and cannot see it, so the request cannot be handed to them; add them to the matter's assignees first",
    );
    expect(refused.json<{ message: string }>().message).toContain('Failed to update the request');
    const japanese = await call(ctx, requestEndpoints.updateRequestAssignee, {
      as: w.owner,
      params: orgRequest(),
      body: { assigneeUserId: w.unassigned.id },
    });
    expect(japanese.statusCode).toBe(400);
    expect(fieldErrors(japanese)[0]?.message).toContain('案件の担当者ではない');
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
    expect(await assigneeOf(w.requestId)).toBe(w.admin.id);

    // Once an administrator assigns them to the matter, they see it and may answer for the request.
    await setMatterAssignees([w.unassigned.id]);
    expect(await candidateIds(user('owner'))).toEqual([w.owner.id, w.admin.id, w.unassigned.id].sort());
    const toUnassigned = await patch(user('admin'), w.unassigned.id);
    expect(toUnassigned.statusCode).toBe(200);
    expect(await assigneeOf(w.requestId)).toBe(w.unassigned.id);
    expect(await seesRequest(user('unassigned'))).toBe(true);

    // The detail shows the new assignee.
    const detail = await detailAs(w.owner);
    expect(requestResponseSchema.parse(detail.json()).item.assignee?.id).toBe(w.unassigned.id);
  });

  test('an assignee who loses sight of the matter stays recorded but cannot open the request, is no candidate, and cannot be chosen again', async () => {
    const historyBefore = (await assigneeHistory(w.requestId)).length;
    await setMatterAssignees([]);
    // Nothing rewrites the request: it still names them (the client side sees who had it)...
    expect(await assigneeOf(w.requestId)).toBe(w.unassigned.id);
    expect(await assigneeHistory(w.requestId)).toHaveLength(historyBefore);
    const detail = await detailAs(w.admin);
    expect(requestResponseSchema.parse(detail.json()).item.assignee?.id).toBe(w.unassigned.id);
    // ...but they no longer see it, and the candidates no longer offer them.
    expect(await seesRequest(user('unassigned'))).toBe(false);
    expect(await candidateIds(user('admin'))).toEqual([w.owner.id, w.admin.id].sort());
    // Choosing them again (even "keeping" them) is refused and changes nothing.
    const before = await snapshotRequests(ctx.app.db);
    const again = await patch(user('admin'), w.unassigned.id);
    expect(again.statusCode).toBe(400);
    expect(fieldErrors(again)[0]?.message).toContain('not an assignee of the matter');
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
    // Handing it to someone who sees the matter works.
    const toOwner = await patch(user('admin'), w.owner.id);
    expect(toOwner.statusCode).toBe(200);
    expect(await assigneeOf(w.requestId)).toBe(w.owner.id);
  });

  test('the history records each change with before and after; an unchanged assignee records nothing', async () => {
    const entries = await assigneeHistory(w.requestId);
    expect(entries.slice(-3)).toEqual([
      {
        actor: w.owner.id,
        changes: {
          assigneeUserId: [w.owner.id, w.admin.id],
          assignee: ['Owner assignee', '管理者 assignee'],
        },
      },
      {
        actor: w.admin.id,
        changes: {
          assigneeUserId: [w.admin.id, w.unassigned.id],
          assignee: ['管理者 assignee', 'unassigned-assignee'],
        },
      },
      {
        actor: w.admin.id,
        changes: {
          assigneeUserId: [w.unassigned.id, w.owner.id],
          assignee: ['unassigned-assignee', 'Owner assignee'],
        },
      },
    ]);
    const count = entries.length;
    expect((await patch(user('owner'), w.owner.id)).statusCode).toBe(200);
    expect(await assigneeHistory(w.requestId)).toHaveLength(count);
  });

  test('those who do not see the request get 404 and change nothing; offices have no such route', async () => {
    const before = await snapshotRequests(ctx.app.db);
    expect((await patch(user('unassigned'), w.unassigned.id)).statusCode).toBe(404);
    expect((await patch(user('stranger'), w.stranger.id)).statusCode).toBe(404);
    expect(
      (await patch(user('owner'), w.owner.id, { projectId: w.projectId, requestId: 999 })).statusCode,
    ).toBe(404);
    // A firm's token is refused in the /user namespace; under /patent there is no such route.
    expect((await patch(user('office'), w.owner.id)).statusCode).toBe(401);
    // Written out on purpose: these paths pin that /patent publishes neither route.
    const patentPath = `/patent/requests/${w.projectId}/${w.number}`;
    const office = user('office').headers;
    expect([401, 404]).toContain(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: patentPath,
          headers: { ...office, 'accept-language': 'en' },
          payload: { assigneeUserId: w.owner.id },
        })
      ).statusCode,
    );
    expect([401, 404]).toContain(
      (await ctx.app.inject({ url: `${patentPath}/assignee-candidates`, headers: office })).statusCode,
    );
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('an assignee outside the organization, or a malformed id: 400 and unchanged', async () => {
    const before = await snapshotRequests(ctx.app.db);
    for (const outsider of [w.stranger.id, solo.id, w.office.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await patch(user('admin'), outsider);
      expect(response.statusCode, outsider).toBe(400);
      expect(fieldErrors(response)[0]?.path).toBe('assigneeUserId');
      expect(fieldErrors(response)[0]?.message).toContain('people who can see the matter');
    }
    expect((await patch(user('admin'), 'not-a-uuid')).statusCode).toBe(400);
    const japanese = await call(ctx, requestEndpoints.updateRequestAssignee, {
      as: w.admin,
      params: orgRequest(),
      body: { assigneeUserId: w.stranger.id },
    });
    expect(fieldErrors(japanese)[0]?.message).toContain('担当者');
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });

  test('a deleted matter: 409 and unchanged', async () => {
    const deleted = await call(ctx, projectEndpoints.deleteProject, {
      as: w.owner,
      params: { projectId: w.projectId },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const before = await snapshotRequests(ctx.app.db);
    expect((await patch(user('owner'), w.admin.id)).statusCode).toBe(409);
    expect((await patch(user('admin'), null)).statusCode).toBe(409);
    expect(await snapshotRequests(ctx.app.db)).toBe(before);
  });
});
