/**
 * A granted European patent records where it was validated and whether unitary effect was
 * registered (PUT /user/projects/:id/ep-grant). Each validated state's renewal fees then appear
 * on /pension, in the state's currency, and on /terms; a bad state code is refused with a
 * translated message and changes nothing.
 */
import {
  deadlineEndpoints,
  deadlineListResponseSchema,
  epGrantEndpoints,
  epGrantReadSchema,
  errorEnvelopeSchema,
  itemEnvelope,
  pensionEndpoints,
  pensionMatterReadSchema,
  RegionCode,
} from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { createMatter, signIn, snapshotAll, type TestUser } from '../projects/support.js';
import { setDates } from '../deadlines/support.js';

const grantAnswer = itemEnvelope(epGrantReadSchema);
const pensionAnswer = itemEnvelope(pensionMatterReadSchema);

describe.skipIf(skipDriver)('validations of a granted European patent', () => {
  let ctx: TestContext;
  let alice: TestUser;
  let projectId: string;
  let pendingId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    alice = await signIn(ctx, 'REGULAR', 'alice@example.com');
    // Filed 2022-03-15, mention of grant 2025-06-11 (patent year 4): national fees from year 5.
    projectId = (await createMatter(ctx, alice, { refrenceCode: 'EP-1', regionCode: RegionCode.Europe })).id;
    await setDates(ctx, alice, projectId, { application: { applicationDate: '2022-03-15' } });
    await setDates(ctx, alice, projectId, { registration: { registDate: '2025-06-11' } });
    pendingId = (await createMatter(ctx, alice, { refrenceCode: 'EP-2', regionCode: RegionCode.Europe })).id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const put = (id: string, body: unknown, locale = 'ja') =>
    call(ctx, epGrantEndpoints.updateEpGrant, {
      params: { projectId: id },
      headers: { ...alice.headers, 'accept-language': locale },
      body: body as never,
    });

  test('a code that is not an EPC state is refused with a translated message, and nothing changes', async () => {
    const before = await snapshotAll(ctx.app.db);
    const ja = await put(projectId, { unitaryEffect: false, validatedStates: ['DE', 'XX'] });
    expect(ja.statusCode).toBe(400);
    expect(ja.body).toContain('有効化国は欧州特許条約の締約国から選択してください');
    const en = await put(projectId, { unitaryEffect: false, validatedStates: ['DE', 'XX'] }, 'en');
    expect(errorEnvelopeSchema.parse(en.json()).hasError).toBe(true);
    expect(en.body).toContain('Choose the validation states from the EPC contracting states');
    const both = await put(projectId, { unitaryEffect: true, validatedStates: ['DE', 'GB'] });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('単一効の対象国（DE）は各国の有効化として登録できません');
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('a matter not granted yet cannot record validations', async () => {
    const response = await put(pendingId, { unitaryEffect: false, validatedStates: ['DE'] });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('登録（特許付与）済みの欧州特許');
  });

  test('validated in DE, FR and GB: /pension lists each state per year in its own currency, /terms lists the deadlines', async () => {
    const saved = await put(projectId, { unitaryEffect: false, validatedStates: ['GB', 'DE', 'FR'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(grantAnswer.parse(saved.json()).item).toEqual({
      applicable: true,
      unitaryEffect: false,
      validatedStates: ['DE', 'FR', 'GB'],
    });

    const pension = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId },
      headers: alice.headers,
    });
    expect(pension.statusCode, pension.body).toBe(200);
    const entries = pensionAnswer.parse(pension.json()).item.entries;
    const de5 = entries.find((e) => e.key === 'ep.national.DE.renewalFee#5');
    // Germany takes it without surcharge until the end of the 2nd month after 2026-03-31.
    expect(de5).toMatchObject({
      dueDate: '2026-05-31',
      fee: { amount: 100, lateAmount: 150, currency: 'EUR' },
    });
    expect(entries.find((e) => e.key === 'ep.national.FR.renewalFee#5')?.fee).toMatchObject({ amount: 38 });
    // The UK charges from year 5; its 2027 fee (year 6) is £90, without surcharge to the month's end after.
    expect(entries.find((e) => e.key === 'ep.national.GB.renewalFee#6')).toMatchObject({
      dueDate: '2027-04-30',
      fee: { amount: 90, currency: 'GBP' },
    });
    expect(entries.some((e) => e.key === 'ep.patent.renewalFee#5')).toBe(false);

    const terms = await call(ctx, deadlineEndpoints.listDeadlines, {
      namespace: 'user',
      headers: alice.headers,
      query: { projectId, state: 'all', limit: 1000 },
    });
    const keys = deadlineListResponseSchema.parse(terms.json()).items.map((i) => i.key);
    expect(keys).toContain('ep.national.DE.renewalFee#5');
    expect(keys).toContain('ep.national.GB.renewalFee#20');
  });

  test('validated in Italy, Spain, Austria and Belgium: each state its own year, due date, fee and late fee; secondary tables are marked', async () => {
    const states = ['IT', 'ES', 'AT', 'BE'];
    expect((await put(projectId, { unitaryEffect: false, validatedStates: states })).statusCode).toBe(200);
    const pension = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId },
      headers: alice.headers,
    });
    expect(pension.statusCode, pension.body).toBe(200);
    const entries = pensionAnswer.parse(pension.json()).item.entries;
    const of = (key: string) => entries.find((e) => e.key === key);
    // Italy charges from year 5 (due 2026-03-31): EUR 60, EUR 100 more when late.
    expect(of('ep.national.IT.renewalFee#5')).toMatchObject({
      dueDate: '2026-03-31',
      lateUntil: '2026-09-30',
      fee: { amount: 60, lateAmount: 160, currency: 'EUR' },
      confirmed: true,
    });
    // Austria from year 6; its first fee is taken without surcharge for 3 months after 2027-03-31,
    // and late until the end of the 12th month.
    expect(of('ep.national.AT.renewalFee#5')).toBeUndefined();
    expect(of('ep.national.AT.renewalFee#6')).toMatchObject({
      dueDate: '2027-06-30',
      lateUntil: '2028-03-31',
      fee: { amount: 104, lateAmount: 125 },
      confirmed: true,
    });
    // Spain and Belgium: amounts from secondary texts, so the rows say they are unconfirmed.
    expect(of('ep.national.ES.renewalFee#6')).toMatchObject({
      dueDate: '2027-06-30',
      lateUntil: '2027-12-31',
      fee: { amount: 66.41, lateAmount: 99.62 },
      confirmed: false,
    });
    expect(of('ep.national.BE.renewalFee#6')).toMatchObject({
      fee: { amount: 95, lateAmount: 180 },
      confirmed: false,
    });
    expect(entries.some((e) => e.key.startsWith('ep.national.DE.'))).toBe(false);
  });

  test('dropping a state removes its fees; the read answers what is stored', async () => {
    expect((await put(projectId, { unitaryEffect: false, validatedStates: ['DE'] })).statusCode).toBe(200);
    const read = await call(ctx, epGrantEndpoints.getEpGrant, {
      params: { projectId },
      headers: alice.headers,
    });
    expect(grantAnswer.parse(read.json()).item.validatedStates).toEqual(['DE']);
    const pension = await call(ctx, pensionEndpoints.getPension, {
      params: { projectId },
      headers: alice.headers,
    });
    const keys = pensionAnswer.parse(pension.json()).item.entries.map((e) => e.key);
    expect(keys.some((key) => key.startsWith('ep.national.FR.'))).toBe(false);
    expect(keys).toContain('ep.national.DE.renewalFee#6');
  });
});
