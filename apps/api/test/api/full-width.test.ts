/**
 * Full-width input through the API: numbers, codes, phone numbers and email addresses typed on a
 * Japanese keyboard are accepted and stored in their half-width form; a value that is still
 * wrong is refused with a message saying what is expected, and changes nothing.
 */
import {
  projectDetailResponseSchema,
  projectResponseSchema,
  userResponseSchema,
  organizationEndpoints,
  projectDetailEndpoints,
  projectEndpoints,
  userEndpoints,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationInvitations, projects } from '../../src/db/schema/index.js';
import { skipDriver } from '../support/db.js';
import {
  callAs,
  createOrgTestContext,
  createOrganizationAs,
  signIn,
  snapshotOrganizations,
  type OrgTestContext,
  type TestUser,
} from '../organizations/support.js';
import { snapshotAll } from '../projects/support.js';

describe.skipIf(skipDriver)('full-width input', () => {
  let ctx: OrgTestContext;
  let alice: TestUser;

  beforeAll(async () => {
    ctx = await createOrgTestContext();
    alice = await signIn(ctx, 'REGULAR', 'alice@example.com');
  });
  afterAll(async () => ctx?.close());

  const patch = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
    callAs(ctx.app, alice, projectDetailEndpoints.updateProject, {
      namespace: 'user',
      params: { projectId: id },
      payload: payload as object,
      headers,
    });

  const createMatter = async (refrenceCode: string) => {
    const created = await callAs(ctx.app, alice, projectEndpoints.createProject, {
      body: {
        type: 0,
        refrenceCode,
        regionCode: 1,
        title: '正極材料',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return projectResponseSchema.parse(created.body).item;
  };

  test('a reference code typed in full width is stored in half width', async () => {
    const matter = await createMatter('ＰＡＴ－２０２６ー００１');
    expect(matter.refrenceCode).toBe('PAT-2026-001');
    const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, matter.id));
    expect(row?.refrenceCode).toBe('PAT-2026-001');
  });

  test('the matter detail takes full-width numbers and codes and stores them in half width', async () => {
    const { id } = await createMatter('FW-1');
    const body = {
      refrenceCode: 'ＦＷ－１',
      application: { applicationCode: '特願２０２６－０１２３４５', accessCode: 'Ａ１Ｂ２' },
      registration: { registCode: '特許第１２３４５６７号', claimsCount: '１２' },
      maintenance: { yearFrom: '１', yearTo: '３', paymentYear: '１' },
      applicants: [
        {
          role: 'applicant',
          identificationNumber: '１２３４５６７８９',
          name: '株式会社サンプル',
          address: null,
          shareRatio: '５０．５',
          contribution: null,
        },
        {
          role: 'applicant',
          identificationNumber: null,
          name: '共同出願株式会社',
          address: null,
          shareRatio: '４９．５',
          contribution: null,
        },
      ],
      priorityClaims: [
        {
          regionCode: 2,
          baseApplicationNumber: '６３／１２３，４５６',
          baseApplicationDate: '2025-06-01',
          accessCode: null,
        },
      ],
    };
    const response = await patch(id, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const detail = projectDetailResponseSchema.parse(response.body).item;
    expect(detail.refrenceCode).toBe('FW-1');
    expect(detail.application).toMatchObject({ applicationCode: '特願2026-012345', accessCode: 'A1B2' });
    expect(detail.registration).toMatchObject({ registCode: '特許第1234567号', claimsCount: 12 });
    expect(detail.maintenance).toMatchObject({ yearFrom: 1, yearTo: 3, paymentYear: 1 });
    expect(detail.applicants.map((a) => [a.identificationNumber, a.shareRatio])).toEqual([
      ['123456789', 50.5],
      [null, 49.5],
    ]);
    expect(detail.priorityClaims[0]?.baseApplicationNumber).toBe('63/123,456');

    const read = await callAs(ctx.app, alice, projectDetailEndpoints.getProject, {
      namespace: 'user',
      params: { projectId: id },
    });
    expect(projectDetailResponseSchema.parse(read.body).item).toEqual(detail);
  });

  test('a number still wrong is refused with the range it must be in, in the caller’s language, and nothing changes', async () => {
    const { id } = await createMatter('FW-2');
    const before = await snapshotAll(ctx.app.db);
    const ja = await patch(id, { registration: { claimsCount: '１２．５' } });
    expect(ja.status).toBe(400);
    expect(ja.body.errors).toEqual([
      { path: 'registration.claimsCount', message: '0 から 10000 までの整数を入力してください' },
    ]);
    const en = await patch(
      id,
      {
        applicants: [
          {
            role: 'applicant',
            name: 'A',
            identificationNumber: null,
            address: null,
            shareRatio: '１２０',
            contribution: null,
          },
        ],
      },
      { 'accept-language': 'en' },
    );
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { path: 'applicants.0.shareRatio', message: 'Enter a number from 0 to 100 (decimals allowed)' },
    ]);
    const year = await patch(id, { maintenance: { paymentYear: '三十一' } });
    expect(year.body.errors).toEqual([
      { path: 'maintenance.paymentYear', message: '1 から 30 までの整数を入力してください' },
    ]);
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('a profile phone number typed in full width with dashes is stored as E.164', async () => {
    const response = await callAs(ctx.app, alice, userEndpoints.updateUser, {
      namespace: 'user',
      body: {
        phoneNumber: '＋８１ ３－１２３４ー５６７８',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(userResponseSchema.parse(response.body).item.phoneNumber).toBe('+81312345678');

    // As Japanese people write it: the domestic form, brackets around the area code, no hyphens.
    for (const typed of ['06-1234-5678', '（０６）１２３４－５６７８', '0612345678']) {
      const domestic = await callAs(ctx.app, alice, userEndpoints.updateUser, {
        namespace: 'user',
        body: { phoneNumber: typed },
      });
      expect(domestic.status, JSON.stringify(domestic.body)).toBe(200);
      expect(userResponseSchema.parse(domestic.body).item.phoneNumber).toBe('+81612345678');
    }

    const letters = await callAs(ctx.app, alice, userEndpoints.updateUser, {
      namespace: 'user',
      body: { phoneNumber: '03-1234-5678 内線2' },
    });
    expect(letters.status).toBe(400);
    expect(letters.body.errors).toEqual([
      { path: 'phoneNumber', message: '電話番号は数字と + - だけで入力してください' },
    ]);
    const domestic = await callAs(ctx.app, alice, userEndpoints.updateUser, {
      namespace: 'user',
      body: { phoneNumber: '３－１２３４－５６７８' },
      headers: { 'accept-language': 'en' },
    });
    expect(domestic.body.errors).toEqual([
      {
        path: 'phoneNumber',
        message:
          'Enter the phone number from the area code (e.g. 03-1234-5678), or with + and the country code for a number abroad',
      },
    ]);
  });

  test('an organization invites a full-width address as its half-width form', async () => {
    const org = await createOrganizationAs(ctx, alice);
    const invited = await callAs(ctx.app, alice, organizationEndpoints.inviteMember, {
      params: { organizationId: org },
      body: {
        email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ',
      },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.item).toMatchObject({ email: 'hanako@example.com' });
    const rows = await ctx.app.db
      .select({ email: organizationInvitations.email })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.organizationId, org));
    expect(rows).toEqual([{ email: 'hanako@example.com' }]);

    const before = await snapshotOrganizations(ctx.app.db);
    const bad = await callAs(ctx.app, alice, organizationEndpoints.inviteMember, {
      params: { organizationId: org },
      body: {
        email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'email', message: 'メールアドレスは name@example.com の形で入力してください' },
    ]);
    expect(await snapshotOrganizations(ctx.app.db)).toBe(before);
  });
});
