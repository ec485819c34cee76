import {
  requestTermsResponseSchema,
  projectEndpoints,
  requestEndpoints,
  requestTermEndpoints,
} from '@ipportal/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, projects, requests, terms } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import type { Envelope } from '../projects/support.js';
import {
  allowed,
  buildWorld,
  clientRoles,
  insertRequest,
  namespaceOf,
  officeRoles,
  type DetailWorld,
  type Role,
} from './detail-support.js';
import { call } from '../support/endpoints.js';

const roles: Role[] = [...clientRoles, ...officeRoles];

describe.skipIf(skipDriver)('request terms', () => {
  let ctx: TestContext;
  let w: DetailWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'terms');
  });
  afterAll(async () => ctx?.close());

  const url = (role: Role, suffix = '') =>
    `${namespaceOf(role)}/requests/${w.projectId}/${w.number}/terms${suffix}`;
  /** One terms call as `role`, by method and the part of the path after `/terms`. */
  const termsAs = (
    role: Role | null,
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
    suffix = '',
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: url(role ?? 'owner', suffix),
      headers: role ? w[role].headers : {},
      ...(payload ? { payload } : {}),
    });
  const termHistory = () =>
    ctx.app.db
      .select({ action: history.action, actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId), like(history.action, 'request.%')))
      .orderBy(asc(history.id));

  test('signed out: 401 on every terms call', async () => {
    expect((await termsAs(null, 'GET')).statusCode).toBe(401);
    expect((await termsAs(null, 'PATCH', '', { userPeriod: '2027-01-01' })).statusCode).toBe(401);
    expect((await termsAs(null, 'POST', '/items', { name: 'x', date: '2027-01-01' })).statusCode).toBe(401);
  });

  test('reading: the client side per the matter, the addressed firm; the rest 404', async () => {
    for (const role of roles) {
      const response = await termsAs(role, 'GET');
      expect(response.statusCode, role).toBe(allowed[role] ? 200 : 404);
    }
    const empty = requestTermsResponseSchema.parse((await termsAs('office', 'GET')).json()).item;
    expect(empty).toEqual({
      decisionPeriod: null,
      userPeriod: null,
      userPeriodAfterDecision: false,
      items: [],
    });
  });

  test('the deadlines: the client side sets them (a late user deadline is flagged), the office gets 403, others 404', async () => {
    const ok = await termsAs('owner', 'PATCH', '', {
      decisionPeriod: '2027-03-31',
      userPeriod: '2027-03-15',
    });
    expect(ok.statusCode).toBe(200);
    expect(requestTermsResponseSchema.parse(ok.json()).item).toMatchObject({
      decisionPeriod: '2027-03-31',
      userPeriod: '2027-03-15',
      userPeriodAfterDecision: false,
    });
    const late = await termsAs('admin', 'PATCH', '', { userPeriod: '2027-04-10' });
    expect(requestTermsResponseSchema.parse(late.json()).item.userPeriodAfterDecision).toBe(true);

    const before = await ctx.app.db.select().from(requests).where(eq(requests.id, w.requestId));
    const office = await ctx.app.inject({
      method: 'PATCH',
      url: url('office'),
      headers: { ...w.office.headers, 'accept-language': 'en' },
      payload: { userPeriod: '2027-01-01' },
    });
    expect(office.statusCode).toBe(403);
    expect(office.json<Envelope>().message).toBe(
      'Only the client can change the legal and the user deadline',
    );
    for (const role of roles.filter((r) => !allowed[r])) {
      expect((await termsAs(role, 'PATCH', '', { userPeriod: '2027-01-01' })).statusCode, role).toBe(404);
    }
    const bad = await termsAs('owner', 'PATCH', '', { userPeriod: '2027-02-30' });
    expect(bad.statusCode).toBe(400);
    expect((await termsAs('owner', 'PATCH', '', {})).statusCode).toBe(400);
    expect((await termsAs('owner', 'PATCH', '', { userPeriod: '2027-01-01', extra: 1 })).statusCode).toBe(
      400,
    );
    expect(await ctx.app.db.select().from(requests).where(eq(requests.id, w.requestId))).toEqual(before);

    // The request list and the matter's request tab read the same columns.
    const detail = await call(ctx, requestEndpoints.getRequest, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: w.number },
    });
    expect(detail.json<{ item: { userPeriod: string } }>().item.userPeriod).toBe('2027-04-10');

    const rows = (await termHistory()).filter((r) => r.action === 'request.periods.update');
    expect(rows).toEqual([
      {
        action: 'request.periods.update',
        actor: w.owner.id,
        changes: { decisionPeriod: [null, '2027-03-31'], userPeriod: [null, '2027-03-15'] },
      },
      {
        action: 'request.periods.update',
        actor: w.admin.id,
        changes: { userPeriod: ['2027-03-15', '2027-04-10'] },
      },
    ]);
    // Clearing works, and an unchanged value records nothing.
    const cleared = await termsAs('owner', 'PATCH', '', { userPeriod: null });
    expect(requestTermsResponseSchema.parse(cleared.json()).item.userPeriod).toBeNull();
    await termsAs('owner', 'PATCH', '', { userPeriod: null });
    expect((await termHistory()).filter((r) => r.action === 'request.periods.update')).toHaveLength(3);
  });

  test('further items: both sides add, rename, mark done and remove; others get 404; history names each', async () => {
    const added = await termsAs('owner', 'POST', '/items', { name: '翻訳文の確認', date: '2027-02-01' });
    expect(added.statusCode).toBe(201);
    const item = requestTermsResponseSchema.parse(added.json()).item.items[0]!;
    expect(item).toMatchObject({ name: '翻訳文の確認', date: '2027-02-01', done: false });

    const officeAdd = await termsAs('office', 'POST', '/items', { name: 'Draft claims', date: '2027-01-15' });
    expect(officeAdd.statusCode).toBe(201);
    // Sorted by date.
    expect(requestTermsResponseSchema.parse(officeAdd.json()).item.items.map((i) => i.name)).toEqual([
      'Draft claims',
      '翻訳文の確認',
    ]);
    const done = await termsAs('office', 'PATCH', `/items/${item.id}`, { done: true });
    expect(requestTermsResponseSchema.parse(done.json()).item.items.find((i) => i.id === item.id)?.done).toBe(
      true,
    );
    const [row] = await ctx.app.db.select().from(terms).where(eq(terms.id, item.id));
    expect(row).toMatchObject({
      status: 'done',
      completedBy: w.office.id,
      projectId: w.projectId,
      requestId: w.requestId,
    });

    for (const role of roles.filter((r) => !allowed[r])) {
      expect(
        (await termsAs(role, 'POST', '/items', { name: 'x', date: '2027-01-01' })).statusCode,
        role,
      ).toBe(404);
      expect((await termsAs(role, 'PATCH', `/items/${item.id}`, { done: false })).statusCode, role).toBe(404);
      expect((await termsAs(role, 'DELETE', `/items/${item.id}`)).statusCode, role).toBe(404);
    }
    expect((await termsAs('owner', 'POST', '/items', { name: '', date: '2027-01-01' })).statusCode).toBe(400);
    expect((await termsAs('owner', 'POST', '/items', { name: 'x' })).statusCode).toBe(400);
    expect((await termsAs('owner', 'PATCH', `/items/${item.id}`, {})).statusCode).toBe(400);

    // An item of another request is not found under this one.
    const other = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    const otherAdd = await call(ctx, requestTermEndpoints.addRequestTermItem, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: other.number },
      body: { name: 'other', date: '2027-05-05' },
    });
    const otherItem = requestTermsResponseSchema.parse(otherAdd.json()).item.items[0]!;
    expect((await termsAs('owner', 'PATCH', `/items/${otherItem.id}`, { done: true })).statusCode).toBe(404);

    const removed = await termsAs('admin', 'DELETE', `/items/${item.id}`);
    expect(removed.statusCode).toBe(200);
    expect(requestTermsResponseSchema.parse(removed.json()).item.items.map((i) => i.name)).toEqual([
      'Draft claims',
    ]);
    expect((await termsAs('admin', 'DELETE', `/items/${item.id}`)).statusCode).toBe(404);

    const actions = (await termHistory()).filter((r) => r.action.startsWith('request.term.'));
    expect(actions).toEqual([
      {
        action: 'request.term.create',
        actor: w.owner.id,
        changes: { name: '翻訳文の確認', date: '2027-02-01' },
      },
      {
        action: 'request.term.create',
        actor: w.office.id,
        changes: { name: 'Draft claims', date: '2027-01-15' },
      },
      {
        action: 'request.term.update',
        actor: w.office.id,
        changes: { item: '翻訳文の確認', done: [false, true] },
      },
      {
        action: 'request.term.remove',
        actor: w.admin.id,
        changes: { item: '翻訳文の確認', date: '2027-02-01' },
      },
    ]);
  });

  test('a deleted matter: its terms stay readable for the client and answer 409 on writes', async () => {
    await call(ctx, projectEndpoints.deleteProject, { as: w.owner, params: { projectId: w.projectId } });
    const [matter] = await ctx.app.db.select().from(projects).where(eq(projects.id, w.projectId));
    expect(matter?.deletedAt).not.toBeNull();
    expect((await termsAs('owner', 'GET')).statusCode).toBe(200);
    expect((await termsAs('owner', 'PATCH', '', { userPeriod: '2027-01-01' })).statusCode).toBe(409);
    expect((await termsAs('owner', 'POST', '/items', { name: 'x', date: '2027-01-01' })).statusCode).toBe(
      409,
    );
    // Firms do not see deleted matters.
    expect((await termsAs('office', 'GET')).statusCode).toBe(404);
  });
});
