import { randomUUID } from 'node:crypto';
import { userResponseSchema, userEndpoints } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, users } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { snapshot } from '../support/snapshot.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('GET and PATCH /user/user and /patent/user', () => {
  let ctx: TestContext;
  const sub = randomUUID();
  let auth: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ BODY_LIMIT_BYTES: '2048' });
    auth = {
      authorization: `Bearer ${ctx.identity.token('REGULAR', {
        sub,
        email: 'hanako@example.com',
        name: '鈴木 花子',
        address: '大阪府大阪市北区1-1',
        phone_number: '+81661234567',
        'custom:region_code': '1',
      })}`,
    };
  });
  afterAll(async () => ctx?.close());

  test('GET creates the user from the token claims on first sight, then reads it', async () => {
    const first = await call(ctx, userEndpoints.getUser, { headers: auth, namespace: 'user' });
    expect(first.statusCode).toBe(200);
    const body = userResponseSchema.parse(first.json());
    expect(body).toMatchObject({
      hasError: false,
      item: {
        userType: 'REGULAR',
        email: 'hanako@example.com',
        name: '鈴木 花子',
        address: '大阪府大阪市北区1-1',
        phoneNumber: '+81661234567',
        regionCode: 1,
        locale: 'ja',
        organizationId: null,
        roleInOrganizationCode: null,
      },
    });
    const again = await call(ctx, userEndpoints.getUser, { headers: auth, namespace: 'user' });
    expect(again.json<{ item: { id: string } }>().item.id).toBe(body.item.id);
    expect(await ctx.app.db.select().from(users).where(eq(users.identitySub, sub))).toHaveLength(1);
  });

  test('the patent namespace serves PATENT users of the PATENT pool', async () => {
    const token = ctx.identity.token('PATENT', { email: 'firm-user@example.com', name: 'Firm User' });
    const response = await call(ctx, userEndpoints.getUser, {
      headers: { authorization: `Bearer ${token}` },
      namespace: 'patent',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      item: { userType: 'PATENT', email: 'firm-user@example.com', firmId: null },
    });
  });

  test.each([
    ['no Authorization header', {}, 'ログインしていません'],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }, 'トークンの形式が正しくありません'],
    ['a bearer that is not a JWT', { authorization: 'Bearer abc' }, 'トークンの形式が正しくありません'],
  ])('401 with %s', async (_name, headers, message) => {
    const response = await call(ctx, userEndpoints.getUser, { headers, namespace: 'user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ hasError: true, message });
  });

  test('401 in English for Accept-Language en', async () => {
    const response = await call(ctx, userEndpoints.getUser, {
      headers: { 'accept-language': 'en-US,en;q=0.9,ja;q=0.5' },
      namespace: 'user',
    });
    expect(response.json()).toEqual({ hasError: true, message: 'Not logged in' });
  });

  test('401 for a token of the other pool, an expired token, and a token without email', async () => {
    const wrongPool = ctx.identity.token('REGULAR', { email: 'a@example.com' }, { signWithPool: 'PATENT' });
    expect(
      (
        await call(ctx, userEndpoints.getUser, {
          headers: { authorization: `Bearer ${wrongPool}` },
          namespace: 'user',
        })
      ).json(),
    ).toEqual({
      hasError: true,
      message: 'ユーザープールが正しくありません',
    });
    const regularOnPatent = ctx.identity.token('REGULAR', { email: 'a@example.com' });
    expect(
      (
        await call(ctx, userEndpoints.getUser, {
          headers: { authorization: `Bearer ${regularOnPatent}` },
          namespace: 'patent',
        })
      ).statusCode,
    ).toBe(401);
    const expired = ctx.identity.token('REGULAR', { email: 'a@example.com' }, { expiresInSeconds: -10 });
    expect(
      (
        await call(ctx, userEndpoints.getUser, {
          headers: { authorization: `Bearer ${expired}` },
          namespace: 'user',
        })
      ).json(),
    ).toEqual({
      hasError: true,
      message: 'ログインしていません',
    });
    const noEmail = ctx.identity.token('REGULAR', { email: '' });
    expect(
      (
        await call(ctx, userEndpoints.getUser, {
          headers: { authorization: `Bearer ${noEmail}` },
          namespace: 'user',
        })
      ).json(),
    ).toEqual({
      hasError: true,
      message: '属性が存在しません',
    });
  });

  test('PATCH updates the profile and records the change in the history', async () => {
    const response = await call(ctx, userEndpoints.updateUser, {
      headers: auth,
      namespace: 'user',
      body: { name: '鈴木 花子（法務部）', locale: 'en', regionCode: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      hasError: false,
      item: { name: '鈴木 花子（法務部）', locale: 'en', regionCode: 2 },
    });
    const entries = await ctx.app.db.select().from(history).where(eq(history.action, 'user.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toMatchObject({
      name: ['鈴木 花子', '鈴木 花子（法務部）'],
      locale: ['ja', 'en'],
    });
    // The claims only create the row: the next request keeps the edited profile.
    const read = await call(ctx, userEndpoints.getUser, { headers: auth, namespace: 'user' });
    expect(read.json()).toMatchObject({ item: { name: '鈴木 花子（法務部）', locale: 'en' } });
  });

  const badPatches: [string, string | object, number, RegExp, string | undefined][] = [
    ['wrong type', { name: 42 }, 400, /^ユーザー情報の更新に失敗しました\nname: /, 'name'],
    ['unknown field', { nickname: 'x' }, 400, /nickname: 不明な項目です/, 'nickname'],
    ['empty required text', { name: '   ' }, 400, /name: 必須項目です/, 'name'],
    [
      'invalid phone',
      { phoneNumber: '3-1234-5678' },
      400,
      /phoneNumber: 電話番号は 03-1234-5678 のように市外局番から/,
      'phoneNumber',
    ],
    ['invalid locale', { locale: 'fr' }, 400, /locale: 言語は日本語または英語/, 'locale'],
    ['too long', { address: 'あ'.repeat(257) }, 400, /address: 256文字以内/, 'address'],
    ['malformed JSON', '{"name": ', 400, /リクエストの JSON を読み取れません/, undefined],
    [
      'oversize body',
      { name: 'x'.repeat(5000) },
      413,
      /リクエストの本文が大きすぎます（上限 2048 バイト）/,
      undefined,
    ],
  ];

  test.each(badPatches)(
    'PATCH with %s answers an error with a clear message and changes no row',
    async (_name, payload, status, message, path) => {
      const before = await snapshot(ctx.app.db);
      const response = await call(ctx, userEndpoints.updateUser, {
        headers: { ...auth, 'content-type': 'application/json' },
        namespace: 'user',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(status);
      const body = response.json<{
        hasError: boolean;
        message: string;
        errors?: { path: string; message: string }[];
      }>();
      expect(body.hasError).toBe(true);
      expect(body.message).toMatch(message);
      if (path) expect(body.errors?.map((e) => e.path)).toContain(path);
      expect(await snapshot(ctx.app.db)).toBe(before);
    },
  );

  test('PATCH with an empty JSON body is refused without a change', async () => {
    const before = await snapshot(ctx.app.db);
    const response = await call(ctx, userEndpoints.updateUser, {
      headers: { ...auth, 'content-type': 'application/json' },
      namespace: 'user',
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      hasError: true,
      message: 'ユーザー情報の更新に失敗しました\nリクエストの本文が空です',
    });
    expect(await snapshot(ctx.app.db)).toBe(before);
  });

  test('a changed email in the token is followed (the identity service owns it)', async () => {
    const token = ctx.identity.token('REGULAR', { sub, email: 'hanako.new@example.com' });
    const response = await call(ctx, userEndpoints.getUser, {
      headers: { authorization: `Bearer ${token}` },
      namespace: 'user',
    });
    expect(response.json()).toMatchObject({
      item: { email: 'hanako.new@example.com', name: '鈴木 花子（法務部）' },
    });
  });
});
