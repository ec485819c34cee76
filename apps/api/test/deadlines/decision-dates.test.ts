/**
 * The dates a JP patent's first payment and fee table depend on: the decision to grant and the
 * examination request. Saved on the matter, they show on /terms and price /pension.
 */
import { projectDetailResponseSchema, projectDetailEndpoints } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { allDeadlines, setDates } from './support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('decision dates of a matter', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let patentId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signIn(ctx, 'REGULAR', 'grant-owner@example.com');
    patentId = (await createMatter(ctx, owner, { type: 0, regionCode: 1, refrenceCode: 'P-GRANT' })).id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const detailOf = async () => {
    const response = await call(ctx, projectDetailEndpoints.getProject, {
      as: owner,
      namespace: 'user',
      params: { projectId: patentId },
    });
    return projectDetailResponseSchema.parse(response.json()).item;
  };

  test('the decision to grant dates years 1-3 on /terms: 30 days, moved past the year-end closing', async () => {
    expect((await allDeadlines(ctx, owner)).some((d) => d.ruleId === 'jp.patent.firstAnnuities')).toBe(false);
    await setDates(ctx, owner, patentId, {
      application: { applicationDate: '2023-06-01', examRequestDate: '2024-02-01' },
      registration: { grantDecisionDate: '2026-12-01', claimsCount: 2 },
    });
    expect(await detailOf()).toMatchObject({
      application: { examRequestDate: '2024-02-01' },
      registration: { grantDecisionDate: '2026-12-01' },
    });
    const first = (await allDeadlines(ctx, owner)).find((d) => d.ruleId === 'jp.patent.firstAnnuities');
    expect(first).toMatchObject({
      key: 'jp.patent.firstAnnuities#1',
      kind: 'payment',
      plainDate: '2026-12-31',
      date: '2027-01-04',
      shift: { reason: 'yearEnd' },
    });
  });

  test('a date that is not a date is refused with its reason and nothing changes', async () => {
    const response = await call(ctx, projectDetailEndpoints.updateProject, {
      as: owner,
      headers: { 'accept-language': 'en' },
      namespace: 'user',
      params: { projectId: patentId },
      body: { registration: { grantDecisionDate: '2026-13-01' } },
    });
    expect(response.statusCode).toBe(400);
    expect((await detailOf()).registration.grantDecisionDate).toBe('2026-12-01');
  });
});
