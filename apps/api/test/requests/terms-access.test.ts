import {
  requestTermsResponseSchema,
  projectEndpoints,
  requestEndpoints,
  requestTermEndpoints,
  type EndpointRoute,
  type ParamsOf,
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
  apiNamespaceOf,
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

  /** One terms call as `role` (anonymously for `null`), in the namespace of its side. */
  const termsAs = <E extends EndpointRoute>(
    role: Role | null,
    definition: E,
    args: { termId?: string; payload?: object } = {},
  ) =>
    call(ctx, definition, {
      as: role ? w[role] : null,
      namespace: apiNamespaceOf(role ?? 'owner'),
      params: {
        projectId: w.projectId,
        requestId: w.number,
        ...(args.termId ? { termId: args.termId } : {}),
      } as ParamsOf<E>,
      ...(args.payload ? { payload: args.payload } : {}),
    });
  const termHistory = () =>
    ctx.app.db
      .select({ action: history.action, actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId), like(history.action, 'request.%')))
      .orderBy(asc(history.id));

  test('signed out: 401 on every terms call', async () => {
    expect((await termsAs(null, requestTermEndpoints.getRequestTerms)).statusCode).toBe(401);
    expect(
      (
        await termsAs(null, requestTermEndpoints.updateRequestPeriods, {
          payload: { userPeriod: '2027-01-01' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await termsAs(null, requestTermEndpoints.addRequestTermItem, {
          payload: { name: 'x', date: '2027-01-01' },
        })
      ).statusCode,
    ).toBe(401);
  });

  test('reading: the client side per the matter, the addressed firm; the rest 404', async () => {
    for (const role of roles) {
      const response = await termsAs(role, requestTermEndpoints.getRequestTerms);
      expect(response.statusCode, role).toBe(allowed[role] ? 200 : 404);
    }
    const empty = requestTermsResponseSchema.parse(
      (await termsAs('office', requestTermEndpoints.getRequestTerms)).json(),
    ).item;
    expect(empty).toEqual({
      decisionPeriod: null,
      userPeriod: null,
      userPeriodAfterDecision: false,
      items: [],
    });
  });

  test('the deadlines: the client side sets them (a late user deadline is flagged), the office gets 403, others 404', async () => {
    const ok = await termsAs('owner', requestTermEndpoints.updateRequestPeriods, {
      payload: {
        decisionPeriod: '2027-03-31',
        userPeriod: '2027-03-15',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(requestTermsResponseSchema.parse(ok.json()).item).toMatchObject({
      decisionPeriod: '2027-03-31',
      userPeriod: '2027-03-15',
      userPeriodAfterDecision: false,
    });
    const late = await termsAs('admin', requestTermEndpoints.updateRequestPeriods, {
      payload: { userPeriod: '2027-04-10' },
    });
    expect(requestTermsResponseSchema.parse(late.json()).item.userPeriodAfterDecision).toBe(true);

    const before = await ctx.app.db.select().from(requests).where(eq(requests.id, w.requestId));
    const office = await call(ctx, requestTermEndpoints.updateRequestPeriods, {
      as: w.office,
      headers: { 'accept-language': 'en' },
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
      body: { userPeriod: '2027-01-01' },
    });
    expect(office.statusCode).toBe(403);
    expect(office.json<Envelope>().message).toBe(
      'Only the client can change the legal and the user deadline',
    );
    for (const role of roles.filter((r) => !allowed[r])) {
      expect(
        (
          await termsAs(role, requestTermEndpoints.updateRequestPeriods, {
            payload: { userPeriod: '2027-01-01' },
          })
        ).statusCode,
        role,
      ).toBe(404);
    }
    const bad = await termsAs('owner', requestTermEndpoints.updateRequestPeriods, {
      payload: { userPeriod: '2027-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await termsAs('owner', requestTermEndpoints.updateRequestPeriods, { payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await termsAs('owner', requestTermEndpoints.updateRequestPeriods, {
          payload: { userPeriod: '2027-01-01', extra: 1 },
        })
      ).statusCode,
    ).toBe(400);
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
    const cleared = await termsAs('owner', requestTermEndpoints.updateRequestPeriods, {
      payload: { userPeriod: null },
    });
    expect(requestTermsResponseSchema.parse(cleared.json()).item.userPeriod).toBeNull();
    await termsAs('owner', requestTermEndpoints.updateRequestPeriods, { payload: { userPeriod: null } });
    expect((await termHistory()).filter((r) => r.action === 'request.periods.update')).toHaveLength(3);
  });

  test('further items: both sides add, rename, mark done and remove; others get 404; history names each', async () => {
    const added = await termsAs('owner', requestTermEndpoints.addRequestTermItem, {
      payload: { name: '翻訳文の確認', date: '2027-02-01' },
    });
    expect(added.statusCode).toBe(201);
    const item = requestTermsResponseSchema.parse(added.json()).item.items[0]!;
    expect(item).toMatchObject({ name: '翻訳文の確認', date: '2027-02-01', done: false });

    const officeAdd = await termsAs('office', requestTermEndpoints.addRequestTermItem, {
      payload: { name: 'Draft claims', date: '2027-01-15' },
    });
    expect(officeAdd.statusCode).toBe(201);
    // Sorted by date.
    expect(requestTermsResponseSchema.parse(officeAdd.json()).item.items.map((i) => i.name)).toEqual([
      'Draft claims',
      '翻訳文の確認',
    ]);
    const done = await termsAs('office', requestTermEndpoints.updateRequestTermItem, {
      termId: item.id,
      payload: { done: true },
    });
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
        (
          await termsAs(role, requestTermEndpoints.addRequestTermItem, {
            payload: { name: 'x', date: '2027-01-01' },
          })
        ).statusCode,
        role,
      ).toBe(404);
      expect(
        (
          await termsAs(role, requestTermEndpoints.updateRequestTermItem, {
            termId: item.id,
            payload: { done: false },
          })
        ).statusCode,
        role,
      ).toBe(404);
      expect(
        (await termsAs(role, requestTermEndpoints.removeRequestTermItem, { termId: item.id })).statusCode,
        role,
      ).toBe(404);
    }
    expect(
      (
        await termsAs('owner', requestTermEndpoints.addRequestTermItem, {
          payload: { name: '', date: '2027-01-01' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await termsAs('owner', requestTermEndpoints.addRequestTermItem, { payload: { name: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await termsAs('owner', requestTermEndpoints.updateRequestTermItem, { termId: item.id, payload: {} }))
        .statusCode,
    ).toBe(400);

    // An item of another request is not found under this one.
    const other = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    const otherAdd = await call(ctx, requestTermEndpoints.addRequestTermItem, {
      as: w.owner,
      namespace: 'user',
      params: { projectId: w.projectId, requestId: other.number },
      body: { name: 'other', date: '2027-05-05' },
    });
    const otherItem = requestTermsResponseSchema.parse(otherAdd.json()).item.items[0]!;
    expect(
      (
        await termsAs('owner', requestTermEndpoints.updateRequestTermItem, {
          termId: otherItem.id,
          payload: { done: true },
        })
      ).statusCode,
    ).toBe(404);

    const removed = await termsAs('admin', requestTermEndpoints.removeRequestTermItem, { termId: item.id });
    expect(removed.statusCode).toBe(200);
    expect(requestTermsResponseSchema.parse(removed.json()).item.items.map((i) => i.name)).toEqual([
      'Draft claims',
    ]);
    expect(
      (await termsAs('admin', requestTermEndpoints.removeRequestTermItem, { termId: item.id })).statusCode,
    ).toBe(404);

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
    expect((await termsAs('owner', requestTermEndpoints.getRequestTerms)).statusCode).toBe(200);
    expect(
      (
        await termsAs('owner', requestTermEndpoints.updateRequestPeriods, {
          payload: { userPeriod: '2027-01-01' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await termsAs('owner', requestTermEndpoints.addRequestTermItem, {
          payload: { name: 'x', date: '2027-01-01' },
        })
      ).statusCode,
    ).toBe(409);
    // Firms do not see deleted matters.
    expect((await termsAs('office', requestTermEndpoints.getRequestTerms)).statusCode).toBe(404);
  });
});
