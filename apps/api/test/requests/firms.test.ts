import {
  firmDirectoryResponseSchema,
  firmEndpoints,
  firmResponseSchema,
  type QueryOf,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history, users } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { signIn, type Envelope, type TestUser } from '../projects/support.js';
import { insertConcierge } from '../support/billing-fixtures.js';
import { completeProfile, insertFirm, officeUser, snapshotRequests } from './requests-fixtures.js';
import { call } from '../support/endpoints.js';

/**
 * The office profile (GET/PUT /patent/firm) and the directory clients choose from
 * (GET /user/firms): only complete profiles are listed.
 */
describe.skipIf(skipDriver)('office profile and directory', () => {
  let ctx: TestContext;
  let client: TestUser;
  let newcomer: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await signIn(ctx, 'REGULAR', 'client@example.com');
    newcomer = await signIn(ctx, 'PATENT', 'newcomer@office.example');
  });
  afterAll(async () => ctx?.close());

  const getFirm = async (user: TestUser) => {
    const response = await call(ctx, firmEndpoints.getOwnFirm, { as: user });
    expect(response.statusCode, response.body).toBe(200);
    return firmResponseSchema.parse(response.json()).item;
  };

  test("the concierge office's own profile says it is the concierge (never listed in the directory)", async () => {
    const { user } = await insertConcierge(ctx, 'concierge@profile.example');
    expect(await getFirm(user)).toMatchObject({ complete: true, concierge: true });
    const directory = await call(ctx, firmEndpoints.listFirmDirectory, { as: client });
    const names = firmDirectoryResponseSchema.parse(directory.json()).items.map((firm) => firm.name);
    expect(names).not.toContain('IPポータル コンシェルジュ');
    expect(Object.keys(firmDirectoryResponseSchema.parse(directory.json()).items[0] ?? {})).not.toContain(
      'concierge',
    );
  });

  test('a PATENT user without an office gets null, and the first save creates it and links them', async () => {
    expect(await getFirm(newcomer)).toBeNull();
    const saved = await call(ctx, firmEndpoints.saveOwnFirm, { as: newcomer, payload: completeProfile });
    expect(saved.statusCode, saved.body).toBe(200);
    const firm = firmResponseSchema.parse(saved.json()).item!;
    expect(firm).toMatchObject({
      name: '山田特許事務所',
      nameEn: 'Yamada Patent Office',
      complete: true,
      concierge: false,
    });
    const [row] = await ctx.app.db
      .select({ firmId: users.firmId })
      .from(users)
      .where(eq(users.id, newcomer.id));
    expect(row?.firmId).toBe(firm.id);
    expect(await getFirm(newcomer)).toMatchObject({
      id: firm.id,
      languages: ['ja', 'en'],
      caseTypes: [0, 2],
    });
    const entries = await ctx.app.db.select().from(history).where(eq(history.entityId, firm.id));
    expect(entries.map((e) => e.action)).toEqual(['firm.create']);
  });

  test('a second save updates the same office and records only what changed', async () => {
    const before = await getFirm(newcomer);
    const saved = await call(ctx, firmEndpoints.saveOwnFirm, {
      as: newcomer,
      payload: { ...completeProfile, feeNotes: '着手金 10 万円〜', technicalFields: ['半導体', '電池'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(firmResponseSchema.parse(saved.json()).item!.id).toBe(before!.id);
    const entries = await ctx.app.db.select().from(history).where(eq(history.entityId, before!.id));
    expect(entries.map((e) => e.action)).toEqual(['firm.create', 'firm.update']);
    expect(entries[1]!.changes).toEqual({
      feeNotes: ['見積無料', '着手金 10 万円〜'],
      technicalFields: [['半導体'], ['半導体', '電池']],
    });
    // The same profile again changes nothing.
    await call(ctx, firmEndpoints.saveOwnFirm, {
      as: newcomer,
      payload: { ...completeProfile, feeNotes: '着手金 10 万円〜', technicalFields: ['半導体', '電池'] },
    });
    const again = await ctx.app.db.select().from(history).where(eq(history.entityId, before!.id));
    expect(again).toHaveLength(2);
  });

  test('missing or bad fields answer 400 with translated field errors and change nothing', async () => {
    const snapshot = await snapshotRequests(ctx.app.db);
    const { address: _a, ...withoutAddress } = completeProfile;
    const cases: [Record<string, unknown>, string, string][] = [
      [withoutAddress, 'address', '必須項目です'],
      [{ ...completeProfile, languages: [] }, 'languages', '1つ以上選択してください'],
      [{ ...completeProfile, caseTypes: [] }, 'caseTypes', '1つ以上選択してください'],
      [{ ...completeProfile, officeType: 'bank' }, 'officeType', '事務所種別が正しくありません'],
      [
        { ...completeProfile, website: 'ftp://x' },
        'website',
        'URL は http:// または https:// から入力してください',
      ],
      [{ ...completeProfile, regionCode: 5000 }, 'regionCode', '国・地域を一覧から選択してください'],
      [
        { ...completeProfile, email: 'nope' },
        'email',
        'メールアドレスは name@example.com の形で入力してください',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const response = await call(ctx, firmEndpoints.saveOwnFirm, { as: newcomer, payload });
      expect(response.statusCode, path).toBe(400);
      const body = response.json<Envelope>();
      expect(body.message.split('\n')[0]).toBe('事務所情報の更新に失敗しました');
      expect(body.errors).toContainEqual({ path, message });
    }
    const english = await call(ctx, firmEndpoints.saveOwnFirm, {
      as: newcomer,
      headers: { 'accept-language': 'en' },
      payload: withoutAddress,
    });
    expect(english.json<Envelope>().message.split('\n')[0]).toBe('Failed to update the office information');
    expect(await snapshotRequests(ctx.app.db)).toBe(snapshot);
  });

  test('the directory lists only complete offices accepting requests, filtered by country and type', async () => {
    const us = await insertFirm(ctx, 'US Office', { regionCode: 2 });
    await insertFirm(ctx, 'Incomplete JP', { complete: false });
    const translator = await insertFirm(ctx, 'JP Translations', { officeType: 'translationCompany' });
    const list = async (query: QueryOf<typeof firmEndpoints.listFirmDirectory> = {}) => {
      const response = await call(ctx, firmEndpoints.listFirmDirectory, { as: client, query });
      expect(response.statusCode, response.body).toBe(200);
      return firmDirectoryResponseSchema.parse(response.json()).items.map((f) => f.name);
    };
    expect(await list()).toEqual(['JP Translations', 'US Office', '山田特許事務所']);
    expect(await list({ regionCode: 1 })).toEqual(['JP Translations', '山田特許事務所']);
    expect(await list({ regionCode: 1, officeType: 'patentAttorney' })).toEqual(['山田特許事務所']);
    expect(await list({ regionCode: 2, officeType: 'patentAttorney' })).toEqual(['US Office']);
    expect(await list({ regionCode: 2, officeType: 'researchCompany' })).toEqual([]);
    expect(us && translator).toBeTruthy();
    const bad = await call(ctx, firmEndpoints.listFirmDirectory, {
      as: client,
      search: 'officeType=bank',
    });
    expect(bad.statusCode).toBe(400);
  });

  test('an office completed by its first save appears in the directory', async () => {
    const other = await signIn(ctx, 'PATENT', 'second@office.example');
    const saved = await call(ctx, firmEndpoints.saveOwnFirm, {
      as: other,
      payload: { ...completeProfile, name: 'Research Co', officeType: 'researchCompany', regionCode: 3 },
    });
    expect(saved.statusCode).toBe(200);
    const response = await call(ctx, firmEndpoints.listFirmDirectory, {
      as: client,
      query: { regionCode: 3 },
    });
    expect(firmDirectoryResponseSchema.parse(response.json()).items.map((f) => f.name)).toEqual([
      'Research Co',
    ]);
  });

  test('each namespace refuses the other pool and signed-out calls', async () => {
    const firmId = await insertFirm(ctx, 'Pool Check');
    const office = await officeUser(ctx, 'pool@check.example', firmId);
    expect((await call(ctx, firmEndpoints.listFirmDirectory, { as: office })).statusCode).toBe(401);
    expect((await call(ctx, firmEndpoints.getOwnFirm, { as: client })).statusCode).toBe(401);
    expect((await call(ctx, firmEndpoints.listFirmDirectory)).statusCode).toBe(401);
    expect((await call(ctx, firmEndpoints.getOwnFirm)).statusCode).toBe(401);
    expect((await call(ctx, firmEndpoints.saveOwnFirm, { payload: completeProfile })).statusCode).toBe(401);
    // An office user sees their own office, not another's.
    expect((await getFirm(office))?.name).toBe('Pool Check');
  });
});
