import {
  projectListResponseSchema,
  type ProjectListResponse,
  projectDetailEndpoints,
  projectEndpoints,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type TestUser } from './support.js';
import { call } from '../support/endpoints.js';

const applicant = (name: string, role: 'applicant' | 'inventor' = 'applicant') => ({
  role,
  identificationNumber: null,
  name,
  address: null,
  shareRatio: null,
  contribution: null,
});

/**
 * The list's search (docs/adr/0016): one- and two-character Japanese substrings, Latin text in
 * any case or width, over titles, numbers and applicants' names, kept up to date when
 * applicants change; the counts follow the search.
 */
describe.skipIf(skipDriver)('GET /user/projects?q=: search by folded text', () => {
  let ctx: TestContext;
  let user: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    user = await signIn(ctx, 'REGULAR', 'search@example.com');
    ids.battery = (await createMatter(ctx, user, { refrenceCode: 'A-1', title: '全固体電池の製造方法' })).id;
    ids.wide = (await createMatter(ctx, user, { refrenceCode: 'A-2', title: 'ＡＢＣ センサー' })).id;
    ids.narrow = (await createMatter(ctx, user, { refrenceCode: 'abc-77', title: 'ﾃﾞｰﾀ 処理装置' })).id;
    ids.applicant = (await createMatter(ctx, user, { refrenceCode: 'A-4', title: 'Sensor' })).id;
    ids.inventor = (await createMatter(ctx, user, { refrenceCode: 'A-5', title: 'Pump', type: 2 })).id;
    const patch = (id: string, body: Record<string, unknown>) =>
      call(ctx, projectDetailEndpoints.updateProject, {
        as: user,
        namespace: 'user',
        params: { projectId: id },
        body,
      });
    expect((await patch(ids.applicant, { applicants: [applicant('東亜電池工業株式会社')] })).statusCode).toBe(
      200,
    );
    // An inventor's name is not searched: only applicants'.
    expect(
      (await patch(ids.inventor, { applicants: [applicant('電池 発明者', 'inventor')] })).statusCode,
    ).toBe(200);
    expect(
      (await patch(ids.wide, { application: { applicationCode: '特願2025-012345', applicationDate: null } }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(async () => ctx?.close());

  async function search(q: string): Promise<ProjectListResponse> {
    const r = await call(ctx, projectEndpoints.listProjects, {
      as: user,
      namespace: 'user',
      query: { limit: 100, q },
    });
    expect(r.statusCode, r.body).toBe(200);
    return projectListResponseSchema.parse(r.json());
  }
  const found = async (q: string) => (await search(q)).items.map((p) => p.id).sort();
  const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort();

  test('電池 in a title and in an applicant name, not an inventor name; one character too', async () => {
    expect(await found('電池')).toEqual(sorted('battery', 'applicant'));
    expect(await found('電')).toEqual(sorted('battery', 'applicant'));
    expect(await found('全固体電池の')).toEqual(sorted('battery'));
    const { counts } = await search('電池');
    expect(counts).toMatchObject({ all: 2, patent: 2, trademark: 0, deleted: 0 });
  });

  test('width and case do not matter: ＡＢＣ, ABC and abc find the same matters', async () => {
    expect(await found('ABC')).toEqual(sorted('wide', 'narrow'));
    expect(await found('ａｂｃ')).toEqual(sorted('wide', 'narrow'));
    expect(await found('abc')).toEqual(sorted('wide', 'narrow'));
    // Half-width katakana is stored and searched as full-width.
    expect(await found('データ')).toEqual(sorted('narrow'));
    expect(await found('ﾃﾞｰﾀ')).toEqual(sorted('narrow'));
  });

  test('numbers: an application number in full-width digits', async () => {
    expect(await found('２０２５－０１２')).toEqual(sorted('wide'));
    expect(await found('2025-012345')).toEqual(sorted('wide'));
  });

  test('an applicant renamed or removed changes what the search finds, and its counts', async () => {
    const patch = (body: Record<string, unknown>) =>
      call(ctx, projectDetailEndpoints.updateProject, {
        as: user,
        namespace: 'user',
        params: { projectId: ids.applicant! },
        body,
      });
    expect((await patch({ applicants: [applicant('Acme Holdings')] })).statusCode).toBe(200);
    expect(await found('電池')).toEqual(sorted('battery'));
    expect((await search('電池')).counts.all).toBe(1);
    expect(await found('acme')).toEqual(sorted('applicant'));
    expect((await patch({ applicants: [] })).statusCode).toBe(200);
    expect(await found('acme')).toEqual([]);
    expect((await search('acme')).counts.all).toBe(0);
  });

  test('text that spans two fields or contains a line break finds nothing', async () => {
    expect(await found('A-1\n全固体')).toEqual([]);
    expect(await found('センサー特願')).toEqual([]);
  });
});
