import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  projectDetailResponseSchema,
  projectResponseSchema,
  type ProjectDetail,
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
  createFirm,
  createMatter,
  multipartBody,
  pdfBytes,
  pngBytes,
  signIn,
  snapshotAll,
  type Envelope,
  type TestUser,
} from './support.js';
import { call, injectOf } from '../support/endpoints.js';

const uploadMax = 4096;

describe.skipIf(skipDriver)('matter detail, update, duplicate, delete, trademark image', () => {
  let ctx: TestContext;
  let alice: TestUser;
  let english: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_MAX_BYTES: String(uploadMax) });
    alice = await signIn(ctx, 'REGULAR', 'alice@example.com');
    english = await signIn(ctx, 'REGULAR', 'eve@example.com', { locale: 'en' });
  });
  afterAll(async () => ctx?.close());

  const detailOf = async (user: TestUser, id: string): Promise<ProjectDetail> => {
    const response = await call(ctx, projectDetailEndpoints.getProject, {
      as: user,
      namespace: 'user',
      params: { projectId: id },
    });
    expect(response.statusCode, response.body).toBe(200);
    return projectDetailResponseSchema.parse(response.json()).item;
  };
  const patch = (user: TestUser, id: string, payload: unknown, headers: Record<string, string> = {}) =>
    call(ctx, projectDetailEndpoints.updateProject, {
      as: user,
      headers: { 'content-type': 'application/json', ...headers },
      namespace: 'user',
      params: { projectId: id },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const historyOf = (id: string) =>
    ctx.app.db.select().from(history).where(eq(history.projectId, id)).orderBy(asc(history.id));

  test('a new matter has every detail group, empty', async () => {
    const { id } = await createMatter(ctx, alice);
    const detail = await detailOf(alice, id);
    expect(detail).toMatchObject({
      id,
      title: '燃料電池用セパレータ',
      trademark: { imageFileId: null, classes: [] },
      application: { applicationCode: null, priorityPeriod: null },
      registration: { rightsStatus: null },
      maintenance: { yearFrom: null },
      applicants: [],
      international: { searchReportTransmittalDate: null },
      priorityClaims: [],
      settings: { allowRequestedOfficeEdit: false },
    });
  });

  test('PATCH updates list fields and every group, answers the detail, and records who changed what', async () => {
    const { id } = await createMatter(ctx, alice);
    const steps: object[] = [
      { title: '  改良型セパレータ ', status: 1, name: '燃料電池用セパレータ', family: 'FC' },
      {
        application: {
          applicationCode: '特願2026-000123',
          applicationDate: '2026-04-01',
          publicationCode: '特開2027-000001',
          publicationDate: '2027-10-01',
          priorityPeriod: '2027-04-01',
          examRequestPeriod: '2029-04-01',
          accessCode: 'AB12',
        },
      },
      {
        registration: {
          registCode: '特許第7000001号',
          registDate: '2028-05-01',
          claimsCount: 12,
          rightsStatus: 'registering',
          durationExpiry: '2046-04-01',
        },
      },
      { maintenance: { yearFrom: 1, yearTo: 3, nextPaymentDate: '2031-05-01' } },
      {
        applicants: [
          {
            role: 'applicant',
            identificationNumber: '000000001',
            name: '株式会社A',
            address: '東京',
            shareRatio: 60,
            contribution: null,
          },
          {
            role: 'applicant',
            identificationNumber: null,
            name: 'B Corp.',
            address: null,
            shareRatio: 40,
            contribution: null,
          },
          {
            role: 'inventor',
            identificationNumber: null,
            name: '発明 太郎',
            address: '大阪',
            shareRatio: null,
            contribution: 100,
          },
        ],
      },
      {
        international: {
          applicationNumber: 'PCT/JP2026/000001',
          applicationDate: '2026-06-01',
          searchReportTransmittalDate: '2026-12-01',
        },
      },
      {
        priorityClaims: [
          {
            regionCode: 1,
            baseApplicationNumber: '特願2025-000999',
            baseApplicationDate: '2025-06-01',
            accessCode: null,
          },
        ],
      },
      { trademark: { searchText: 'セパレータ', classes: [9, 7, 9], designatedServices: '' } },
      { settings: { allowRequestedOfficeEdit: true } },
    ];
    let detail: ProjectDetail | undefined;
    for (const step of steps) {
      const response = await patch(alice, id, step);
      expect(response.statusCode, response.body).toBe(200);
      detail = projectDetailResponseSchema.parse(response.json()).item;
    }
    expect(detail).toMatchObject({
      title: '改良型セパレータ',
      status: 1,
      family: 'FC',
      applicationCode: '特願2026-000123',
      publicationCode: '特開2027-000001',
      registCode: '特許第7000001号',
      application: { applicationDate: '2026-04-01', accessCode: 'AB12' },
      registration: { claimsCount: 12, rightsStatus: 'registering' },
      maintenance: { yearFrom: 1, yearTo: 3 },
      international: { applicationNumber: 'PCT/JP2026/000001', searchReportTransmittalDate: '2026-12-01' },
      trademark: { searchText: 'セパレータ', classes: [7, 9], designatedServices: null },
      settings: { allowRequestedOfficeEdit: true },
    });
    expect(detail?.applicants.map((a) => [a.role, a.name, a.shareRatio, a.contribution])).toEqual([
      ['applicant', '株式会社A', 60, null],
      ['applicant', 'B Corp.', 40, null],
      ['inventor', '発明 太郎', null, 100],
    ]);
    expect(detail?.priorityClaims).toEqual([
      {
        regionCode: 1,
        baseApplicationNumber: '特願2025-000999',
        baseApplicationDate: '2025-06-01',
        accessCode: null,
      },
    ]);
    expect(await detailOf(alice, id)).toEqual(detail);

    const entries = await historyOf(id);
    expect(entries.map((e) => e.action)).toEqual(['project.create', ...steps.map(() => 'project.update')]);
    expect(entries.every((e) => e.actorUserId === alice.id && e.occurredAt instanceof Date)).toBe(true);
    expect(entries[1]?.changes).toMatchObject({
      title: ['燃料電池用セパレータ', '改良型セパレータ'],
      status: [0, 1],
    });
    expect(entries[2]?.changes).toMatchObject({ 'application.applicationCode': [null, '特願2026-000123'] });
    expect(entries[9]?.changes).toEqual({ 'settings.allowRequestedOfficeEdit': [false, true] });

    // The same values again change nothing and record nothing.
    const same = await patch(alice, id, steps[4]!);
    expect(same.statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(entries.length);
  });

  const badPatches: [string, string | object, number, RegExp, string | undefined][] = [
    [
      'a missing required field',
      {
        applicants: [
          {
            role: 'applicant',
            identificationNumber: null,
            address: null,
            shareRatio: null,
            contribution: null,
          },
        ],
      },
      400,
      /applicants\.0\.name: 必須項目です/,
      'applicants.0.name',
    ],
    [
      'a wrong type',
      { registration: { claimsCount: true } },
      400,
      /^案件の更新に失敗しました\nregistration\.claimsCount: 数値を入力してください$/,
      'registration.claimsCount',
    ],
    [
      'an unknown field in a group',
      { application: { filingOffice: 'JPO' } },
      400,
      /application\.filingOffice: 不明な項目です/,
      'application.filingOffice',
    ],
    ['an unknown group', { owner: { id: 'x' } }, 400, /owner: 不明な項目です/, 'owner'],
    [
      'a bad date',
      { maintenance: { paymentDate: '2026-02-30' } },
      400,
      /maintenance\.paymentDate: 日付の形式が正しくありません/,
      'maintenance.paymentDate',
    ],
    [
      'a bad enum',
      { registration: { rightsStatus: 'alive' } },
      400,
      /registration\.rightsStatus: 入力内容が正しくありません/,
      'registration.rightsStatus',
    ],
    [
      'a Nice class out of range',
      { trademark: { classes: [46] } },
      400,
      /trademark\.classes\.0: /,
      'trademark.classes.0',
    ],
    [
      'an oversize field',
      { trademark: { designatedServices: 'x'.repeat(20_001) } },
      400,
      /trademark\.designatedServices: 20000文字以内で入力してください/,
      'trademark.designatedServices',
    ],
    [
      'a field given twice with different values',
      { applicationCode: 'A-1', application: { applicationCode: 'A-2' } },
      400,
      /同じ項目に異なる値が指定されています/,
      'application.applicationCode',
    ],
    [
      'a year range backwards',
      { maintenance: { yearFrom: 4, yearTo: 3 } },
      400,
      /開始年は終了年以前にしてください/,
      'maintenance.yearTo',
    ],
    [
      'shares over 100%',
      {
        applicants: [
          {
            role: 'applicant',
            identificationNumber: null,
            name: 'A',
            address: null,
            shareRatio: 70,
            contribution: null,
          },
          {
            role: 'applicant',
            identificationNumber: null,
            name: 'B',
            address: null,
            shareRatio: 40,
            contribution: null,
          },
        ],
      },
      400,
      /持分の合計は 100% 以下にしてください/,
      'applicants',
    ],
    [
      'an image id not uploaded',
      { trademark: { imageFileId: '00000000-0000-4000-8000-000000000000' } },
      400,
      /商標見本は画像のアップロードで登録してください/,
      'trademark.imageFileId',
    ],
    [
      'malformed JSON',
      '{"title": ',
      400,
      /^案件の更新に失敗しました\nリクエストの JSON を読み取れません$/,
      undefined,
    ],
    [
      'a body over the limit',
      { trademark: { designatedServices: 'x'.repeat(1_100_000) } },
      413,
      /リクエストの本文が大きすぎます/,
      undefined,
    ],
  ];

  test.each(badPatches)(
    'PATCH with %s answers an error and changes no row',
    async (_name, payload, status, message, errorPath) => {
      const { id } = await createMatter(ctx, alice);
      const before = await snapshotAll(ctx.app.db);
      const response = await patch(alice, id, payload);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<Envelope>();
      expect(body.hasError).toBe(true);
      expect(body.message).toMatch(message);
      if (errorPath !== undefined) expect(body.errors?.map((e) => e.path)).toContain(errorPath);
      expect(await snapshotAll(ctx.app.db)).toBe(before);
    },
  );

  test('applicants are replaced whole; shares keep four decimals and an identical list records nothing', async () => {
    const { id } = await createMatter(ctx, alice);
    const third = { role: 'applicant', identificationNumber: null, address: null, contribution: null };
    const applicants = ['A', 'B', 'C'].map((name) => ({ ...third, name, shareRatio: 33.333333 }));
    const first = await patch(alice, id, { applicants });
    expect(projectDetailResponseSchema.parse(first.json()).item.applicants.map((a) => a.shareRatio)).toEqual([
      33.3333, 33.3333, 33.3333,
    ]);
    const count = (await historyOf(id)).length;
    expect((await patch(alice, id, { applicants })).statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(count);
    const emptied = await patch(alice, id, { applicants: [] });
    expect(projectDetailResponseSchema.parse(emptied.json()).item.applicants).toEqual([]);
    expect(await historyOf(id)).toHaveLength(count + 1);
  });

  test('PATCH validation messages follow Accept-Language', async () => {
    const { id } = await createMatter(ctx, alice);
    const response = await patch(
      alice,
      id,
      { maintenance: { yearFrom: 4, yearTo: 3 } },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(response.json()).toEqual({
      hasError: true,
      message: 'Failed to update the matter\nThe first year must not be after the last year',
      errors: [{ path: 'maintenance.yearTo', message: 'The first year must not be after the last year' }],
    });
  });

  test('duplicate: same data in a new matter, title marked as a copy in the user language, no requests', async () => {
    const source = await createMatter(ctx, alice, { type: 2, title: 'ブランド' });
    await patch(alice, source.id, {
      family: 'Brand',
      applicants: [
        {
          role: 'applicant',
          identificationNumber: null,
          name: '株式会社A',
          address: null,
          shareRatio: 100,
          contribution: null,
        },
      ],
    });
    await patch(alice, source.id, { trademark: { classes: [25], searchText: 'ブランド' } });
    await patch(alice, source.id, {
      priorityClaims: [
        { regionCode: 2, baseApplicationNumber: 'US 1', baseApplicationDate: '2025-01-02', accessCode: null },
      ],
    });
    await ctx.app.db.update(projects).set({ concierge: 'paid' }).where(eq(projects.id, source.id));
    await addRequest(ctx, source.id, await createFirm(ctx, 'Copy Firm'));

    const response = await call(ctx, projectDetailEndpoints.duplicateProject, {
      as: alice,
      params: { projectId: source.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = projectResponseSchema.parse(response.json()).item;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'ブランド（コピー）',
      type: 2,
      family: 'Brand',
      requestCount: 0,
      concierge: 'notUsed',
      deletedAt: null,
    });
    const [original, duplicate] = [await detailOf(alice, source.id), await detailOf(alice, copy.id)];
    expect(original.requestCount).toBe(1);
    const sameData = (d: ProjectDetail) => ({
      ...d,
      id: undefined,
      title: undefined,
      requestCount: undefined,
      concierge: undefined,
      createDate: undefined,
      updateDate: undefined,
    });
    expect(sameData(duplicate)).toEqual(sameData(original));
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, copy.id));
    expect(row?.sourceProjectId).toBe(source.id);
    expect((await historyOf(copy.id)).map((e) => [e.action, e.actorUserId])).toEqual([
      ['project.duplicate', alice.id],
    ]);

    const englishSource = await createMatter(ctx, english, { title: 'x'.repeat(200) });
    const englishCopy = await call(ctx, projectDetailEndpoints.duplicateProject, {
      as: english,
      params: { projectId: englishSource.id },
    });
    const title = projectResponseSchema.parse(englishCopy.json()).item.title;
    expect(title).toBe(`${'x'.repeat(193)} (copy)`);
    expect(title).toHaveLength(200);
  });

  test('a deleted matter is read-only: writes answer 409 with a translated message, reads still work', async () => {
    const trademark = await createMatter(ctx, alice, { type: 2, title: '削除する商標' });
    const del = await call(ctx, projectEndpoints.deleteProject, {
      as: alice,
      params: { projectId: trademark.id },
    });
    expect(del.statusCode).toBe(200);
    const storageDir = path.join(ctx.dataDir, 'storage', 'objects');
    const objectsBefore = await readdir(storageDir, { recursive: true }).catch(() => []);
    const before = await snapshotAll(ctx.app.db);
    const image = multipartBody(pngBytes(), { filename: 'mark.png', contentType: 'image/png' });
    const file = multipartBody(pdfBytes(), { filename: 'memo.pdf', contentType: 'application/pdf' });
    const params = { projectId: trademark.id };
    const writes = [
      {
        request: injectOf(projectDetailEndpoints.updateProject, {
          as: alice,
          namespace: 'user',
          params,
          body: { title: 'x' },
        }),
        failure: '案件の更新に失敗しました',
      },
      {
        request: injectOf(projectDetailEndpoints.duplicateProject, { as: alice, params }),
        failure: '案件の登録に失敗しました',
      },
      {
        request: injectOf(projectUserSpaceEndpoints.addUserSpaceComment, {
          as: alice,
          params,
          body: { body: 'hello' },
        }),
        failure: '案件の更新に失敗しました',
      },
      {
        request: injectOf(projectUserSpaceEndpoints.uploadUserSpaceFile, {
          as: alice,
          headers: file.headers,
          params,
          payload: file.payload,
        }),
        failure: '案件の更新に失敗しました',
      },
      {
        request: injectOf(projectDetailEndpoints.putTrademarkImage, {
          as: alice,
          headers: image.headers,
          namespace: 'user',
          params,
          payload: image.payload,
        }),
        failure: '案件の更新に失敗しました',
      },
    ];
    for (const write of writes) {
      const response = await ctx.app.inject(write.request);
      expect(response.statusCode, `${write.request.method} ${write.request.url}: ${response.body}`).toBe(409);
      expect(response.json()).toEqual({
        hasError: true,
        message: `${write.failure}\n削除済みの案件は変更できません`,
      });
    }
    const english409 = await call(ctx, projectDetailEndpoints.updateProject, {
      as: alice,
      headers: { 'accept-language': 'en' },
      namespace: 'user',
      params: { projectId: trademark.id },
      body: { status: 2 },
    });
    expect(english409.json<Envelope>().message).toBe(
      'Failed to update the matter\nA deleted matter cannot be changed',
    );
    expect(await snapshotAll(ctx.app.db)).toBe(before);
    expect(await readdir(storageDir, { recursive: true }).catch(() => [])).toEqual(objectsBefore);

    const detail = await detailOf(alice, trademark.id);
    expect(detail.deletedAt).toEqual(expect.any(String));
    for (const definition of [
      projectUserSpaceEndpoints.listUserSpaceComments,
      projectUserSpaceEndpoints.listUserSpaceFiles,
    ]) {
      const read = await call(ctx, definition, { as: alice, params });
      expect(read.statusCode).toBe(200);
    }
    const deletedTab = await call(ctx, projectEndpoints.listProjects, {
      as: alice,
      namespace: 'user',
      query: { tab: 'deleted' },
    });
    expect(deletedTab.json<{ items: { id: string }[] }>().items.map((p) => p.id)).toContain(trademark.id);
    expect((await historyOf(trademark.id)).map((e) => e.action)).toEqual([
      'project.create',
      'project.delete',
    ]);
  });

  test('trademark image: PUT stores an image through storage and GET answers its bytes', async () => {
    const { id } = await createMatter(ctx, alice, { type: 2, title: '図形商標' });
    const bytes = pngBytes(1000);
    const upload = multipartBody(bytes, { filename: '見本.png', contentType: 'image/png' });
    const put = await call(ctx, projectDetailEndpoints.putTrademarkImage, {
      as: alice,
      headers: { ...upload.headers },
      namespace: 'user',
      params: { projectId: id },
      payload: upload.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const detail = projectDetailResponseSchema.parse(put.json()).item;
    expect(detail.trademark.imageFileId).toEqual(expect.any(String));

    const get = await call(ctx, projectDetailEndpoints.getTrademarkImage, {
      as: alice,
      namespace: 'user',
      params: { projectId: id },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(bytes)).toBe(true);
    const [entry] = (await historyOf(id)).filter((e) => e.action === 'project.trademarkImage.set');
    expect(entry?.changes).toMatchObject({ 'trademark.imageFileId': [null, detail.trademark.imageFileId] });

    // PATCH may keep or clear the image, not point it at another file.
    const cleared = await patch(alice, id, { trademark: { imageFileId: null } });
    expect(projectDetailResponseSchema.parse(cleared.json()).item.trademark.imageFileId).toBeNull();
    const none = await call(ctx, projectDetailEndpoints.getTrademarkImage, {
      as: alice,
      namespace: 'user',
      params: { projectId: id },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json<Envelope>().message).toBe('この案件には商標見本の画像がありません');
  });

  test.each([
    [
      'a PDF',
      pdfBytes(),
      'application/pdf',
      'trademark',
      415,
      /画像ファイル（PNG、JPEG、GIF、WebP）を選択してください/,
    ],
    [
      'text declared as PNG',
      Buffer.from('not really a png at all'),
      'image/png',
      'trademark',
      400,
      /ファイルの内容が種類（image\/png）と一致しません/,
    ],
    [
      'an image over the limit',
      pngBytes(uploadMax + 1),
      'image/png',
      'trademark',
      413,
      /ファイルが大きすぎます（上限 4096 バイト）/,
    ],
    [
      'an image for a patent matter',
      pngBytes(),
      'image/png',
      'patent',
      400,
      /商標見本は商標の案件にだけ登録できます/,
    ],
    [
      'a part not named file',
      pngBytes(),
      'image/png',
      'trademark:other-field',
      400,
      /ファイルを 1 つ、項目名 file で送ってください/,
    ],
    ['a JSON body', null, 'application/json', 'trademark', 415, /multipart\/form-data で送ってください/],
  ] as const)(
    'trademark image: %s is refused and nothing is stored',
    async (_name, content, type, kind, status, message) => {
      const { id } = await createMatter(ctx, alice, { type: kind.startsWith('patent') ? 0 : 2 });
      const before = await snapshotAll(ctx.app.db);
      const storageDir = path.join(ctx.dataDir, 'storage', 'objects');
      const objectsBefore = await readdir(storageDir, { recursive: true }).catch(() => []);
      const body = content
        ? multipartBody(content, {
            contentType: type,
            filename: 'x',
            field: kind.endsWith('other-field') ? 'image' : 'file',
          })
        : { payload: JSON.stringify({ file: 'x' }), headers: { 'content-type': 'application/json' } };
      const response = await call(ctx, projectDetailEndpoints.putTrademarkImage, {
        as: alice,
        headers: { ...body.headers },
        namespace: 'user',
        params: { projectId: id },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<Envelope>().message).toMatch(/^案件の更新に失敗しました\n/);
      expect(response.json<Envelope>().message).toMatch(message);
      expect(await snapshotAll(ctx.app.db)).toBe(before);
      expect(await readdir(storageDir, { recursive: true }).catch(() => [])).toEqual(objectsBefore);
    },
  );

  test('unknown and malformed ids answer 404 and 400 on every matter route', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    const params = { projectId: unknown };
    for (const request of [
      injectOf(projectDetailEndpoints.getProject, { as: alice, namespace: 'user', params }),
      injectOf(projectDetailEndpoints.updateProject, {
        as: alice,
        namespace: 'user',
        params,
        body: { status: 1 },
      }),
      injectOf(projectEndpoints.deleteProject, { as: alice, params }),
      injectOf(projectDetailEndpoints.duplicateProject, { as: alice, params }),
      injectOf(projectDetailEndpoints.getTrademarkImage, { as: alice, namespace: 'user', params }),
    ]) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json<Envelope>().message).toMatch(/案件が見つかりません$/);
    }
    const bad = await call(ctx, projectDetailEndpoints.getProject, {
      as: alice,
      namespace: 'user',
      params: { projectId: 'not-a-uuid' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().errors).toEqual([
      { path: 'projectId', message: 'IDの形式が正しくありません' },
    ]);
    const rows = await ctx.app.db
      .select()
      .from(history)
      .where(and(eq(history.entityId, unknown)));
    expect(rows).toEqual([]);
  });
});
