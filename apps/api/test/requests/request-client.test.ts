import { requestEndpoints, requestListResponseSchema, requestResponseSchema } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizations } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { urlOf } from '../support/endpoints.js';
import { createMatter, createOrganization, signIn, type TestUser } from '../projects/support.js';
import { insertFirm, officeUser, sendRequest } from './requests-fixtures.js';

/**
 * Who sent a request: the office reads the client company (the matter's organization, or the
 * owner's name outside one) and the contact person (the assignee, else the creator) on every
 * answer of a request; the client side reads the same and keeps the addressed office.
 */
describe.skipIf(skipDriver)('the client of a request', () => {
  let ctx: TestContext;
  const u: Record<string, TestUser> = {};
  let firmId: string;
  let orgMatter: string;
  let soloMatter: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    u.admin = await signIn(ctx, 'REGULAR', 'admin@sample.example', { name: '佐藤 花子' });
    u.member = await signIn(ctx, 'REGULAR', 'member@sample.example', { name: '山田 太郎' });
    u.solo = await signIn(ctx, 'REGULAR', 'solo@inventor.example', { name: 'Jane Inventor' });
    const orgId = await createOrganization(ctx, [
      { user: u.admin, role: 0 },
      { user: u.member, role: 1 },
    ]);
    await ctx.app.db
      .update(organizations)
      .set({ name: '株式会社サンプル技研' })
      .where(eq(organizations.id, orgId));
    firmId = await insertFirm(ctx, 'Client View Firm');
    u.office = await officeUser(ctx, 'staff@clientview.example', firmId);
    orgMatter = (await createMatter(ctx, u.member, { refrenceCode: 'ORG-1' })).id;
    soloMatter = (await createMatter(ctx, u.solo, { refrenceCode: 'SOLO-1' })).id;
    await sendRequest(ctx, u.member, orgMatter, firmId, { name: 'Organization request' });
    await sendRequest(ctx, u.solo, soloMatter, firmId, { name: 'Solo request' });
  });
  afterAll(async () => ctx?.close());

  const get = async (user: TestUser, url: string) => {
    const response = await ctx.app.inject({ url, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const list = async (user: TestUser, namespace: 'user' | 'patent', query = '') =>
    requestListResponseSchema.parse(
      (await get(user, `${urlOf(requestEndpoints.listRequests, { namespace })}${query}`)).json(),
    ).items;
  const detail = async (user: TestUser, namespace: 'user' | 'patent', projectId: string) =>
    requestResponseSchema.parse(
      (
        await get(
          user,
          urlOf(requestEndpoints.getRequest, { namespace, params: { projectId, requestId: 1 } }),
        )
      ).json(),
    ).item;

  test('the office reads the organization and the contact person on the list and the detail', async () => {
    const rows = await list(u.office!, 'patent', '?sort=requestId&order=asc');
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Organization request']?.client).toEqual({
      name: '株式会社サンプル技研',
      contact: { id: u.member!.id, name: '山田 太郎' },
    });
    // Outside an organization the client is the person who owns the matter.
    expect(byName['Solo request']?.client).toEqual({
      name: 'Jane Inventor',
      contact: { id: u.solo!.id, name: 'Jane Inventor' },
    });
    expect((await detail(u.office!, 'patent', orgMatter)).client).toEqual(
      byName['Organization request']?.client,
    );
  });

  test('the contact person follows the assignee, and is the creator when nobody is assigned', async () => {
    const assign = (assigneeUserId: string | null) =>
      ctx.app.inject({
        method: 'PATCH',
        url: urlOf(requestEndpoints.updateRequestAssignee, {
          namespace: 'user',
          params: { projectId: orgMatter, requestId: 1 },
        }),
        headers: u.admin!.headers,
        payload: { assigneeUserId },
      });
    expect((await assign(u.admin!.id)).statusCode).toBe(200);
    expect((await detail(u.office!, 'patent', orgMatter)).client.contact).toEqual({
      id: u.admin!.id,
      name: '佐藤 花子',
    });
    expect((await assign(null)).statusCode).toBe(200);
    expect((await detail(u.office!, 'patent', orgMatter)).client.contact).toEqual({
      id: u.member!.id,
      name: '山田 太郎',
    });
  });

  test('the client side reads the same client and still the office it addressed', async () => {
    const item = await detail(u.member!, 'user', orgMatter);
    expect(item.client.name).toBe('株式会社サンプル技研');
    expect(item.target).toMatchObject({ id: firmId, name: 'Client View Firm' });
  });

  test('the office finds and sorts its requests by client', async () => {
    const found = await list(u.office!, 'patent', `?q=${encodeURIComponent('サンプル技研')}`);
    expect(found.map((r) => r.name)).toEqual(['Organization request']);
    const byContact = await list(u.office!, 'patent', '?q=Jane');
    expect(byContact.map((r) => r.name)).toEqual(['Solo request']);
    const sorted = await list(u.office!, 'patent', '?sort=client&order=asc');
    expect(sorted.map((r) => r.client.name)).toEqual(['Jane Inventor', '株式会社サンプル技研']);
  });

  test("the No. is per matter, so it sorts by the matter's reference first, then the number", async () => {
    await sendRequest(ctx, u.member!, orgMatter, firmId, { name: 'Second organization request' });
    const ascending = await list(u.office!, 'patent', '?sort=requestId&order=asc');
    expect(ascending.map((r) => `${r.project.refrenceCode} / ${r.requestId}`)).toEqual([
      'ORG-1 / 1',
      'ORG-1 / 2',
      'SOLO-1 / 1',
    ]);
    const descending = await list(u.office!, 'patent', '?sort=requestId&order=desc');
    expect(descending.map((r) => `${r.project.refrenceCode} / ${r.requestId}`)).toEqual([
      'SOLO-1 / 1',
      'ORG-1 / 2',
      'ORG-1 / 1',
    ]);
  });
});
